export const PUBLISH_FR: Readonly<Record<string, string>> = {
  'command.publish': 'Demander à l’équipe d’approuver une vidéo, puis la publier sur les comptes sociaux',
  'command.publish.url': 'Lien vers la vidéo (http ou https)',
  'command.publish.accounts': 'Noms des comptes, séparés par des virgules (voir /setup socials)',
  'command.publish.title': 'Titre de la publication',
  'command.publish.description': 'Description de la publication (légende)',
  'command.publish.privacy': 'public (par défaut), private ou unlisted',
  'command.publish.schedule': 'now (par défaut) ou une heure : tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'command.scheduled': 'Demandes de publication en attente d’approbation ou de leur heure, et les dernières publiées',
  'command.approvals': 'Demandes de publication qui attendent votre approbation dans vos salons, et les vôtres',
  'command.setup.change': 'Avec socials : add ou remove',
  'command.setup.name': 'Avec socials : le nom du compte',
  'command.setup.platform': 'Avec socials add : la plateforme du compte',
  'command.setup.approvals':
    'Membres devant approuver (0 = aucun ; 1 par défaut) ; un lien de relecture vaut pour qui l’a envoyé',
  'command.setup.self_approve': 'Peut-on approuver ses propres demandes ? (non par défaut)',
  'command.setup.approval_expiry': 'Durée de validité des approbations : 72h, 3d (72h par défaut)',
  'command.setup.approvers': 'anyone (par défaut), ou les membres / rôles autorisés à approuver',
  'command.setup.timezone': 'Fuseau horaire IANA des programmations, par ex. Europe/Paris (UTC par défaut)',
  'command.setup.remind': 'Relancer les approbateurs quand une demande attend : 30m, 4h, 1d (1d par défaut) ou off',
  'command.setup.outside_review':
    'required : attendre aussi l’accord d’un relecteur externe (tout lien) ; optional (par défaut)',
  'setup.action.socials': 'socials (comptes sociaux)',
};
