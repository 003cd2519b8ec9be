export const APP_ES: Readonly<Record<string, string>> = {
  'command.help': 'Qué puede hacer el bot y cómo',
  'command.help.command': 'Un comando que explicar',
  'command.as': 'Actuar como otro miembro, que no puede configurar el bot (para probar aprobaciones a solas)',
  'command.as.name': 'Como quién actuar (letras y dígitos); omítelo para volver a ser tú',
};
