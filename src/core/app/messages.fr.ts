export const APP_FR: Readonly<Record<string, string>> = {
  'command.help': 'Ce que le bot sait faire, et comment',
  'command.help.command': 'Une commande à expliquer',
  'command.as': 'Agir en tant qu’un autre membre, sans droit de configurer le bot (pour tester les validations seul)',
  'command.as.name': 'En tant que qui (lettres et chiffres) ; omettez-le pour redevenir vous-même',
};
