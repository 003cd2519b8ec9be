import type { Translation } from '../i18n/messages.ts';
import type { MEDIA_EN } from './messages.ts';

export const MEDIA_ES: Translation<typeof MEDIA_EN> = {
  'media.said': ' La API dijo: «{message}».',
  'media.budget_spent':
    '{scope, select, workspace {Este espacio de trabajo ha gastado su parte de la clave compartida del bot,} other {La clave de este canal ha gastado sus}} {limit} solicitudes de esta hora{reserved}; la siguiente se libera a las {time} UTC.',
  'media.budget_reserved': ' para trabajo nuevo ({reserved} más se reservan para recoger los resultados)',
  'media.budget_workspace':
    '{said} Es un límite propio de reelbot (MEDIA_API_WORKSPACE_SHARE={perHour}), para que cada espacio de trabajo conserve su parte de la clave del operador. Quien pueda configurar el bot puede poner una clave propia para este canal con `/setup key`.',
  'media.budget_key':
    '{said} Es un límite propio de reelbot (MEDIA_API_RATE_LIMIT={perHour}), fijado para no salirse del plan de la API de medios.',
  'media.refused':
    'La API de medios ha rechazado la solicitud (400).{said} Revisa el enlace y las opciones y vuelve a intentarlo.',
  'media.bad_key':
    'La API de medios ha rechazado la clave de API (401). Quien pueda configurar el bot puede poner una clave válida con `/setup key`.',
  'media.forbidden':
    'La clave de API no tiene permiso para esto (403).{said} Revisa el plan de la cuenta a la que pertenece la clave.',
  'media.not_found': 'La API de medios no conoce ese proyecto (404).{said}',
  'media.too_many':
    'Demasiadas solicitudes a la API de medios ahora mismo (429): se ha agotado el presupuesto de solicitudes del plan.{wait}',
  'media.wait': ' Vuelve a intentarlo dentro de {unit, select, s {{n} s} other {{n} min}}.',
  'media.wait_unknown': ' Vuelve a intentarlo dentro de unos minutos.',
  'media.server':
    'La API de medios ha tenido un problema ({status}).{said} No se ha perdido nada; vuelve a intentarlo dentro de unos minutos.',
  'media.unreachable':
    'No se pudo contactar con la API de medios (error de red o tiempo de espera agotado). Vuelve a intentarlo en breve.',
  'media.answered': 'La API de medios respondió {status}.{said}',
  'media.store_away': 'El almacenamiento no está disponible; vuelve a intentarlo en breve.',
  'media.unexpected': 'Algo ha fallado por nuestra parte. Lo hemos registrado; vuelve a intentarlo.',
};
