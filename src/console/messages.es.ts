import type { Translation } from '../core/i18n/messages.ts';
import type { CONSOLE_EN } from './messages.ts';

export const CONSOLE_ES: Translation<typeof CONSOLE_EN> = {
  'console.only_you': '(solo tú)',
  'console.press': 'escribe:',
  'console.thumbnail': 'miniatura:',
  'console.form_title': '{title} —{keep} {cancel} cierra el formulario.',
  'console.form_keep': ' Intro conserva la respuesta que se muestra entre [ ].',
  'console.choose_from': 'elige entre {choices}',
  'console.not_shown': 'nadie más lo ve',
  'console.form_closed': 'Formulario cerrado; no se ha enviado nada.',
  'console.fix': 'Corrige la respuesta de arriba{keep}, o escribe {cancel} para cerrar el formulario.',
  'console.fix_keep': ' y pulsa Intro para conservar las demás',
  'console.slash':
    'Los comandos empiezan por una barra, por ejemplo `/clip https://youtu.be/… reels=2`. Escribe /help para ver la lista.',
  'console.as_bad':
    '⚠️ `/as <name>`: un nombre de letras y números, por ejemplo `/as bea`; `/as` solo para volver a ser tú.',
  'console.as_back': 'Vuelves a ser {who} (puedes configurar el bot).',
  'console.as_member': 'Ahora eres {who}, un miembro que no puede configurar el bot. `/as` para volver.',
  'console.welcome': 'consola de reelbot — escribe /help para empezar, quit para salir.',
  'console.listening': 'Escuchando en {url} (comprobación de estado: {healthz}).',
  'console.still_running':
    '{count, plural, one {# trabajo sigue en curso y no se pierde: el próximo arranque con esta carpeta de datos lo retoma e imprime los resultados.} other {# trabajos siguen en curso y no se pierden: el próximo arranque con esta carpeta de datos los retoma e imprime los resultados.}}',
  'console.stopped_waiting':
    'Se dejó de esperar tras {seconds} s; los trabajos sin terminar se quedan guardados y se retoman en el próximo arranque.',
  'console.refused': '{count, plural, one {se rechazó # comando} other {se rechazaron # comandos}}',
  'console.failed': '{count, plural, one {falló # trabajo} other {fallaron # trabajos}}',
  'console.resuming':
    '{count, plural, one {Retomando # trabajo que quedó en curso en esta carpeta de datos: su resultado se imprimirá aquí cuando esté listo.} other {Retomando # trabajos que quedaron en curso en esta carpeta de datos: sus resultados se imprimirán aquí cuando estén listos.}}',
};
