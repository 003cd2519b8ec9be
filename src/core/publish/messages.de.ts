export const PUBLISH_DE: Readonly<Record<string, string>> = {
  'command.publish': 'Das Team um Freigabe eines Videos bitten und es dann in sozialen Konten veröffentlichen',
  'command.publish.url': 'Link zum Video (http oder https)',
  'command.publish.accounts': 'Kontonamen, durch Kommas getrennt (siehe /setup socials)',
  'command.publish.title': 'Titel des Beitrags',
  'command.publish.description': 'Beschreibung des Beitrags (Bildunterschrift)',
  'command.publish.privacy': 'public (Standard), private oder unlisted',
  'command.publish.schedule': 'now (Standard) oder ein Zeitpunkt: tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'command.scheduled':
    'Veröffentlichungsanfragen, die auf Freigabe oder Termin warten, und die zuletzt veröffentlichten',
  'command.approvals':
    'Veröffentlichungsanfragen, die auf deine Freigabe warten (in deinen Kanälen), und deine eigenen',
  'command.setup.change': 'Mit socials: add oder remove',
  'command.setup.name': 'Mit socials: der Name des Kontos',
  'command.setup.platform': 'Mit socials add: die Plattform des Kontos',
  'command.setup.approvals':
    'Mitglieder, die freigeben müssen (0 = keine; Standard 1); ein Prüflink zählt für den Einladenden',
  'command.setup.self_approve': 'Dürfen Personen ihre eigenen Anfragen freigeben? (Standard: nein)',
  'command.setup.approval_expiry': 'Wie lange Freigaben gelten: 72h, 3d (Standard 72h)',
  'command.setup.approvers': 'anyone (Standard) oder Mitglieder / Rollen, die freigeben dürfen',
  'command.setup.timezone': 'IANA-Zeitzone für Termine, z. B. Europe/Berlin (Standard UTC)',
  'command.setup.remind': 'Freigebende erinnern, wenn eine Anfrage wartet: 30m, 4h, 1d (Standard 1d) oder off',
  'command.setup.outside_review':
    'required: auch auf die Freigabe einer externen Prüfperson warten (jeder Link); optional (Standard)',
  'setup.action.socials': 'socials (soziale Konten)',
};
