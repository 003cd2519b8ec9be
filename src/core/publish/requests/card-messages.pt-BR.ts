// Publishing's card, thread lines and shared words in Brazilian Portuguese (você, as the bot speaks in chat).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_CARD_EN } from './card-messages.ts';

export const PUBLISH_CARD_PT_BR: Translation<typeof PUBLISH_CARD_EN> = {
  'publish.card.outside_reviewer': '{name}, revisor externo',
  'publish.card.outside_reviewer_invited': '{name}, revisor externo convidado por {inviter}',
  'publish.card.decided':
    '{state, select, published {Esta solicitação já foi publicada.} cancelled {Esta solicitação foi cancelada.} publishing {Esta solicitação está sendo publicada agora.} unknown {Não se sabe como esta solicitação terminou; quem pode configurar o bot pode marcá-la como publicada ou tentar de novo.} scheduled {Esta solicitação já está aprovada e agendada.} other {Esta solicitação já foi decidida.}}',
  'publish.card.how':
    '{how, select, asked {o vídeo pedido no início} subtitles {legendas} broll {B-roll} cut {uma nova edição} thread {um vídeo da thread} other {um link de vídeo}}',
  'publish.when.utc': '{local} UTC',
  'publish.when.zoned': '{local} ({zone}) · {utc} UTC',
  'publish.when.unreadable':
    'Não consegui ler o agendamento “{text}”: tente `now`, `tomorrow 6pm`, `in 2 hours` ou `2026-12-01 18:00`.',
  'publish.when.past': 'O horário {when} já passou: escolha um horário posterior, ou `now`.',
  'publish.when.too_far': 'O horário {when} está a mais de um ano: escolha um horário mais próximo.',
  'publish.policy.approvers_anyone': 'qualquer pessoa do canal',
  'publish.policy.duration': '{unit, select, d {{n} d} h {{n} h} other {{n} min}}',
  'publish.policy.describe':
    '{approvals, plural, =0 {nenhuma aprovação necessária} one {# aprovação} other {# aprovações}} · autoaprovação {self, select, yes {permitida} other {não permitida}} · as aprovações expiram após {hours} h · aprovadores: {who} · fuso horário {zone} · {remind, select, off {lembretes desativados} other {lembretes a cada {every} (no máximo 3)}} · revisão externa {outside, select, required {obrigatória} other {opcional}}',
  'publish.card.at': ' em {position}',
  'publish.card.approve': 'Aprovar',
  'publish.card.request_changes': 'Solicitar alterações',
  'publish.card.edit': 'Editar',
  'publish.card.cancel': 'Cancelar',
  'publish.card.post_now': 'Publicar agora',
  'publish.card.new_time': 'Novo horário',
  'publish.card.try_again': 'Tentar de novo',
  'publish.card.mark_posted': 'Marcar como publicada',
  'publish.card.invite': 'Convidar revisor',
  'publish.card.new_version': 'Nova versão…',
  'publish.card.revoke': 'Revogar links de revisores',
  'publish.card.revoke_one': 'Revogar o link de um revisor',
  'publish.card.watch': '▶ Vídeo',
};
