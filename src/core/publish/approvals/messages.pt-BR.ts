// Publishing's approvals and outside review on the chat side in Brazilian Portuguese (você).
import type { Translation } from '../../i18n/messages.ts';
import type { APPROVALS_EN } from './messages.ts';

export const APPROVALS_PT_BR: Translation<typeof APPROVALS_EN> = {
  'decide.unknown': 'Essa solicitação de publicação não existe mais.',
  'decide.expired':
    'Esta solicitação expirou: o prazo das aprovações acabou. Quem pediu pode usar Editar para pedir de novo.',
  'decide.self':
    'Você não pode aprovar a sua própria solicitação neste canal (self_approve=no). Quem pode aprovar: {approvers}.',
  'decide.anyoneElse': 'qualquer outra pessoa do canal',
  'decide.notApprover': 'Você não está entre os aprovadores deste canal. Quem pode aprovar: {approvers}.',
  'decide.editedMember':
    'Esta solicitação foi editada depois que a lista em que você clicou foi exibida, então nada foi aprovado: abra o cartão dela para ver o que diz agora e aprove lá.',
  'decide.alreadyApproved': 'Você já aprovou esta solicitação; sua aprovação conta uma vez.',
  'decide.ownRequest': 'Use Editar para alterar a sua própria solicitação.',
  'decide.alreadyAsked': 'Você já pediu essa alteração; o cartão a mostra.',
  'decide.notYoursVersion':
    'Só quem pediu, ou alguém que pode configurar o bot, pode criar uma nova versão desta solicitação.',
  'decide.publishedVersion': 'Esta solicitação já foi publicada: inicie uma nova com /publish para postar outro vídeo.',
  'decide.making':
    'A versão {n} está sendo criada ({how}): ela vira o vídeo da solicitação quando o job terminar, ou o cartão avisa que falhou. Espere por ela e depois crie outra.',
  'decide.tooManyVersions':
    'Esta solicitação tem {max} versões, o máximo por solicitação. Cancele-a e peça de novo com /publish <link do vídeo> para continuar.',
  // A job's version that could not land, said in its request's thread.
  'decide.noLongerMaking': 'Essa versão não está mais sendo preparada.',
  'decide.versionsAtMost': 'Uma solicitação tem no máximo {max} versões.',
  'approvals.groupsUnchecked':
    'Não consegui verificar se você está em {groups} (a plataforma não respondeu), então nada foi aprovado. Tente de novo em um minuto; se continuar falhando, peça a quem instalou o bot para verificar as permissões dele (Slack: o escopo usergroups:read).',
  'approvals.quorumImpossible':
    'Nenhum aprovador pode agir nesta solicitação: este canal precisa de {needed, plural, one {# aprovação} other {# aprovações}}, mas só {able} dos aprovadores poderiam dar uma{self, select, no {} other { (você não pode aprovar a sua própria solicitação)}}{named, select, no {} other {, contando todos de {groups}}}. Peça a alguém que pode configurar o bot para alterar /setup approvals ou approvers.',
  'approvals.noSuchGroup':
    'Nenhum grupo de usuários se chama {handle}, e uma pessoa precisa ser escolhida no menu @ (para eu saber quem é), não digitada: execute /setup approvers= de novo e escolha cada aprovador na lista que aparece depois de digitar @. A política não foi salva.',
  'approvals.groupUnchecked':
    'Não consegui verificar se {handle} é um grupo de usuários (a plataforma não respondeu), então a política não foi salva. Tente de novo em um minuto ou escolha o grupo no menu @; se continuar falhando, peça a quem instalou o bot para verificar as permissões dele (Slack: o escopo usergroups:read).',
  'approvals.approved': 'Aprovado.',
  'approvals.askedForChanges':
    'Alterações solicitadas: o cartão mostra o seu motivo até que quem pediu responda com uma nova versão ou uma edição.',
  'approvals.asksForChangesLine': '✏️ {member} pede alterações a {requester}:',
  'approvals.openTheCard': 'abrir o cartão',
  'approvals.onItsCard': 'no cartão dela no canal',
  'approvals.openCard': 'Abrir cartão',
  'approvals.approveTitled': 'Aprovar “{title}”',
  'approvals.quotedName': '“{name}”',
  'approvals.lookAgainLine': '• **{title}**: o link que você enviou para {names} agora mostra a versão {n} · {where}',
  'approvals.lookAgainTitle': 'Seus revisores externos podem olhar de novo',
  'approvals.lookAgainFooter': 'O bot não consegue escrever para eles: envie o link de novo (é o mesmo link).',
  'approvals.requestedBy': 'Solicitado por {requester} · {where}',
  'approvals.waitingSince': 'Aguardando desde {since} · expira em {expires}',
  'approvals.state.pending': 'aguardando aprovação: {approval}',
  'approvals.state.scheduledAt': 'aprovada, será postada em {when}',
  'approvals.state.scheduledSoon': 'aprovada, será postada em breve',
  'approvals.state.overdue': 'o horário passou enquanto o bot estava fora do ar: Publicar agora ou Cancelar no cartão',
  'approvals.state.publishing': 'publicando agora',
  'approvals.state.failed': 'não publicada: Tentar de novo ou Cancelar no cartão',
  'approvals.state.unknown': 'resultado desconhecido: verifique a conta e depois decida no cartão',
  'approvals.mineLine': '• **{title}** — {state} · {where}',
  'approvals.mineMore': '…e mais {count} (veja /scheduled em cada canal)',
  'approvals.mineTitle': 'Suas solicitações abertas ({count})',
  'approvals.mineNone': 'Você não tem nenhuma solicitação de publicação aguardando.',
  'approvals.nothingToApprove':
    'Nada aguarda a sua aprovação nos canais que você vê. Quando alguém pedir com /publish onde você pode aprovar, aparece aqui e no cartão no canal.',
  'approvals.unchecked':
    'A plataforma não informou quais canais você vê, então só aparece aquele de onde você pediu; tente de novo em um minuto.',
  'approvals.waitingHead': '**Aguardando a sua aprovação** ({count})',
  'approvals.waitingHeadOldest': '**Aguardando a sua aprovação** ({count}) — as {shown} mais antigas abaixo',
  'approvals.home.unchecked':
    'O Slack não informou quais canais você vê, então nenhum aparece; abra a Página inicial de novo em um minuto. Se continuar acontecendo, peça a quem instalou o bot para colar o manifesto atual e reinstalá-lo (escopos channels:read, groups:read).',
  'approvals.home.upcomingLine': '• {when} — **{title}** → {accounts} · {state}',
  'approvals.home.ifApproved': 'se aprovada a tempo',
  'approvals.home.approved': 'aprovada',
  'approvals.home.card': 'cartão',
  'approvals.home.upcomingTitle': 'Agendado para os próximos 7 dias ({count})',
  'approvals.home.upcomingNone': 'Nada está agendado nos canais que você vê.',
  'invite.title': 'Convidar revisor',
  'invite.name': 'Nome do revisor',
  'invite.namePlaceholder': 'Visível para a equipe, ex.: Ana (Acme)',
  'invite.language': 'Idioma do revisor (opcional)',
  'invite.nameEmpty': 'Dê ao revisor um nome que a equipe reconheça, ex.: “Ana (Acme)”.',
  'invite.nameTooLong': 'O nome do revisor deve ter no máximo {max} caracteres.',
  'invite.badLanguage': 'O idioma do revisor é um de {languages}, ou vazio para usar o do navegador.',
  'invite.answer':
    'Link de revisão para “{name}” — envie você mesmo; ele é pessoal e só você o vê:\n{url}\nEle deixa de funcionar quando a solicitação é publicada, cancelada ou expira, ou quando alguém usa Revogar links de revisores.',
  'invite.opensIn': 'Idioma da página: {language}; dá para trocar de idioma nela.',
  'invite.opensInBrowser': 'A página abre no idioma do navegador da pessoa; dá para trocar de idioma nela.',
  'invite.localOnly':
    '⚠️ PUBLIC_URL não está definida, então este é o endereço do próprio servidor: só pode ser acessado localmente, a partir desta máquina.',
  'invite.notYours': 'Só quem pediu, ou alguém que pode configurar o bot, pode gerenciar links de revisão.',
  'invite.expired':
    'Esta solicitação expirou: o prazo das aprovações acabou. Edite-a para pedir de novo e depois convide.',
  'invite.tooManyLinks': 'Uma solicitação pode ter no máximo {max} links de revisão; revogue-os para começar de novo.',
  'invite.createdLine':
    '🔗 {inviter} criou um link de revisão para “{name}”, revisor externo{replaced, select, yes { (o link anterior não abre mais nada)} other {}}.',
  'invite.approvedLine':
    '✅ Aprovado por {name}{counted, select, yes { · {given} de {of}} other {}}{notCounted, select, yes { — não conta para {needed, plural, one {a # aprovação necessária} other {as # aprovações necessárias}}: {inviter} não pode aprovar esta solicitação} other {}}',
  'invite.changesLine': '✏️ Alterações solicitadas por {name}{at, select, yes { em {position}} other {}}:',
  'invite.noLinks': 'Esta solicitação não tem links de revisão para revogar.',
  'invite.alreadyRevoked': 'Esse link de revisão já foi revogado (ou nunca foi criado).',
  'invite.revokedLine':
    '🔒 {revoker} revogou {count, plural, one {o link de revisão de {names}: ele não abre} other {os links de revisão de {names}: eles não abrem}} mais nada{consequence, select, waits {, e as aprovações deles não contam mais: nada será postado até a solicitação ter as aprovações de novo, então ela aguarda por elas} publishing {; o que aprovaram continua valendo, pois a solicitação já estava sendo publicada} sent {; o que aprovaram continua valendo, pois a solicitação já tinha sido enviada} voided {, e as aprovações deles não contam mais} other {}}.',
  'invite.revoked': '{count, plural, one {# link de revisão revogado} other {# links de revisão revogados}}.',
  'invite.revokedWaits':
    '{count, plural, one {# link de revisão revogado} other {# links de revisão revogados}}. A publicação não está mais agendada: ela aguarda aprovações de novo.',
};
