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
  'publish.card.head':
    '{state, select, pending {📝 Solicitação de publicação — aguardando aprovação} scheduled {🗓️ Solicitação de publicação — aprovada, agendada} overdue {⏰ Solicitação de publicação — o horário passou: publique agora ou escolha um novo horário} publishing {⏳ Publicando…} published {✅ Publicada} failed {⚠️ Não publicada} unknown {❓ Resultado desconhecido — pode ou não ter sido publicada} other {🚫 Cancelada}}',
  'publish.card.head_changes': '✏️ Solicitação de publicação — alterações solicitadas',
  'publish.card.head_expired':
    '⌛ Solicitação de publicação — aprovações expiradas (quem pediu pode usar Editar para pedir de novo)',
  'publish.card.head_making': '{head} · versão {n} em preparo',
  'publish.card.text': '{head}: {title}{ask}',
  'publish.card.latest_ask': ' — {who} pede: “{reason}”',
  'publish.card.field_version': 'Versão',
  'publish.card.field_title': 'Título',
  'publish.card.field_description': 'Descrição',
  'publish.card.none': '(vazio)',
  'publish.card.field_accounts': 'Contas',
  'publish.card.field_privacy': 'Privacidade',
  'publish.card.privacy':
    '{privacy, select, public {pública} private {privada} unlisted {não listada} other {{privacy}}}',
  'publish.card.field_schedule': 'Agendamento',
  'publish.card.when_approved': 'agora, assim que for aprovada',
  'publish.card.field_requested_by': 'Solicitado por',
  'publish.card.field_approval': 'Aprovação',
  'publish.card.field_posts': 'Publicações',
  'publish.card.field_approved_by': 'Aprovado por',
  'publish.card.field_moved_by': 'Remarcado por',
  'publish.card.moved': '{who} em {when} (estava prevista para {from})',
  'publish.card.field_decided_by':
    '{state, select, published {Publicado por} cancelled {Cancelado por} other {Última ação por}}',
  'publish.card.decided_at': '{who} em {when}',
  'publish.card.field_changes': 'Alterações solicitadas',
  'publish.card.field_changes_by_version': 'Pedidos de alteração por versão',
  'publish.card.field_reviewers': 'Revisores externos',
  'publish.card.footer': 'Solicitação {id} · as aprovações expiram após {hours} h',
  'publish.card.change_on_version': ' (na versão {n})',
  'publish.card.change_line': '{who}{at}{on}: {reason}',
  'publish.card.changes_more': '…e mais {count} anteriores',
  'publish.card.changes_tail':
    'As aprovações continuam valendo; “Nova versão…” ou “Editar” por quem pediu responde a estes pedidos.',
  'publish.card.by_version_open': 'abertos: {who}',
  'publish.card.by_version_answers': 'responde a {who}',
  'publish.card.by_version_answer': '{who}{at} (pedido na versão {n})',
  'publish.card.by_version': 'Versão {n} ({how}): {parts}',
  'publish.card.by_version_none': 'nenhum pedido de alteração',
  'publish.card.version_made': 'Versão {n} de {total}: {how}, por {who}',
  'publish.card.version_sent':
    '{made}. {state, select, published {Publicada} publishing {Sendo publicada} other {A publicar}}: versão {n}, com as aprovações dadas na versão {n}.',
  'publish.card.version_making':
    '🛠️ Versão {n} em preparo ({how}) por {who}: ela vira o vídeo quando o job terminar; até lá, vale a versão {current}.',
  'publish.card.version_unmade':
    '⚠️ Não foi possível criar a versão {n}: {error} A versão {current} continua, com as aprovações dela.',
  'publish.card.not_counted': '{who} (não contada)',
  'publish.card.waiting_outside': ' · aguardando um revisor externo',
  'publish.card.needs_outside': 'precisa da aprovação de um revisor externo',
  'publish.card.no_approval_needed': 'nenhuma aprovação necessária',
  'publish.card.expired': ' · ⌛ expirada',
  'publish.card.from_members': 'membros que podem aprovar',
  'publish.card.from_nobody': 'ninguém: não resta nenhum aprovador indicado (altere /setup approvers)',
  'publish.card.awaited':
    ' · aguardando mais {short} de {from} (um revisor externo conta pelo aprovador que o convidou)',
  'publish.card.of_version': ' da versão {n}',
  'publish.card.needs':
    'precisa de {approvals, plural, one {# aprovação} other {# aprovações}} ({counted}/{total}){of}{names}{awaited}{outside}{expired}',
  'publish.thread.anyone_can_approve': 'Qualquer pessoa do canal pode aprová-la.',
  'publish.thread.anyone_but_requester': 'Qualquer pessoa, exceto quem pediu, pode aprová-la.',
  'publish.thread.no_approver_left':
    'Não resta nenhum dos aprovadores indicados para aprová-la: quem pode configurar o bot pode alterar `/setup approvers`.',
  'publish.thread.can_approve': 'Podem aprovar: {who}.',
  'publish.thread.reminder_missing':
    '{outside, select, yes {da aprovação de um revisor externo} other {{count, plural, one {de mais # aprovação} other {de mais # aprovações}}}}',
  'publish.thread.reminder_also': ' (uma de um revisor externo)',
  'publish.thread.reminder_needs':
    'precisa {missing}{also} · expira em {unit, select, day {{n, plural, one {# dia} other {# dias}}} hour {{n, plural, one {# hora} other {# horas}}} other {{n, plural, one {# minuto} other {# minutos}}}}',
  'publish.thread.reminder_slot':
    '🔔 Esta publicação está agendada para {when} e ainda {needs}. {who} Se a aprovação chegar depois desse horário, nada é publicado atrasado sem perguntar antes.',
  'publish.thread.reminder_missed':
    ' O horário dela ({when}) já passou: depois de aprovada, quem pediu escolhe “Publicar agora” ou “Novo horário”.',
  'publish.thread.reminder': '🔔 Lembrete {n}/{max}: esta solicitação {needs}.{missed} {who}',
  'publish.thread.scheduled': '🗓️ Aprovada: será publicada em {when}.',
  'publish.thread.missed_down': 'Esta publicação estava prevista para {when}, enquanto o bot estava fora do ar.',
  'publish.thread.missed_late':
    'A última aprovação chegou depois do horário desta publicação ({when}), então ela não foi publicada com atraso.',
  'publish.thread.missed': '⏰ {cause} {requester}, publicar agora ou escolher um novo horário? (Cancelar a descarta.)',
  'publish.thread.moved':
    '🗓️ {who} remarcou esta publicação para {when} (estava prevista para {from}). As aprovações dadas continuam valendo.',
  'publish.thread.published': '✅ Publicada em {posts}. {requester}',
  'publish.thread.not_published': '⚠️ Não publicada. {error}',
  'publish.thread.outcome_unknown': '❓ Resultado desconhecido: {error}',
  'publish.thread.nothing_posted': 'Nada foi publicado: {why}',
  'publish.thread.api_slow_down':
    'a API de mídia pediu para irmos mais devagar (429). Tente de novo em alguns minutos.',
  'publish.thread.api_key_refused':
    'a API de mídia recusou a chave de API do canal ({status}); verifique `/setup key` e tente de novo.',
  'publish.thread.api_refused':
    'a API de mídia recusou a solicitação ({status}); verifique as chaves de acesso (`/setup socials`) e os textos, e tente de novo.',
  'publish.thread.api_unknown':
    '{answered, select, yes {A API de mídia respondeu {status}} other {A API de mídia não respondeu a tempo (ou não pôde ser contatada)}}, então a publicação pode ou não ter sido criada. Verifique as contas e use “Marcar como publicada” ou “Tentar de novo”.',
  'publish.thread.not_replicated':
    'Nada foi publicado: o armazenamento estava indisponível (nenhuma réplica confirmou esta tentativa). Tente de novo em instantes.',
  'publish.thread.accounts_gone':
    '{count, plural, one {Nada foi publicado: a conta {names} não está mais configurada neste canal (`/setup socials`).} other {Nada foi publicado: as contas {names} não estão mais configuradas neste canal (`/setup socials`).}}',
  'publish.thread.no_post_id': '(nenhum id retornado)',
  'publish.thread.stopped':
    'O bot parou enquanto isto era publicado, então a publicação pode ou não ter sido criada. Verifique as contas e use “Marcar como publicada” ou “Tentar de novo”.',
  'publish.thread.unrecorded':
    'O bot não conseguiu registrar se isto foi publicado, então a publicação pode ou não ter sido criada. Verifique as contas e use “Marcar como publicada” ou “Tentar de novo”.',
  'publish.when.not_yours': 'Só quem pediu, ou quem pode configurar o bot, pode escolher um novo horário.',
  'publish.when.gone': 'Essa solicitação de publicação não existe mais.',
  'publish.when.moved': 'Remarcada: será publicada em {when}.',
  'publish.scheduled.state_scheduled': 'aprovada, aguardando o horário',
  'publish.scheduled.state_overdue': 'o horário passou: Publicar agora, Novo horário ou Cancelar',
  'publish.scheduled.state_publishing': 'publicando agora',
  'publish.scheduled.state_failed': 'não publicada',
  'publish.scheduled.state_failed_because': 'não publicada: {error}',
  'publish.scheduled.state_unknown':
    '❓ resultado desconhecido, pode ou não ter sido publicada: verifique a conta e use Marcar como publicada ou Tentar de novo',
  'publish.scheduled.published_at': 'publicada em {when}',
  'publish.scheduled.when_approved': 'agora, assim que for aprovada',
  'publish.scheduled.right_away': 'imediatamente',
  'publish.scheduled.approved_by': ' · aprovada por {who}',
  'publish.scheduled.approved_by_nobody': ' · ainda não aprovada por ninguém',
  'publish.scheduled.version': ' · {state, select, published {publicada a versão} other {versão}} {n}',
  'publish.scheduled.version_approved':
    ' · {state, select, published {publicada a versão} other {versão}} {n} (aprovações dadas na versão {n})',
  'publish.scheduled.line':
    '`{id}` **{what}** → {accounts} · {when}{state}{version} · solicitada por {requester}{approved}',
  'publish.scheduled.head': '**Ainda não publicadas: aguardando aprovação, o horário ou uma decisão** ({count})',
  'publish.scheduled.head_more':
    '**Ainda não publicadas: aguardando aprovação, o horário ou uma decisão** ({count}) — as {shown} primeiras abaixo',
  'publish.scheduled.nothing_waiting': 'Nada aguardando.',
  'publish.scheduled.last_published': 'Últimas publicadas',
  'publish.scheduled.nothing_published': 'Nada publicado ainda.',
  'publish.policy.bad_approvals': 'approvals deve ser um número inteiro de 0 a 20.',
  'publish.policy.bad_self_approve': 'self_approve deve ser yes ou no.',
  'publish.policy.bad_expiry': 'approval_expiry deve ter a forma 72h ou 3d.',
  'publish.policy.bad_timezone':
    'timezone deve ser um fuso IANA como America/Sao_Paulo ou America/New_York, não “{zone}”.',
  'publish.policy.bad_remind':
    'remind deve ser uma espera de pelo menos 1 minuto, como 30m, 4h ou 1d, ou off — não “{value}”.',
  'publish.policy.bad_outside_review': 'outside_review deve ser required ou optional, não “{value}”.',
};
