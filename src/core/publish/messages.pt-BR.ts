export const PUBLISH_PT_BR: Readonly<Record<string, string>> = {
  'command.publish': 'Pedir à equipe que aprove um vídeo e depois publicá-lo nas contas sociais',
  'command.publish.url': 'Link do vídeo (http ou https)',
  'command.publish.accounts': 'Nomes das contas, separados por vírgulas (veja /setup socials)',
  'command.publish.title': 'Título da publicação',
  'command.publish.description': 'Descrição da publicação (legenda)',
  'command.publish.privacy': 'public (padrão), private ou unlisted',
  'command.publish.schedule': 'now (padrão) ou um horário: tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'command.scheduled': 'Solicitações de publicação aguardando aprovação ou o horário, e as últimas publicadas',
  'command.approvals': 'Solicitações de publicação aguardando sua aprovação nos seus canais, e as suas',
  'command.setup.change': 'Com socials: add ou remove',
  'command.setup.name': 'Com socials: o nome da conta',
  'command.setup.platform': 'Com socials add: a plataforma da conta',
  'command.setup.approvals':
    'Membros que precisam aprovar (0 = nenhum; padrão 1); um link de revisão conta por quem convidou',
  'command.setup.self_approve': 'As pessoas podem aprovar as próprias solicitações? (padrão: não)',
  'command.setup.approval_expiry': 'Quanto tempo as aprovações valem: 72h, 3d (padrão 72h)',
  'command.setup.approvers': 'anyone (padrão), ou membros / cargos que podem aprovar',
  'command.setup.timezone': 'Fuso horário IANA para agendamentos, ex.: America/Sao_Paulo (padrão UTC)',
  'command.setup.remind': 'Lembrar quem aprova quando uma solicitação espera: 30m, 4h, 1d (padrão 1d) ou off',
  'command.setup.outside_review':
    'required: esperar também a aprovação de um revisor externo (qualquer link); optional (padrão)',
  'setup.action.socials': 'socials (contas sociais)',
};
