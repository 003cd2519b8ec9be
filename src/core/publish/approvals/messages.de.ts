// Publishing's approvals and outside review on the chat side in German (du, as the team writes to each other).
import type { Translation } from '../../i18n/messages.ts';
import type { APPROVALS_EN } from './messages.ts';

export const APPROVALS_DE: Translation<typeof APPROVALS_EN> = {
  'decide.unknown': 'Diese Veröffentlichungsanfrage gibt es nicht mehr.',
  'decide.expired':
    'Diese Anfrage ist abgelaufen: Die Zeit für ihre Freigaben ist um. Wer sie gestellt hat, kann sie mit Bearbeiten erneut stellen.',
  'decide.self':
    'In diesem Kanal kannst du deine eigene Anfrage nicht freigeben (self_approve=no). Freigeben dürfen: {approvers}.',
  'decide.anyoneElse': 'alle anderen im Kanal',
  'decide.notApprover': 'Du gehörst nicht zu den Freigebenden dieses Kanals. Freigeben dürfen: {approvers}.',
  'decide.editedMember':
    'Diese Anfrage wurde bearbeitet, nachdem die Liste, in der du geklickt hast, erstellt wurde; daher wurde nichts freigegeben. Öffne ihre Karte, um zu sehen, was jetzt darin steht, und gib sie dort frei.',
  'decide.alreadyApproved': 'Du hast diese Anfrage bereits freigegeben; deine Freigabe zählt einmal.',
  'decide.ownRequest': 'Nutze Bearbeiten, um deine eigene Anfrage zu ändern.',
  'decide.alreadyAsked': 'Um diese Änderung hast du bereits gebeten; die Karte zeigt sie.',
  'decide.notYoursVersion':
    'Nur wer die Anfrage gestellt hat oder den Bot einrichten darf, kann eine neue Version davon erstellen.',
  'decide.publishedVersion':
    'Diese Anfrage wurde bereits veröffentlicht: Starte mit /publish eine neue, um ein weiteres Video zu posten.',
  'decide.making':
    'Version {n} wird gerade erstellt ({how}): Sie wird zum Video der Anfrage, sobald ihr Job fertig ist, oder die Karte meldet, dass er fehlgeschlagen ist. Warte darauf und erstelle dann eine weitere.',
  'decide.tooManyVersions':
    'Diese Anfrage hat {max} Versionen, mehr sind pro Anfrage nicht möglich. Brich sie ab und stelle sie mit /publish <Videolink> neu, um weiterzumachen.',
  // A job's version that could not land, said in its request's thread.
  'decide.noLongerMaking': 'Diese Version ist nicht mehr in Arbeit.',
  'decide.versionsAtMost': 'Eine Anfrage hat höchstens {max} Versionen.',
  'approvals.groupsUnchecked':
    'Ich konnte nicht prüfen, ob du zu {groups} gehörst (die Plattform hat nicht geantwortet), daher wurde nichts freigegeben. Versuch es in einer Minute noch einmal; wenn es weiter fehlschlägt, bitte die Person, die den Bot installiert hat, seine Berechtigungen zu prüfen (Slack: der Scope usergroups:read).',
  'approvals.quorumImpossible':
    'Niemand kann diese Anfrage freigeben: Dieser Kanal braucht {needed, plural, one {# Freigabe} other {# Freigaben}}, aber nur {able} seiner Freigebenden könnten eine erteilen{self, select, no {} other { (deine eigene Anfrage kannst du nicht freigeben)}}{named, select, no {} other {, wobei alle in {groups} mitgezählt sind}}. Bitte jemanden, der den Bot einrichten darf, /setup approvals oder approvers zu ändern.',
  'approvals.noSuchGroup':
    'Keine Benutzergruppe heißt {handle}, und eine Person muss im @-Menü ausgewählt werden (damit ich weiß, wer gemeint ist), nicht getippt: Führe /setup approvers= erneut aus und wähle alle Freigebenden aus der Liste, die nach dem Tippen von @ erscheint. Die Richtlinie wurde nicht gespeichert.',
  'approvals.groupUnchecked':
    'Ich konnte nicht prüfen, ob {handle} eine Benutzergruppe ist (die Plattform hat nicht geantwortet), daher wurde die Richtlinie nicht gespeichert. Versuch es in einer Minute noch einmal oder wähle die Gruppe im @-Menü; wenn es weiter fehlschlägt, bitte die Person, die den Bot installiert hat, seine Berechtigungen zu prüfen (Slack: der Scope usergroups:read).',
  'approvals.approved': 'Freigegeben.',
  'approvals.askedForChanges':
    'Änderungen angefordert: Die Karte zeigt deine Begründung, bis die anfragende Person mit einer neuen Version oder einer Bearbeitung darauf eingeht.',
  'approvals.asksForChangesLine': '✏️ {member} bittet {requester} um Änderungen:',
  'approvals.openTheCard': 'Karte öffnen',
  'approvals.onItsCard': 'auf ihrer Karte im Kanal',
  'approvals.openCard': 'Karte öffnen',
  'approvals.approveTitled': '„{title}“ freigeben',
  'approvals.quotedName': '„{name}“',
  'approvals.lookAgainLine':
    '• **{title}**: Der Link, den du an {names} geschickt hast, zeigt jetzt Version {n} · {where}',
  'approvals.lookAgainTitle': 'Deine externen Prüfpersonen können noch einmal hineinschauen',
  'approvals.lookAgainFooter':
    'Der Bot kann ihnen nicht schreiben: Schick ihnen ihren Link noch einmal (es ist derselbe Link).',
  'approvals.requestedBy': 'Angefragt von {requester} · {where}',
  'approvals.waitingSince': 'Wartet seit {since} · läuft ab: {expires}',
  'approvals.state.pending': 'wartet auf Freigabe: {approval}',
  'approvals.state.scheduledAt': 'freigegeben, wird gepostet: {when}',
  'approvals.state.scheduledSoon': 'freigegeben, wird in Kürze gepostet',
  'approvals.state.overdue':
    'der Termin ist verstrichen, während der Bot nicht lief: Jetzt posten oder Abbrechen auf ihrer Karte',
  'approvals.state.publishing': 'wird gerade veröffentlicht',
  'approvals.state.failed': 'nicht veröffentlicht: Erneut versuchen oder Abbrechen auf ihrer Karte',
  'approvals.state.unknown': 'Ergebnis unbekannt: Prüfe das Konto und entscheide dann auf ihrer Karte',
  'approvals.mineLine': '• **{title}** — {state} · {where}',
  'approvals.mineMore': '…und {count} weitere (siehe /scheduled im jeweiligen Kanal)',
  'approvals.mineTitle': 'Deine offenen Anfragen ({count})',
  'approvals.mineNone': 'Du hast keine wartende Veröffentlichungsanfrage.',
  'approvals.nothingToApprove':
    'In den Kanälen, die du siehst, wartet nichts auf deine Freigabe. Wenn jemand mit /publish anfragt, wo du freigeben darfst, erscheint es hier und auf seiner Karte im Kanal.',
  'approvals.unchecked':
    'Die Plattform hat nicht mitgeteilt, welche Kanäle du sehen kannst, daher ist nur der aufgeführt, aus dem du gefragt hast; versuch es in einer Minute noch einmal.',
  'approvals.waitingHead': '**Wartet auf deine Freigabe** ({count})',
  'approvals.waitingHeadOldest': '**Wartet auf deine Freigabe** ({count}) — die ältesten {shown} unten',
  'approvals.home.unchecked':
    'Slack hat nicht mitgeteilt, welche Kanäle du sehen kannst, daher ist keiner aufgeführt; öffne Home in einer Minute erneut. Wenn das weiter passiert, bitte die Person, die den Bot installiert hat, das aktuelle Manifest einzufügen und ihn neu zu installieren (Scopes channels:read, groups:read).',
  'approvals.home.upcomingLine': '• {when} — **{title}** → {accounts} · {state}',
  'approvals.home.ifApproved': 'falls rechtzeitig freigegeben',
  'approvals.home.approved': 'freigegeben',
  'approvals.home.card': 'Karte',
  'approvals.home.upcomingTitle': 'Geplant in den nächsten 7 Tagen ({count})',
  'approvals.home.upcomingNone': 'In den Kanälen, die du siehst, ist nichts geplant.',
  'invite.title': 'Prüfperson einladen',
  'invite.name': 'Name der Prüfperson',
  'invite.namePlaceholder': 'Für das Team sichtbar, z. B. Ana (Acme)',
  'invite.language': 'Sprache der Prüfperson (optional)',
  'invite.nameEmpty': 'Gib der Prüfperson einen Namen, den das Team erkennt, z. B. „Ana (Acme)“.',
  'invite.nameTooLong': 'Der Name der Prüfperson darf höchstens {max} Zeichen lang sein.',
  'invite.badLanguage': 'Die Sprache der Prüfperson ist eine von {languages} oder leer für die Sprache ihres Browsers.',
  'invite.answer':
    'Prüflink für „{name}“ — schick ihn selbst weiter; er ist persönlich, und nur du siehst ihn:\n{url}\nEr endet, wenn die Anfrage veröffentlicht oder abgebrochen wird oder abläuft, oder wenn jemand „Prüflinks widerrufen“ verwendet.',
  'invite.opensIn': 'Sprache der Seite: {language}; sie lässt sich dort wechseln.',
  'invite.opensInBrowser': 'Die Seite öffnet sich in der Sprache ihres Browsers; sie lässt sich dort wechseln.',
  'invite.localOnly':
    '⚠️ PUBLIC_URL ist nicht gesetzt, daher ist dies die eigene Adresse des Listeners: Sie ist nur lokal erreichbar, von diesem Rechner aus.',
  'invite.notYours': 'Nur wer die Anfrage gestellt hat oder den Bot einrichten darf, kann Prüflinks verwalten.',
  'invite.expired':
    'Diese Anfrage ist abgelaufen: Die Zeit für ihre Freigaben ist um. Bearbeite sie, um erneut zu fragen, und lade dann ein.',
  'invite.tooManyLinks': 'Eine Anfrage kann höchstens {max} Prüflinks haben; widerrufe sie, um neu anzufangen.',
  'invite.createdLine':
    '🔗 {inviter} hat einen Prüflink für „{name}“ (externe Prüfperson) erstellt{replaced, select, yes { (der frühere Link öffnet nichts mehr)} other {}}.',
  'invite.approvedLine':
    '✅ Freigegeben von {name}{counted, select, yes { · {given} von {of}} other {}}{notCounted, select, yes { — wird nicht auf {needed, plural, one {die # nötige Freigabe} other {die # nötigen Freigaben}} angerechnet: {inviter} darf diese Anfrage nicht freigeben} other {}}',
  'invite.changesLine': '✏️ Änderungen angefordert von {name}{at, select, yes { bei {position}} other {}}:',
  'invite.noLinks': 'Diese Anfrage hat keine Prüflinks, die widerrufen werden könnten.',
  'invite.alreadyRevoked': 'Dieser Prüflink ist bereits widerrufen (oder wurde nie erstellt).',
  'invite.revokedLine':
    '🔒 {revoker} hat {count, plural, one {den Prüflink von {names} widerrufen: Er öffnet} other {die Prüflinks von {names} widerrufen: Sie öffnen}} jetzt nichts mehr{consequence, select, waits {, und ihre Freigaben zählen nicht mehr: Nichts wird gepostet, bis die Anfrage wieder ihre Freigaben hat, sie wartet also darauf} publishing {; was sie freigegeben haben, bleibt bestehen, da die Veröffentlichung der Anfrage schon lief} sent {; was sie freigegeben haben, bleibt bestehen, da die Anfrage schon gesendet war} voided {, und ihre Freigaben zählen nicht mehr} other {}}.',
  'invite.revoked': '{count, plural, one {# Prüflink} other {# Prüflinks}} widerrufen.',
  'invite.revokedWaits':
    '{count, plural, one {# Prüflink} other {# Prüflinks}} widerrufen. Der Beitrag ist nicht mehr geplant: Er wartet wieder auf Freigaben.',
};
