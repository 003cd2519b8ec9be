// Publishing's card, thread lines and shared words in Spanish (tú, as the bot speaks in chat).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_CARD_EN } from './card-messages.ts';

export const PUBLISH_CARD_ES: Translation<typeof PUBLISH_CARD_EN> = {
  'publish.card.outside_reviewer': '{name}, revisor externo',
  'publish.card.outside_reviewer_invited': '{name}, revisor externo invitado por {inviter}',
  'publish.card.decided':
    '{state, select, published {Esta solicitud ya se publicó.} cancelled {Esta solicitud se canceló.} publishing {Esta solicitud se está publicando ahora mismo.} unknown {No se sabe cómo terminó esta solicitud; alguien que pueda configurar el bot puede marcarla como publicada o volver a intentarlo.} scheduled {Esta solicitud ya está aprobada y programada.} other {Esta solicitud ya se decidió.}}',
  'publish.card.how':
    '{how, select, asked {el vídeo que se pidió al principio} subtitles {subtítulos} broll {B-roll} cut {un nuevo montaje} thread {un vídeo del hilo} other {un enlace de vídeo}}',
  'publish.when.utc': '{local} UTC',
  'publish.when.zoned': '{local} ({zone}) · {utc} UTC',
  'publish.when.unreadable':
    'No pude leer la programación «{text}»: prueba `now`, `tomorrow 6pm`, `in 2 hours` o `2026-12-01 18:00`.',
  'publish.when.past': 'La hora {when} ya pasó: elige una más tarde, o `now`.',
  'publish.when.too_far': 'La hora {when} está a más de un año: elige una más cercana.',
  'publish.policy.approvers_anyone': 'cualquiera del canal',
  'publish.policy.duration': '{unit, select, d {{n} d} h {{n} h} other {{n} min}}',
  'publish.policy.describe':
    '{approvals, plural, =0 {no hace falta aprobación} one {# aprobación} other {# aprobaciones}} · autoaprobación {self, select, yes {permitida} other {no permitida}} · las aprobaciones caducan tras {hours} h · aprobadores: {who} · zona horaria {zone} · {remind, select, off {recordatorios desactivados} other {recordatorios cada {every} (3 como máximo)}} · revisión externa {outside, select, required {obligatoria} other {opcional}}',
  'publish.card.at': ' en {position}',
  'publish.card.approve': 'Aprobar',
  'publish.card.request_changes': 'Solicitar cambios',
  'publish.card.edit': 'Editar',
  'publish.card.cancel': 'Cancelar',
  'publish.card.post_now': 'Publicar ahora',
  'publish.card.new_time': 'Nueva hora',
  'publish.card.try_again': 'Reintentar',
  'publish.card.mark_posted': 'Marcar como publicada',
  'publish.card.invite': 'Invitar a un revisor',
  'publish.card.new_version': 'Nueva versión…',
  'publish.card.revoke': 'Revocar enlaces de revisores',
  'publish.card.revoke_one': 'Revocar el enlace de un revisor',
  'publish.card.watch': '▶ Vídeo',
  'publish.card.head':
    '{state, select, pending {📝 Solicitud de publicación — esperando aprobación} scheduled {🗓️ Solicitud de publicación — aprobada, programada} overdue {⏰ Solicitud de publicación — su hora ya pasó: publícala ahora o elige una hora nueva} publishing {⏳ Publicando…} published {✅ Publicada} failed {⚠️ No publicada} unknown {❓ Resultado desconocido — puede que se haya publicado o no} other {🚫 Cancelada}}',
  'publish.card.head_changes': '✏️ Solicitud de publicación — cambios solicitados',
  'publish.card.head_expired':
    '⌛ Solicitud de publicación — aprobaciones caducadas (quien la pidió puede usar Editar para volver a pedirlas)',
  'publish.card.head_making': '{head} · versión {n} en preparación',
  'publish.card.text': '{head}: {title}{ask}',
  'publish.card.latest_ask': ' — {who} pide: «{reason}»',
  'publish.card.field_version': 'Versión',
  'publish.card.field_title': 'Título',
  'publish.card.field_description': 'Descripción',
  'publish.card.none': '(vacío)',
  'publish.card.field_accounts': 'Cuentas',
  'publish.card.field_privacy': 'Privacidad',
  'publish.card.privacy':
    '{privacy, select, public {pública} private {privada} unlisted {no listada} other {{privacy}}}',
  'publish.card.field_schedule': 'Programación',
  'publish.card.when_approved': 'ahora, en cuanto se apruebe',
  'publish.card.field_requested_by': 'Solicitado por',
  'publish.card.field_approval': 'Aprobación',
  'publish.card.field_posts': 'Publicaciones',
  'publish.card.field_approved_by': 'Aprobado por',
  'publish.card.field_moved_by': 'Movido por',
  'publish.card.moved': '{who} el {when} (estaba prevista para el {from})',
  'publish.card.field_decided_by':
    '{state, select, published {Publicado por} cancelled {Cancelado por} other {Última acción de}}',
  'publish.card.decided_at': '{who} el {when}',
  'publish.card.field_changes': 'Cambios solicitados',
  'publish.card.field_changes_by_version': 'Solicitudes de cambio por versión',
  'publish.card.field_reviewers': 'Revisores externos',
  'publish.card.footer': 'Solicitud {id} · las aprobaciones caducan tras {hours} h',
  'publish.card.change_on_version': ' (en la versión {n})',
  'publish.card.change_line': '{who}{at}{on}: {reason}',
  'publish.card.changes_more': '…y {count} anteriores',
  'publish.card.changes_tail':
    'Las aprobaciones siguen contando; «Nueva versión…» o «Editar» por parte de quien la pidió responden a estas peticiones.',
  'publish.card.by_version_open': 'abiertas: {who}',
  'publish.card.by_version_answers': 'responde a {who}',
  'publish.card.by_version_answer': '{who}{at} (pedido en la versión {n})',
  'publish.card.by_version': 'Versión {n} ({how}): {parts}',
  'publish.card.by_version_none': 'sin solicitudes de cambio',
  'publish.card.version_made': 'Versión {n} de {total}: {how}, por {who}',
  'publish.card.version_sent':
    '{made}. {state, select, published {Publicada} publishing {Publicándose} other {Se publicará}}: la versión {n}, con las aprobaciones dadas a la versión {n}.',
  'publish.card.version_making':
    '🛠️ Versión {n} en preparación ({how}) por {who}: será el vídeo cuando termine su trabajo; hasta entonces vale la versión {current}.',
  'publish.card.version_unmade':
    '⚠️ No se pudo crear la versión {n}: {error} Se mantiene la versión {current}, con sus aprobaciones.',
  'publish.card.not_counted': '{who} (no cuenta)',
  'publish.card.waiting_outside': ' · a la espera de un revisor externo',
  'publish.card.needs_outside': 'necesita la aprobación de un revisor externo',
  'publish.card.no_approval_needed': 'no hace falta aprobación',
  'publish.card.expired': ' · ⌛ caducada',
  'publish.card.from_members': 'miembros que pueden aprobar',
  'publish.card.from_nobody': 'nadie: no queda ningún aprobador de la lista (cambia /setup approvers)',
  'publish.card.awaited':
    ' · a la espera de {short} más de {from} (un revisor externo cuenta por el aprobador que lo invitó)',
  'publish.card.of_version': ' de la versión {n}',
  'publish.card.needs':
    'necesita {approvals, plural, one {# aprobación} other {# aprobaciones}} ({counted}/{total}){of}{names}{awaited}{outside}{expired}',
  'publish.thread.anyone_can_approve': 'Cualquiera del canal puede aprobarla.',
  'publish.thread.anyone_but_requester': 'Cualquiera salvo quien la pidió puede aprobarla.',
  'publish.thread.no_approver_left':
    'No queda ningún aprobador de la lista que pueda darla: alguien que pueda configurar el bot puede cambiar `/setup approvers`.',
  'publish.thread.can_approve': 'Pueden aprobar: {who}.',
  'publish.thread.reminder_missing':
    '{outside, select, yes {la aprobación de un revisor externo} other {{count, plural, one {# aprobación más} other {# aprobaciones más}}}}',
  'publish.thread.reminder_also': ' (una de un revisor externo)',
  'publish.thread.reminder_needs':
    'necesita {missing}{also} · caduca en {unit, select, day {{n, plural, one {# día} other {# días}}} hour {{n, plural, one {# hora} other {# horas}}} other {{n, plural, one {# minuto} other {# minutos}}}}',
  'publish.thread.reminder_slot':
    '🔔 Esta publicación está programada para el {when} y aún {needs}. {who} Si la aprobación llega después de esa hora, no se publica nada tarde sin preguntar antes.',
  'publish.thread.reminder_missed':
    ' Su hora ({when}) ya pasó: una vez aprobada, quien la pidió elige «Publicar ahora» o «Nueva hora».',
  'publish.thread.reminder': '🔔 Recordatorio {n}/{max}: esta solicitud {needs}.{missed} {who}',
  'publish.thread.scheduled': '🗓️ Aprobada: se publicará el {when}.',
  'publish.thread.missed_down': 'Esta publicación estaba prevista para el {when}, mientras el bot no funcionaba.',
  'publish.thread.missed_late':
    'La última aprobación llegó después de la hora de esta publicación ({when}), así que no se publicó tarde.',
  'publish.thread.missed':
    '⏰ {cause} {requester}, ¿la publicas ahora o eliges una hora nueva? (Cancelar la descarta.)',
  'publish.thread.moved':
    '🗓️ {who} movió esta publicación al {when} (estaba prevista para el {from}). Las aprobaciones dadas siguen contando.',
  'publish.thread.published': '✅ Publicada en {posts}. {requester}',
  'publish.thread.not_published': '⚠️ No publicada. {error}',
  'publish.thread.outcome_unknown': '❓ Resultado desconocido: {error}',
  'publish.thread.nothing_posted': 'No se publicó nada: {why}',
  'publish.thread.api_slow_down':
    'la API de medios nos pidió ir más despacio (429). Vuelve a intentarlo en unos minutos.',
  'publish.thread.api_key_refused':
    'la API de medios rechazó la clave de API del canal ({status}); revisa `/setup key` y vuelve a intentarlo.',
  'publish.thread.api_refused':
    'la API de medios rechazó la solicitud ({status}); revisa las claves de acceso (`/setup socials`) y los textos, y vuelve a intentarlo.',
  'publish.thread.api_unknown':
    '{answered, select, yes {La API de medios respondió {status}} other {La API de medios no respondió a tiempo (o no se pudo contactar)}}, así que puede que la publicación se haya creado o no. Revisa las cuentas y luego usa «Marcar como publicada» o «Reintentar».',
  'publish.thread.not_replicated':
    'No se publicó nada: el almacenamiento no estaba disponible (ninguna réplica confirmó este intento). Vuelve a intentarlo en un momento.',
  'publish.thread.accounts_gone':
    '{count, plural, one {No se publicó nada: la cuenta {names} ya no está configurada en este canal (`/setup socials`).} other {No se publicó nada: las cuentas {names} ya no están configuradas en este canal (`/setup socials`).}}',
  'publish.thread.no_post_id': '(no se devolvió ningún id)',
  'publish.thread.stopped':
    'El bot se detuvo mientras se publicaba esto, así que puede que la publicación se haya creado o no. Revisa las cuentas y luego usa «Marcar como publicada» o «Reintentar».',
  'publish.thread.unrecorded':
    'El bot no pudo registrar si esto se publicó, así que puede que la publicación se haya creado o no. Revisa las cuentas y luego usa «Marcar como publicada» o «Reintentar».',
  'publish.when.not_yours': 'Solo quien la pidió, o alguien que pueda configurar el bot, puede elegir una hora nueva.',
  'publish.when.gone': 'Esa solicitud de publicación ya no existe.',
  'publish.when.moved': 'Movida: se publicará el {when}.',
  'publish.scheduled.state_scheduled': 'aprobada, esperando su hora',
  'publish.scheduled.state_overdue': 'su hora ya pasó: Publicar ahora, Nueva hora o Cancelar',
  'publish.scheduled.state_publishing': 'publicándose ahora',
  'publish.scheduled.state_failed': 'no publicada',
  'publish.scheduled.state_failed_because': 'no publicada: {error}',
  'publish.scheduled.state_unknown':
    '❓ resultado desconocido, puede que se haya publicado o no: revisa la cuenta y luego usa Marcar como publicada o Reintentar',
  'publish.scheduled.published_at': 'publicada el {when}',
  'publish.scheduled.when_approved': 'ahora, en cuanto se apruebe',
  'publish.scheduled.right_away': 'de inmediato',
  'publish.scheduled.approved_by': ' · aprobada por {who}',
  'publish.scheduled.approved_by_nobody': ' · nadie la ha aprobado aún',
  'publish.scheduled.version': ' · {state, select, published {publicada la versión} other {versión}} {n}',
  'publish.scheduled.version_approved':
    ' · {state, select, published {publicada la versión} other {versión}} {n} (aprobaciones dadas a la versión {n})',
  'publish.scheduled.line':
    '`{id}` **{what}** → {accounts} · {when}{state}{version} · solicitada por {requester}{approved}',
  'publish.scheduled.head': '**Aún sin publicar: esperando aprobación, su hora o una decisión** ({count})',
  'publish.scheduled.head_more':
    '**Aún sin publicar: esperando aprobación, su hora o una decisión** ({count}) — abajo, las {shown} primeras',
  'publish.scheduled.nothing_waiting': 'Nada en espera.',
  'publish.scheduled.last_published': 'Últimas publicadas',
  'publish.scheduled.nothing_published': 'Aún no se ha publicado nada.',
  'publish.policy.bad_approvals': 'approvals debe ser un número entero de 0 a 20.',
  'publish.policy.bad_self_approve': 'self_approve debe ser yes o no.',
  'publish.policy.bad_expiry': 'approval_expiry debe tener la forma 72h o 3d.',
  'publish.policy.bad_timezone': 'timezone debe ser una zona IANA como Europe/Madrid o America/New_York, no «{zone}».',
  'publish.policy.bad_remind':
    'remind debe ser una espera de al menos 1 minuto, como 30m, 4h o 1d, u off — no «{value}».',
  'publish.policy.bad_outside_review': 'outside_review debe ser required u optional, no «{value}».',
};
