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
};
