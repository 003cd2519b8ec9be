// Publishing's words for the person who asks, in German (du, as in chat).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_ASK_EN } from './ask-messages.ts';

export const PUBLISH_ASK_DE: Translation<typeof PUBLISH_ASK_EN> = {
  'publish.form.title': 'In sozialen Konten veröffentlichen',
  'publish.form.label.title': 'Titel',
  'publish.form.label.description': 'Beschreibung',
  'publish.form.label.accounts': 'Konten',
  'publish.form.label.privacy': 'Sichtbarkeit',
  'publish.form.label.schedule': 'Termin',
  'publish.form.accountsNone': 'Noch keine Konten: /setup socials add',
  'publish.form.privacyHint': 'public, private oder unlisted',
  'publish.form.scheduleHint': 'now, tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.elsewhereEdit': 'brich diese Anfrage ab und stell sie neu mit /publish <Videolink> {option}="…"',
  'publish.form.elsewhereNew': 'verwende statt dieses Formulars /publish <Videolink> {option}="…"',
  'publish.form.noAccounts':
    'Dieser Kanal hat noch keine sozialen Konten, also gibt es nichts, wo veröffentlicht werden kann. Wer den Bot konfigurieren darf, fügt eines hinzu mit `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.',
  'publish.form.chooseAccount': 'Wähle mindestens ein Konto: {accounts}.',
  'publish.form.unknownAccount': 'In diesem Kanal gibt es kein Konto „{name}“. Vorhandene Konten: {accounts}.',
  'publish.form.badPrivacy': 'Die Sichtbarkeit muss public, private oder unlisted sein, nicht „{privacy}“.',
  'publish.form.tooLong': 'Zu lang: {problem}. Kürze den Text und sende das Formular erneut.',
  'publish.form.scheduledFor': 'Geplant für {when}.',
  'publish.form.newTime.title': 'Zu neuer Zeit posten',
  'publish.form.newTime.label': 'Neuer Zeitpunkt',
  'publish.form.newTime.hint': 'tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.newTime.notAhead':
    'Gib einen Zeitpunkt in der Zukunft an, etwa `tomorrow 6pm` oder `in 2 hours`; um sofort zu posten, nimm „Jetzt posten“.',
  'publish.caption.tooLong':
    '{field, select, title {Der Titel} other {Die Beschreibung}} hat {n}/{max} Zeichen für {platform}',
  'publish.ask.changes.title': 'Änderungen anfordern',
  'publish.ask.changes.label': 'Was soll sich ändern?',
  'publish.ask.sayWhat': 'Schreib, was sich ändern soll.',
  'publish.ask.resultGone': 'Dieses Ergebnis ist nicht mehr verfügbar; verwende `/publish <video link>`.',
  'publish.ask.formGone': 'Dieses Formular ist abgelaufen. Klick noch einmal auf „Veröffentlichen…“.',
  'publish.ask.onlyRequesterEdits': 'Nur die Person, die gefragt hat, kann diese Anfrage bearbeiten.',
  'publish.ask.askedAgain': 'Neu angefragt: Die Freigaben beginnen von vorn.',
  'publish.ask.savedVoided': 'Gespeichert: Die bisherigen Freigaben sind durch die Änderung ungültig geworden.',
  'publish.ask.saved': 'Gespeichert.',
  'publish.ask.onlyRequesterCancels':
    'Nur die Person, die gefragt hat, oder wer den Bot konfigurieren darf, kann diese Anfrage abbrechen.',
  'publish.ask.cancelled': 'Abgebrochen.',
  'publish.ask.postingNow': 'Wird jetzt gepostet.',
  'publish.ask.postNowRefused':
    'Nur die anfragende Person oder wer den Bot konfigurieren darf, kann das posten, und nur einmal.',
  'publish.ask.markRefused': 'Nur wer den Bot konfigurieren darf, kann eine Anfrage als gepostet markieren.',
  'publish.ask.marked': 'Als gepostet markiert.',
  'publish.ask.retryRefused':
    'Das kann jetzt nicht erneut versucht werden (jemand anderes hat es schon getan, oder nach einem unbekannten Ausgang kann das nur, wer den Bot konfigurieren darf).',
  'publish.ask.retried': 'Erneut versucht.',
  'publish.ask.line.edited': '✏️ Die Anfrage wurde bearbeitet: Die bisher erteilten Freigaben zählen nicht mehr.',
  'publish.ask.line.cancelled': '🚫 Abgebrochen von {who}; es wird nichts gepostet.',
  'publish.ask.line.expired':
    '⌛ {who}, die Freigaben dieser Anfrage sind nach {hours} h abgelaufen, daher wird nichts gepostet. Bearbeite sie, um erneut zu fragen (die Freigaben beginnen von vorn), oder brich sie ab.',
  'publish.ask.markedByHand': 'Von Hand als gepostet markiert (die Antwort der API kam nie an).',
  'publish.version.sub': 'Untertitel…',
  'publish.version.broll': 'B-Roll…',
  'publish.version.cut': 'Neuer Schnitt…',
  'publish.version.link': 'Ein Videolink…',
  'publish.version.pickPlaceholder': 'Ein fertiges Video aus diesem Thread',
  'publish.version.menu':
    '🎞️ {who} erstellt Version {n} dieser Anfrage. Wie? (Die anfragende Person oder wer den Bot konfigurieren darf, wählt.)',
  'publish.version.chooseInThread': 'Wähle im Thread der Anfrage, wie Version {n} entstehen soll.',
  'publish.version.pick':
    '{kind, select, clip {Reel {n}} subtitles {Untertiteltes Video} broll {B-Roll-Video} other {Video}} von Job {job}',
  'publish.version.pickTitled':
    '{kind, select, clip {Reel {n}} subtitles {Untertiteltes Video} broll {B-Roll-Video} other {Video}} von Job {job} — {title}',
  'publish.version.line': '🎞️ Version {n} von {who} ({how}): {parts}. Die Freigaben beginnen von vorn.',
  'publish.version.lineAgain':
    '🎞️ Version {n} von {who} ({how}): {parts}. Die Freigaben beginnen von vorn. {others}: Bitte schaut noch einmal drauf.',
  'publish.version.answers': 'beantwortet {asks}',
  'publish.version.answersNone': 'beantwortet keine Änderungsanfrage',
  'publish.version.stillOpen': 'noch offen: {asks}',
  'publish.version.made': 'Version {n} ist jetzt das Video der Anfrage; ihre Freigaben beginnen von vorn.',
  'publish.version.madeLook':
    'Version {n} ist jetzt das Video der Anfrage; ihre Freigaben beginnen von vorn. {reviewers} können noch einmal prüfen: Der Link, den du geschickt hast, zeigt jetzt Version {n}.',
  'publish.version.late': '🎞️ Das Video für Version {n} ist fertig, aber die Anfrage hat es nicht übernommen: {why}',
  'publish.version.changedMeanwhile': 'sie hat sich inzwischen geändert',
  'publish.version.expired': 'Die Media-API ist nicht rechtzeitig damit fertig geworden.',
  'publish.version.noVideo': 'Der Job hat kein Video erstellt.',
  'publish.version.failed':
    '⚠️ {who}, Version {n} konnte nicht erstellt werden ({how}), daher bleibt Version {still} das Video der Anfrage, und ihre Freigaben zählen weiter.',
  'publish.version.brollAgain': 'erneut mit B-Roll geschnitten',
  'publish.version.jobSummary': 'Version {n} der Veröffentlichungsanfrage {id}: {how}',
  'publish.version.title':
    '{how, select, sub {Version {n}: Untertitel} broll {Version {n}: B-Roll} cut {Version {n}: neuer Schnitt} link {Version {n}: Videolink} other {Version {n}: Video aus dem Thread}}',
  'publish.version.label.template': 'Vorlage',
  'publish.version.label.position': 'Position',
  'publish.version.label.size': 'Größe',
  'publish.version.label.brollType': 'B-Roll-Art',
  'publish.version.label.brollFrequency': 'B-Roll-Häufigkeit',
  'publish.version.label.prompt': 'Prompt (was der neue Schnitt tun soll)',
  'publish.version.label.keywords': 'Stichwörter (durch Kommas getrennt)',
  'publish.version.label.duration': 'Dauer in Sekunden (min-max)',
  'publish.version.label.switches': 'Schalter',
  'publish.version.label.url': 'Videolink',
  'publish.version.label.note': 'Notiz (optional, wird nirgends gesendet)',
  'publish.version.label.answers': 'Beantwortet (Nicht Beantwortetes abwählen)',
  'publish.version.answerChoice': '{name}{at} (Version {n}): {reason}',
  'publish.version.switch':
    '{name, select, hook {Hook} remove_fillers {Füllwörter entfernen} remove_silences {Pausen entfernen} music {Musik} other {B-Roll}}',
  'publish.version.notOneOf': '{label} „{value}“ ist keiner der Werte {allowed}.',
  'publish.version.noSource':
    'Diese Version ist kein Reel eines Clips, daher gibt es kein Quellvideo, das neu geschnitten werden kann.',
  'publish.version.unknownSwitch': 'Unbekannter Schalter „{name}“: Wähle aus {switches}.',
  'publish.version.badLink': 'Gib einen Link zum Video an, der mit https:// (oder http://) beginnt.',
  'publish.version.pickGone':
    'Dieses Video wird für diese Anfrage nicht mehr angeboten. Klick noch einmal auf „Neue Version…“.',
  'publish.version.formGone': 'Dieses Formular ist abgelaufen. Klick noch einmal auf „Neue Version…“.',
  'publish.setup.section': 'Veröffentlichung',
  'publish.setup.policyField': 'Freigaberegeln',
  'publish.setup.ruleField': 'Wie Freigaben zählen',
  'publish.setup.accountsField': 'Soziale Konten',
  'publish.setup.footer':
    'Ändern: /setup approvals=2 remind=4h timezone=Europe/Berlin · /setup socials add <name> platform=x',
  'publish.setup.rule':
    'Jede Freigabe steht für ein Teammitglied: die eines Mitglieds für dieses Mitglied, die einer externen Prüfperson für das Mitglied, das sie eingeladen hat (wenn es freigeben darf). Gezählt werden verschiedene Mitglieder; die anfragende Person zählt bei self_approve=no nie. outside_review=required verlangt zusätzlich eine externe Freigabe, über einen beliebigen Link.',
  'publish.setup.noAccounts':
    'Noch keine sozialen Konten. Füge eines hinzu: `/setup socials add <name> platform=x` (der Zugangsschlüssel kommt in ein privates Formular).',
  'publish.setup.listTitle': '**Soziale Konten dieses Kanals**',
  'publish.setup.policyLine': 'Freigaberegeln: {policy}',
  'publish.setup.savedPolicy': 'Die Freigaberegeln wurden gespeichert.',
  'publish.setup.badName':
    'Gib dem Konto einen kurzen Namen (Buchstaben, Ziffern, - und _): `/setup socials add brand_x platform=x`.',
  'publish.setup.removed': 'Das Konto {name} wurde entfernt.',
  'publish.setup.noSuchAccount': 'Es gab kein Konto {name}.',
  'publish.setup.badPlatform': 'platform muss einer dieser Werte sein: {platforms}.',
  'publish.setup.keyTitle': 'Schlüssel für {name}',
  'publish.setup.keyLabel': 'Zugangsschlüssel',
  'publish.setup.keyHint': 'Der Zugangsschlüssel des {platform}-Kontos aus dem Dashboard der Media-API',
  'publish.setup.keyEmpty': 'Der Zugangsschlüssel war leer; nichts wurde geändert.',
  'publish.setup.keyOdd':
    'Das sieht nicht nach einem Zugangsschlüssel aus (er enthält Leerzeichen oder ist zu lang); nichts wurde geändert.',
  'publish.setup.keySaved':
    'Der Zugangsschlüssel von {name} ({platform}) wurde gespeichert. Er wird verschlüsselt aufbewahrt und nur mit seinem Namen angezeigt.',
};
