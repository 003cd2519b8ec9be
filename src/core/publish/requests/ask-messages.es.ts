// Publishing's words for the person who asks, in Spanish (tú, as in chat).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_ASK_EN } from './ask-messages.ts';

export const PUBLISH_ASK_ES: Translation<typeof PUBLISH_ASK_EN> = {
  'publish.form.title': 'Publicar en cuentas sociales',
  'publish.form.label.title': 'Título',
  'publish.form.label.description': 'Descripción',
  'publish.form.label.accounts': 'Cuentas',
  'publish.form.label.privacy': 'Privacidad',
  'publish.form.label.schedule': 'Programación',
  'publish.form.accountsNone': 'Aún no hay cuentas: /setup socials add',
  'publish.form.privacyHint': 'public, private o unlisted',
  'publish.form.scheduleHint': 'now, tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.elsewhereEdit':
    'cancela esta solicitud y vuelve a pedirla con /publish <enlace del vídeo> {option}="…"',
  'publish.form.elsewhereNew': 'usa /publish <enlace del vídeo> {option}="…" en lugar de este formulario',
  'publish.form.noAccounts':
    'Este canal aún no tiene cuentas sociales, así que no hay dónde publicar. Alguien que pueda configurar el bot añade una con `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.',
  'publish.form.chooseAccount': 'Elige al menos una cuenta: {accounts}.',
  'publish.form.unknownAccount': 'No hay ninguna cuenta «{name}» en este canal. Cuentas disponibles: {accounts}.',
  'publish.form.badPrivacy': 'La privacidad debe ser public, private o unlisted, no «{privacy}».',
  'publish.form.tooLong': 'Demasiado largo: {problem}. Acórtalo y vuelve a enviarlo.',
  'publish.form.scheduledFor': 'Programado para {when}.',
  'publish.form.newTime.title': 'Publicar a otra hora',
  'publish.form.newTime.label': 'Nueva hora',
  'publish.form.newTime.hint': 'tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.newTime.notAhead':
    'Indica una hora futura, como `tomorrow 6pm` o `in 2 hours`; para publicarlo ya, usa «Publicar ahora».',
  'publish.caption.tooLong':
    '{field, select, title {el título} other {la descripción}} tiene {n}/{max} caracteres para {platform}',
  'publish.ask.changes.title': 'Solicitar cambios',
  'publish.ask.changes.label': '¿Qué debería cambiar?',
  'publish.ask.sayWhat': 'Di qué debería cambiar.',
  'publish.ask.resultGone': 'Ese resultado ya no está disponible; usa `/publish <video link>`.',
  'publish.ask.formGone': 'Ese formulario ha caducado. Vuelve a hacer clic en «Publicar…».',
  'publish.ask.onlyRequesterEdits': 'Solo quien hizo la solicitud puede editarla.',
  'publish.ask.askedAgain': 'Solicitada de nuevo: las aprobaciones empiezan de cero.',
  'publish.ask.savedVoided': 'Guardado: el cambio anuló las aprobaciones anteriores.',
  'publish.ask.saved': 'Guardado.',
  'publish.ask.onlyRequesterCancels':
    'Solo quien hizo la solicitud, o alguien que pueda configurar el bot, puede cancelarla.',
  'publish.ask.cancelled': 'Cancelada.',
  'publish.ask.postingNow': 'Publicando ahora.',
  'publish.ask.postNowRefused':
    'Solo quien hizo la solicitud o alguien que pueda configurar el bot puede publicar esto, y solo una vez.',
  'publish.ask.markRefused': 'Solo quienes pueden configurar el bot pueden marcar una solicitud como publicada.',
  'publish.ask.marked': 'Marcada como publicada.',
  'publish.ask.retryRefused':
    'Ahora no se puede volver a intentar (otra persona ya lo hizo, o tras un resultado desconocido solo pueden hacerlo quienes configuran el bot).',
  'publish.ask.retried': 'Se ha vuelto a intentar.',
  'publish.ask.line.edited': '✏️ Se editó la solicitud: las aprobaciones dadas hasta ahora ya no cuentan.',
  'publish.ask.line.cancelled': '🚫 Cancelada por {who}; no se publicará nada.',
  'publish.ask.line.expired':
    '⌛ {who}, las aprobaciones de esta solicitud caducaron tras {hours} h, así que no se publicará nada. Edítala para pedirla de nuevo (las aprobaciones empiezan de cero) o cancélala.',
  'publish.ask.markedByHand': 'Marcada a mano como publicada (nunca se vio la respuesta de la API).',
  'publish.version.sub': 'Subtítulos…',
  'publish.version.broll': 'B-roll…',
  'publish.version.cut': 'Nuevo corte…',
  'publish.version.link': 'Un enlace de vídeo…',
  'publish.version.pickPlaceholder': 'Un vídeo terminado de este hilo',
  'publish.version.menu':
    '🎞️ {who} está haciendo la versión {n} de esta solicitud. ¿Cómo? (Elige quien hizo la solicitud o alguien que pueda configurar el bot).',
  'publish.version.chooseInThread': 'Elige en el hilo de la solicitud cómo hacer la versión {n}.',
  'publish.version.pick':
    '{kind, select, clip {Reel {n}} subtitles {Vídeo subtitulado} broll {Vídeo con B-roll} other {Vídeo}} del trabajo {job}',
  'publish.version.pickTitled':
    '{kind, select, clip {Reel {n}} subtitles {Vídeo subtitulado} broll {Vídeo con B-roll} other {Vídeo}} del trabajo {job} — {title}',
  'publish.version.line': '🎞️ Versión {n} de {who} ({how}): {parts}. Las aprobaciones empiezan de cero.',
  'publish.version.lineAgain':
    '🎞️ Versión {n} de {who} ({how}): {parts}. Las aprobaciones empiezan de cero. {others}: echadle otro vistazo, por favor.',
  'publish.version.answers': 'responde a {asks}',
  'publish.version.answersNone': 'no responde a ninguna solicitud de cambios',
  'publish.version.stillOpen': 'siguen abiertas: {asks}',
  'publish.version.made': 'La versión {n} es ahora el vídeo de la solicitud; sus aprobaciones empiezan de cero.',
  'publish.version.madeLook':
    'La versión {n} es ahora el vídeo de la solicitud; sus aprobaciones empiezan de cero. {reviewers} pueden volver a mirarla: el enlace que enviaste muestra ahora la versión {n}.',
  'publish.version.late': '🎞️ El vídeo de la versión {n} está listo, pero la solicitud no lo aceptó: {why}',
  'publish.version.changedMeanwhile': 'cambió mientras tanto',
  'publish.version.expired': 'La API de medios no lo terminó a tiempo.',
  'publish.version.noVideo': 'El trabajo no produjo ningún vídeo.',
  'publish.version.failed':
    '⚠️ {who}, no se pudo hacer la versión {n} ({how}), así que la versión {still} sigue siendo el vídeo de la solicitud y sus aprobaciones siguen contando.',
  'publish.version.brollAgain': 'cortado de nuevo con B-roll',
  'publish.version.jobSummary': 'versión {n} de la solicitud de publicación {id}: {how}',
  'publish.version.title':
    '{how, select, sub {Versión {n}: subtítulos} broll {Versión {n}: B-roll} cut {Versión {n}: nuevo corte} link {Versión {n}: un enlace} other {Versión {n}: vídeo del hilo}}',
  'publish.version.label.template': 'Plantilla',
  'publish.version.label.position': 'Posición',
  'publish.version.label.size': 'Tamaño',
  'publish.version.label.brollType': 'Tipo de B-roll',
  'publish.version.label.brollFrequency': 'Frecuencia de B-roll',
  'publish.version.label.prompt': 'Prompt (qué debe hacer el nuevo corte)',
  'publish.version.label.keywords': 'Palabras clave (separadas por comas)',
  'publish.version.label.duration': 'Duración en segundos (mín-máx)',
  'publish.version.label.switches': 'Opciones',
  'publish.version.label.url': 'Enlace del vídeo',
  'publish.version.label.note': 'Nota (opcional, no se envía a ningún sitio)',
  'publish.version.label.answers': 'Responde a (desmarca lo que no responda)',
  'publish.version.answerChoice': '{name}{at} (versión {n}): {reason}',
  'publish.version.switch':
    '{name, select, hook {gancho} remove_fillers {quitar muletillas} remove_silences {quitar silencios} music {música} other {B-roll}}',
  'publish.version.notOneOf': '{label} «{value}» no es uno de estos valores: {allowed}.',
  'publish.version.noSource':
    'Esta versión no es un reel de un clip, así que no hay vídeo de origen que volver a cortar.',
  'publish.version.unknownSwitch': 'Opción desconocida «{name}»: elige entre {switches}.',
  'publish.version.badLink': 'Indica un enlace al vídeo que empiece por https:// (o http://).',
  'publish.version.pickGone': 'Ese vídeo ya no se ofrece para esta solicitud. Vuelve a hacer clic en «Nueva versión…».',
  'publish.version.formGone': 'Ese formulario ha caducado. Vuelve a hacer clic en «Nueva versión…».',
  'publish.setup.section': 'Publicación',
  'publish.setup.policyField': 'Política de aprobación',
  'publish.setup.ruleField': 'Cómo cuentan las aprobaciones',
  'publish.setup.accountsField': 'Cuentas sociales',
  'publish.setup.footer':
    'Cambiar: /setup approvals=2 remind=4h timezone=Europe/Madrid · /setup socials add <name> platform=x',
  'publish.setup.rule':
    'Cada aprobación representa a un miembro del equipo: la de un miembro, a ese miembro; la de un revisor externo, al miembro que lo invitó (si puede aprobar). Se cuentan miembros distintos; con self_approve=no, quien hizo la solicitud nunca cuenta. outside_review=required exige además una aprobación externa, desde el enlace de cualquiera.',
  'publish.setup.noAccounts':
    'Aún no hay cuentas sociales. Añade una: `/setup socials add <name> platform=x` (la clave de acceso va en un formulario privado).',
  'publish.setup.listTitle': '**Cuentas sociales de este canal**',
  'publish.setup.policyLine': 'Política de aprobación: {policy}',
  'publish.setup.savedPolicy': 'Se guardó la política de aprobación.',
  'publish.setup.badName':
    'Dale a la cuenta un nombre corto (letras, cifras, - y _): `/setup socials add brand_x platform=x`.',
  'publish.setup.removed': 'Se eliminó la cuenta {name}.',
  'publish.setup.noSuchAccount': 'No había ninguna cuenta {name}.',
  'publish.setup.badPlatform': 'platform debe ser uno de estos valores: {platforms}.',
  'publish.setup.keyTitle': 'Clave de acceso de {name}',
  'publish.setup.keyLabel': 'Clave de acceso',
  'publish.setup.keyHint': 'La clave de acceso de la cuenta de {platform}, del panel de la API de medios',
  'publish.setup.keyEmpty': 'La clave de acceso estaba vacía; no se cambió nada.',
  'publish.setup.keyOdd': 'Eso no parece una clave de acceso (tiene espacios o es demasiado larga); no se cambió nada.',
  'publish.setup.keySaved':
    'Se guardó la clave de acceso de {name} ({platform}). Se guarda cifrada y solo se muestra por su nombre.',
};
