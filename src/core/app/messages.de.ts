export const APP_DE: Readonly<Record<string, string>> = {
  'command.help': 'Was der Bot kann und wie',
  'command.help.command': 'Ein Befehl, der erklärt werden soll',
  'command.as': 'Als anderes Mitglied handeln, das den Bot nicht einrichten darf (um Freigaben allein zu testen)',
  'command.as.name': 'Als wer (Buchstaben und Ziffern); weglassen, um wieder du selbst zu sein',
};
