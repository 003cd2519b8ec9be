export const APP_PT_BR: Readonly<Record<string, string>> = {
  'command.help': 'O que o bot sabe fazer, e como',
  'command.help.command': 'Um comando a explicar',
  'command.as': 'Agir como outro membro, que não pode configurar o bot (para testar aprovações sozinho)',
  'command.as.name': 'Como quem agir (letras e dígitos); deixe vazio para voltar a ser você',
};
