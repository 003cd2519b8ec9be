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
  'publish.thread.anyone_can_approve': 'Alle im Kanal können sie freigeben.',
  'publish.thread.anyone_but_requester': 'Alle außer der anfragenden Person können sie freigeben.',
  'publish.thread.no_approver_left':
    'Keine der genannten freigebenden Personen ist mehr übrig, um sie freizugeben: Wer den Bot konfigurieren darf, kann `/setup approvers` ändern.',
  'publish.thread.can_approve': 'Freigeben können: {who}.',
  'publish.thread.reminder_missing':
    '{outside, select, yes {die Freigabe einer externen Prüfperson} other {{count, plural, one {noch # Freigabe} other {noch # Freigaben}}}}',
  'publish.thread.reminder_also': ' (eine davon von einer externen Prüfperson)',
  'publish.thread.reminder_needs':
    'braucht {missing}{also} · läuft ab in {unit, select, day {{n, plural, one {# Tag} other {# Tagen}}} hour {{n, plural, one {# Stunde} other {# Stunden}}} other {{n, plural, one {# Minute} other {# Minuten}}}}',
  'publish.thread.reminder_slot':
    '🔔 Dieser Beitrag ist für {when} geplant und {needs}. {who} Kommt die Freigabe erst nach diesem Zeitpunkt, wird nichts verspätet gepostet, ohne vorher zu fragen.',
  'publish.thread.reminder_missed':
    ' Sein Zeitpunkt ({when}) ist verstrichen: Nach der Freigabe wählt die anfragende Person „Jetzt posten“ oder „Neuer Zeitpunkt“.',
  'publish.thread.reminder': '🔔 Erinnerung {n}/{max}: Diese Anfrage {needs}.{missed} {who}',
  'publish.thread.scheduled': '🗓️ Freigegeben: Es wird am {when} gepostet.',
  'publish.thread.missed_down': 'Dieser Beitrag war für {when} fällig, als der Bot nicht lief.',
  'publish.thread.missed_late':
    'Die letzte Freigabe kam nach dem Zeitpunkt dieses Beitrags ({when}), deshalb wurde er nicht verspätet gepostet.',
  'publish.thread.missed':
    '⏰ {cause} {requester}, jetzt posten oder einen neuen Zeitpunkt wählen? (Abbrechen verwirft ihn.)',
  'publish.thread.moved':
    '🗓️ {who} hat diesen Beitrag auf {when} verschoben (fällig war er am {from}). Die erteilten Freigaben zählen weiter.',
  'publish.thread.published': '✅ Veröffentlicht auf {posts}. {requester}',
  'publish.thread.not_published': '⚠️ Nicht veröffentlicht. {error}',
  'publish.thread.outcome_unknown': '❓ Ergebnis unbekannt: {error}',
  'publish.thread.nothing_posted': 'Es wurde nichts gepostet: {why}',
  'publish.thread.api_slow_down':
    'Die Medien-API hat uns gebeten, langsamer zu machen (429). Versuch es in ein paar Minuten erneut.',
  'publish.thread.api_key_refused':
    'Die Medien-API hat den API-Schlüssel des Kanals abgelehnt ({status}); prüf `/setup key` und versuch es dann erneut.',
  'publish.thread.api_refused':
    'Die Medien-API hat die Anfrage abgelehnt ({status}); prüf die Zugangsschlüssel (`/setup socials`) und die Texte und versuch es dann erneut.',
  'publish.thread.api_unknown':
    '{answered, select, yes {Die Medien-API hat mit {status} geantwortet} other {Die Medien-API hat nicht rechtzeitig geantwortet (oder war nicht erreichbar)}}, daher wurde der Beitrag vielleicht erstellt, vielleicht nicht. Prüf die Konten und nutze dann „Als gepostet markieren“ oder „Erneut versuchen“.',
  'publish.thread.not_replicated':
    'Es wurde nichts gepostet: Der Speicher war nicht verfügbar (kein Replikat hat diesen Versuch bestätigt). Versuch es gleich noch einmal.',
  'publish.thread.accounts_gone':
    '{count, plural, one {Es wurde nichts gepostet: Das Konto {names} ist in diesem Kanal nicht mehr eingerichtet (`/setup socials`).} other {Es wurde nichts gepostet: Die Konten {names} sind in diesem Kanal nicht mehr eingerichtet (`/setup socials`).}}',
  'publish.thread.no_post_id': '(keine ID zurückgegeben)',
  'publish.thread.stopped':
    'Der Bot wurde angehalten, während dies veröffentlicht wurde, daher wurde der Beitrag vielleicht erstellt, vielleicht nicht. Prüf die Konten und nutze dann „Als gepostet markieren“ oder „Erneut versuchen“.',
  'publish.thread.unrecorded':
    'Der Bot konnte nicht festhalten, ob dies veröffentlicht wurde, daher wurde der Beitrag vielleicht erstellt, vielleicht nicht. Prüf die Konten und nutze dann „Als gepostet markieren“ oder „Erneut versuchen“.',
  'publish.when.not_yours':
    'Nur die Person, die gefragt hat, oder wer den Bot konfigurieren darf, kann einen neuen Zeitpunkt wählen.',
  'publish.when.gone': 'Diese Veröffentlichungsanfrage gibt es nicht mehr.',
  'publish.when.moved': 'Verschoben: Es wird am {when} gepostet.',
  'publish.scheduled.state_scheduled': 'freigegeben, wartet auf seinen Zeitpunkt',
  'publish.scheduled.state_overdue': 'Zeitpunkt verstrichen: Jetzt posten, Neuer Zeitpunkt oder Abbrechen',
  'publish.scheduled.state_publishing': 'wird gerade veröffentlicht',
  'publish.scheduled.state_failed': 'nicht veröffentlicht',
  'publish.scheduled.state_failed_because': 'nicht veröffentlicht: {error}',
  'publish.scheduled.state_unknown':
    '❓ Ergebnis unbekannt, vielleicht gepostet, vielleicht nicht: Prüf das Konto und wähl dann Als gepostet markieren oder Erneut versuchen',
  'publish.scheduled.published_at': 'veröffentlicht am {when}',
  'publish.scheduled.when_approved': 'sofort nach der Freigabe',
  'publish.scheduled.right_away': 'sofort',
  'publish.scheduled.approved_by': ' · freigegeben von {who}',
  'publish.scheduled.approved_by_nobody': ' · noch von niemandem freigegeben',
  'publish.scheduled.version': ' · {state, select, published {gepostet: Version} other {Version}} {n}',
  'publish.scheduled.version_approved':
    ' · {state, select, published {gepostet: Version} other {Version}} {n} (Freigaben für Version {n})',
  'publish.scheduled.line':
    '`{id}` **{what}** → {accounts} · {when}{state}{version} · angefragt von {requester}{approved}',
  'publish.scheduled.head':
    '**Noch nicht veröffentlicht: wartet auf Freigabe, auf den Zeitpunkt oder auf eine Entscheidung** ({count})',
  'publish.scheduled.head_more':
    '**Noch nicht veröffentlicht: wartet auf Freigabe, auf den Zeitpunkt oder auf eine Entscheidung** ({count}) — unten die ersten {shown}',
  'publish.scheduled.nothing_waiting': 'Nichts wartet.',
  'publish.scheduled.last_published': 'Zuletzt veröffentlicht',
  'publish.scheduled.nothing_published': 'Noch nichts veröffentlicht.',
  'publish.policy.bad_approvals': 'approvals muss eine ganze Zahl von 0 bis 20 sein.',
  'publish.policy.bad_self_approve': 'self_approve muss yes oder no sein.',
  'publish.policy.bad_expiry': 'approval_expiry muss wie 72h oder 3d aussehen.',
  'publish.policy.bad_timezone':
    'timezone muss eine IANA-Zeitzone wie Europe/Berlin oder America/New_York sein, nicht „{zone}“.',
  'publish.policy.bad_remind':
    'remind muss eine Wartezeit von mindestens 1 Minute sein, etwa 30m, 4h oder 1d, oder off — nicht „{value}“.',
  'publish.policy.bad_outside_review': 'outside_review muss required oder optional sein, nicht „{value}“.',
};
