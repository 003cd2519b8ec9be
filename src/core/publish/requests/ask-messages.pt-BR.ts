// Publishing's words for the person who asks, in Brazilian Portuguese (você).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_ASK_EN } from './ask-messages.ts';

export const PUBLISH_ASK_PT_BR: Translation<typeof PUBLISH_ASK_EN> = {
  'publish.form.title': 'Publicar nas contas sociais',
  'publish.form.label.title': 'Título',
  'publish.form.label.description': 'Descrição',
  'publish.form.label.accounts': 'Contas',
  'publish.form.label.privacy': 'Privacidade',
  'publish.form.label.schedule': 'Agendamento',
  'publish.form.accountsNone': 'Nenhuma conta ainda: /setup socials add',
  'publish.form.privacyHint': 'public, private ou unlisted',
  'publish.form.scheduleHint': 'now, tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.elsewhereEdit': 'cancele esta solicitação e peça de novo com /publish <link do vídeo> {option}="…"',
  'publish.form.elsewhereNew': 'use /publish <link do vídeo> {option}="…" em vez deste formulário',
  'publish.form.noAccounts':
    'Este canal ainda não tem contas sociais, então não há onde publicar. Quem pode configurar o bot adiciona uma com `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.',
  'publish.form.chooseAccount': 'Escolha pelo menos uma conta: {accounts}.',
  'publish.form.unknownAccount': 'Não existe a conta “{name}” neste canal. Contas disponíveis: {accounts}.',
  'publish.form.badPrivacy': 'A privacidade precisa ser public, private ou unlisted, não “{privacy}”.',
  'publish.form.tooLong': 'Longo demais: {problem}. Encurte e envie de novo.',
  'publish.form.scheduledFor': 'Agendado para {when}.',
  'publish.form.newTime.title': 'Publicar em outra hora',
  'publish.form.newTime.label': 'Novo horário',
  'publish.form.newTime.hint': 'tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.newTime.notAhead':
    'Informe um horário futuro, como `tomorrow 6pm` ou `in 2 hours`; para publicar agora mesmo, use “Publicar agora”.',
  'publish.caption.tooLong':
    '{field, select, title {o título} other {a descrição}} tem {n}/{max} caracteres para {platform}',
  'publish.ask.changes.title': 'Solicitar alterações',
  'publish.ask.changes.label': 'O que deve mudar?',
  'publish.ask.sayWhat': 'Diga o que deve mudar.',
  'publish.ask.resultGone': 'Esse resultado não está mais disponível; use `/publish <video link>`.',
  'publish.ask.formGone': 'Esse formulário expirou. Clique em “Publicar…” de novo.',
  'publish.ask.onlyRequesterEdits': 'Só quem fez a solicitação pode editá-la.',
  'publish.ask.askedAgain': 'Solicitada de novo: as aprovações recomeçam do zero.',
  'publish.ask.savedVoided': 'Salvo: a alteração anulou as aprovações anteriores.',
  'publish.ask.saved': 'Salvo.',
  'publish.ask.onlyRequesterCancels': 'Só quem fez a solicitação, ou quem pode configurar o bot, pode cancelá-la.',
  'publish.ask.cancelled': 'Cancelada.',
  'publish.ask.postingNow': 'Publicando agora.',
  'publish.ask.postNowRefused':
    'Só quem fez a solicitação ou quem pode configurar o bot pode publicar isto, e só uma vez.',
  'publish.ask.markRefused': 'Só quem pode configurar o bot pode marcar uma solicitação como publicada.',
  'publish.ask.marked': 'Marcada como publicada.',
  'publish.ask.retryRefused':
    'Não dá para tentar de novo agora (outra pessoa já tentou, ou, depois de um resultado desconhecido, só quem pode configurar o bot pode).',
  'publish.ask.retried': 'Tentando de novo.',
  'publish.ask.line.edited': '✏️ A solicitação foi editada: as aprovações dadas até agora não contam mais.',
  'publish.ask.line.cancelled': '🚫 Cancelada por {who}; nada será publicado.',
  'publish.ask.line.expired':
    '⌛ {who}, as aprovações desta solicitação expiraram depois de {hours} h, então nada será publicado. Edite-a para pedir de novo (as aprovações recomeçam do zero) ou cancele-a.',
  'publish.ask.markedByHand': 'Marcada à mão como publicada (a resposta da API nunca chegou).',
  'publish.version.sub': 'Legendas…',
  'publish.version.broll': 'B-roll…',
  'publish.version.cut': 'Novo corte…',
  'publish.version.link': 'Um link de vídeo…',
  'publish.version.pickPlaceholder': 'Um vídeo pronto desta thread',
  'publish.version.menu':
    '🎞️ {who} está fazendo a versão {n} desta solicitação. Como? (Quem fez a solicitação, ou quem pode configurar o bot, escolhe.)',
  'publish.version.chooseInThread': 'Escolha na thread da solicitação como fazer a versão {n}.',
  'publish.version.pick':
    '{kind, select, clip {Reel {n}} subtitles {Vídeo legendado} broll {Vídeo com B-roll} other {Vídeo}} do job {job}',
  'publish.version.pickTitled':
    '{kind, select, clip {Reel {n}} subtitles {Vídeo legendado} broll {Vídeo com B-roll} other {Vídeo}} do job {job} — {title}',
  'publish.version.line': '🎞️ Versão {n} por {who} ({how}): {parts}. As aprovações recomeçam do zero.',
  'publish.version.lineAgain':
    '🎞️ Versão {n} por {who} ({how}): {parts}. As aprovações recomeçam do zero. {others}: deem outra olhada, por favor.',
  'publish.version.answers': 'responde a {asks}',
  'publish.version.answersNone': 'não responde a nenhum pedido de alteração',
  'publish.version.stillOpen': 'ainda em aberto: {asks}',
  'publish.version.made': 'A versão {n} agora é o vídeo da solicitação; as aprovações recomeçam do zero.',
  'publish.version.madeLook':
    'A versão {n} agora é o vídeo da solicitação; as aprovações recomeçam do zero. {reviewers} podem olhar de novo: o link que você enviou agora mostra a versão {n}.',
  'publish.version.late': '🎞️ O vídeo da versão {n} está pronto, mas a solicitação não o aceitou: {why}',
  'publish.version.changedMeanwhile': 'ela mudou nesse meio-tempo',
  'publish.version.expired': 'A API de mídia não terminou a tempo.',
  'publish.version.noVideo': 'O job não gerou nenhum vídeo.',
  'publish.version.failed':
    '⚠️ {who}, não foi possível fazer a versão {n} ({how}), então a versão {still} continua sendo o vídeo da solicitação e as aprovações dela continuam valendo.',
  'publish.version.brollAgain': 'cortado de novo com B-roll',
  'publish.version.jobSummary': 'versão {n} da solicitação de publicação {id}: {how}',
  'publish.version.title':
    '{how, select, sub {Versão {n}: legendas} broll {Versão {n}: B-roll} cut {Versão {n}: novo corte} link {Versão {n}: link de vídeo} other {Versão {n}: vídeo da thread}}',
  'publish.version.label.template': 'Modelo',
  'publish.version.label.position': 'Posição',
  'publish.version.label.size': 'Tamanho',
  'publish.version.label.brollType': 'Tipo de B-roll',
  'publish.version.label.brollFrequency': 'Frequência do B-roll',
  'publish.version.label.prompt': 'Prompt (o que o novo corte deve fazer)',
  'publish.version.label.keywords': 'Palavras-chave (separadas por vírgulas)',
  'publish.version.label.duration': 'Duração em segundos (mín-máx)',
  'publish.version.label.switches': 'Opções',
  'publish.version.label.url': 'Link do vídeo',
  'publish.version.label.note': 'Observação (opcional, não é enviada)',
  'publish.version.label.answers': 'Responde a (desmarque o que ela não responde)',
  'publish.version.answerChoice': '{name}{at} (versão {n}): {reason}',
  'publish.version.switch':
    '{name, select, hook {gancho} remove_fillers {remover vícios de linguagem} remove_silences {remover silêncios} music {música} other {B-roll}}',
  'publish.version.notOneOf': '{label} “{value}” não é um destes valores: {allowed}.',
  'publish.version.noSource':
    'Esta versão não é um reel de um clipe, então não há vídeo de origem para cortar de novo.',
  'publish.version.unknownSwitch': 'Opção desconhecida “{name}”: escolha entre {switches}.',
  'publish.version.badLink': 'Informe um link para o vídeo que comece com https:// (ou http://).',
  'publish.version.pickGone':
    'Esse vídeo não é mais oferecido para esta solicitação. Clique em “Nova versão…” de novo.',
  'publish.version.formGone': 'Esse formulário expirou. Clique em “Nova versão…” de novo.',
  'publish.setup.section': 'Publicação',
  'publish.setup.policyField': 'Política de aprovação',
  'publish.setup.ruleField': 'Como as aprovações contam',
  'publish.setup.accountsField': 'Contas sociais',
  'publish.setup.footer':
    'Alterar: /setup approvals=2 remind=4h timezone=America/Sao_Paulo · /setup socials add <name> platform=x',
  'publish.setup.rule':
    'Cada aprovação vale por um membro da equipe: a de um membro por esse membro, a de um revisor externo pelo membro que o convidou (quando ele pode aprovar). O número conta membros distintos; com self_approve=no, quem fez a solicitação nunca conta. outside_review=required também exige uma aprovação externa, pelo link de qualquer pessoa.',
  'publish.setup.noAccounts':
    'Nenhuma conta social ainda. Adicione uma: `/setup socials add <name> platform=x` (a chave de acesso vai em um formulário privado).',
  'publish.setup.listTitle': '**Contas sociais deste canal**',
  'publish.setup.policyLine': 'Política de aprovação: {policy}',
  'publish.setup.savedPolicy': 'A política de aprovação foi salva.',
  'publish.setup.badName':
    'Dê à conta um nome curto (letras, dígitos, - e _): `/setup socials add brand_x platform=x`.',
  'publish.setup.removed': 'A conta {name} foi removida.',
  'publish.setup.noSuchAccount': 'Não havia conta {name}.',
  'publish.setup.badPlatform': 'platform precisa ser um destes valores: {platforms}.',
  'publish.setup.keyTitle': 'Chave de acesso de {name}',
  'publish.setup.keyLabel': 'Chave de acesso',
  'publish.setup.keyHint': 'A chave de acesso da conta {platform}, do painel da API de mídia',
  'publish.setup.keyEmpty': 'A chave de acesso estava vazia; nada mudou.',
  'publish.setup.keyOdd': 'Isso não parece uma chave de acesso (tem espaços ou é longa demais); nada mudou.',
  'publish.setup.keySaved':
    'A chave de acesso de {name} ({platform}) foi salva. Ela fica guardada criptografada e só aparece pelo nome.',
};
