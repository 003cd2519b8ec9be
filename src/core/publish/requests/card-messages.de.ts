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
};
