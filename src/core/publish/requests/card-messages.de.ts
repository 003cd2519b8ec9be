// Publishing's card, thread lines and shared words in German (du, as the bot speaks in chat).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_CARD_EN } from './card-messages.ts';

export const PUBLISH_CARD_DE: Translation<typeof PUBLISH_CARD_EN> = {
  'publish.card.outside_reviewer': '{name}, externe Prüfperson',
  'publish.card.outside_reviewer_invited': '{name}, externe Prüfperson, eingeladen von {inviter}',
  'publish.card.decided':
    '{state, select, published {Diese Anfrage wurde bereits veröffentlicht.} cancelled {Diese Anfrage wurde abgebrochen.} publishing {Diese Anfrage wird gerade veröffentlicht.} unknown {Wie diese Anfrage ausgegangen ist, ist unbekannt; wer den Bot konfigurieren darf, kann sie als gepostet markieren oder es erneut versuchen.} scheduled {Diese Anfrage ist bereits freigegeben und geplant.} other {Über diese Anfrage wurde bereits entschieden.}}',
  'publish.card.how':
    '{how, select, asked {das ursprünglich angefragte Video} subtitles {Untertitel} broll {B-Roll} cut {ein neuer Schnitt} thread {ein Video aus dem Thread} other {ein Videolink}}',
  'publish.when.utc': '{local} UTC',
  'publish.when.zoned': '{local} ({zone}) · {utc} UTC',
  'publish.when.unreadable':
    'Ich konnte den Zeitpunkt „{text}“ nicht lesen: Versuch es mit `now`, `tomorrow 6pm`, `in 2 hours` oder `2026-12-01 18:00`.',
  'publish.when.past': 'Der Zeitpunkt {when} liegt in der Vergangenheit: Wähl einen späteren oder `now`.',
  'publish.when.too_far': 'Der Zeitpunkt {when} liegt mehr als ein Jahr in der Zukunft: Wähl einen früheren.',
  'publish.policy.approvers_anyone': 'alle im Kanal',
  'publish.policy.duration': '{unit, select, d {{n} Tg.} h {{n} Std.} other {{n} Min.}}',
  'publish.policy.describe':
    '{approvals, plural, =0 {keine Freigabe nötig} one {# Freigabe} other {# Freigaben}} · eigene Freigabe {self, select, yes {erlaubt} other {nicht erlaubt}} · Freigaben verfallen nach {hours} Std. · Freigebende: {who} · Zeitzone {zone} · {remind, select, off {Erinnerungen aus} other {Erinnerungen alle {every} (höchstens 3)}} · externe Prüfung {outside, select, required {erforderlich} other {optional}}',
  'publish.card.at': ' bei {position}',
  'publish.card.approve': 'Freigeben',
  'publish.card.request_changes': 'Änderungen anfordern',
  'publish.card.edit': 'Bearbeiten',
  'publish.card.cancel': 'Abbrechen',
  'publish.card.post_now': 'Jetzt posten',
  'publish.card.new_time': 'Neuer Zeitpunkt',
  'publish.card.try_again': 'Erneut versuchen',
  'publish.card.mark_posted': 'Als gepostet markieren',
  'publish.card.invite': 'Prüfperson einladen',
  'publish.card.new_version': 'Neue Version…',
  'publish.card.revoke': 'Prüflinks widerrufen',
  'publish.card.revoke_one': 'Link einer Prüfperson widerrufen',
  'publish.card.watch': '▶ Video',
  'publish.card.head':
    '{state, select, pending {📝 Veröffentlichungsanfrage — wartet auf Freigabe} scheduled {🗓️ Veröffentlichungsanfrage — freigegeben, geplant} overdue {⏰ Veröffentlichungsanfrage — ihr Zeitpunkt ist verstrichen: jetzt posten oder einen neuen Zeitpunkt wählen} publishing {⏳ Wird veröffentlicht…} published {✅ Veröffentlicht} failed {⚠️ Nicht veröffentlicht} unknown {❓ Ergebnis unbekannt — vielleicht wurde es gepostet, vielleicht nicht} other {🚫 Abgebrochen}}',
  'publish.card.head_changes': '✏️ Veröffentlichungsanfrage — Änderungen angefordert',
  'publish.card.head_expired':
    '⌛ Veröffentlichungsanfrage — Freigaben abgelaufen (wer sie gestellt hat, kann mit Bearbeiten erneut fragen)',
  'publish.card.head_making': '{head} · Version {n} in Arbeit',
  'publish.card.text': '{head}: {title}{ask}',
  'publish.card.latest_ask': ' — {who} bittet: „{reason}“',
  'publish.card.field_version': 'Version',
  'publish.card.field_title': 'Titel',
  'publish.card.field_description': 'Beschreibung',
  'publish.card.none': '(leer)',
  'publish.card.field_accounts': 'Konten',
  'publish.card.field_privacy': 'Sichtbarkeit',
  'publish.card.privacy':
    '{privacy, select, public {öffentlich} private {privat} unlisted {nicht gelistet} other {{privacy}}}',
  'publish.card.field_schedule': 'Termin',
  'publish.card.when_approved': 'sofort nach der Freigabe',
  'publish.card.field_requested_by': 'Angefragt von',
  'publish.card.field_approval': 'Freigabe',
  'publish.card.field_posts': 'Beiträge',
  'publish.card.field_approved_by': 'Freigegeben von',
  'publish.card.field_moved_by': 'Verschoben von',
  'publish.card.moved': '{who} am {when} (war fällig am {from})',
  'publish.card.field_decided_by':
    '{state, select, published {Veröffentlicht von} cancelled {Abgebrochen von} other {Zuletzt bearbeitet von}}',
  'publish.card.decided_at': '{who} am {when}',
  'publish.card.field_changes': 'Angeforderte Änderungen',
  'publish.card.field_changes_by_version': 'Änderungswünsche nach Version',
  'publish.card.field_reviewers': 'Externe Prüfpersonen',
  'publish.card.footer': 'Anfrage {id} · Freigaben verfallen nach {hours} Std.',
  'publish.card.change_on_version': ' (zu Version {n})',
  'publish.card.change_line': '{who}{at}{on}: {reason}',
  'publish.card.changes_more': '…und {count} frühere',
  'publish.card.changes_tail':
    'Freigaben zählen weiterhin; „Neue Version…“ oder „Bearbeiten“ durch die anfragende Person beantwortet diese Wünsche.',
  'publish.card.by_version_open': 'offen: {who}',
  'publish.card.by_version_answers': 'beantwortet {who}',
  'publish.card.by_version_answer': '{who}{at} (zu Version {n} gewünscht)',
  'publish.card.by_version': 'Version {n} ({how}): {parts}',
  'publish.card.by_version_none': 'keine Änderungswünsche',
  'publish.card.version_made': 'Version {n} von {total}: {how}, von {who}',
  'publish.card.version_sent':
    '{made}. {state, select, published {Gepostet} publishing {Wird gerade gepostet} other {Wird gepostet}}: Version {n}, mit den Freigaben für Version {n}.',
  'publish.card.version_making':
    '🛠️ Version {n} in Arbeit ({how}) von {who}: Sie wird zum Video, sobald ihr Job fertig ist; bis dahin gilt Version {current}.',
  'publish.card.version_unmade':
    '⚠️ Version {n} konnte nicht erstellt werden: {error} Version {current} bleibt, mit ihren Freigaben.',
  'publish.card.not_counted': '{who} (zählt nicht)',
  'publish.card.waiting_outside': ' · wartet auf eine externe Prüfperson',
  'publish.card.needs_outside': 'braucht die Freigabe einer externen Prüfperson',
  'publish.card.no_approval_needed': 'keine Freigabe nötig',
  'publish.card.expired': ' · ⌛ abgelaufen',
  'publish.card.from_members': 'Mitgliedern, die freigeben dürfen',
  'publish.card.from_nobody':
    'niemandem: Keine der genannten freigebenden Personen ist mehr übrig (ändere /setup approvers)',
  'publish.card.awaited':
    ' · wartet auf {short} weitere von {from} (eine externe Prüfperson zählt für die freigebende Person, die sie eingeladen hat)',
  'publish.card.of_version': ' für Version {n}',
  'publish.card.needs':
    'braucht {approvals, plural, one {# Freigabe} other {# Freigaben}} ({counted}/{total}){of}{names}{awaited}{outside}{expired}',
};
