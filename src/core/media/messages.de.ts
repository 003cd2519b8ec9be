import type { Translation } from '../i18n/messages.ts';
import type { MEDIA_EN } from './messages.ts';

export const MEDIA_DE: Translation<typeof MEDIA_EN> = {
  'media.said': ' Die API sagte: „{message}“.',
  'media.budget_spent':
    '{scope, select, workspace {Dieser Workspace hat seinen Anteil am gemeinsamen Schlüssel des Bots aufgebraucht: {limit} Anfragen in dieser Stunde{reserved}} other {Der Schlüssel dieses Kanals hat seine {limit} Anfragen in dieser Stunde{reserved} aufgebraucht}}; die nächste wird um {time} UTC frei.',
  'media.budget_reserved': ' für neue Arbeit ({reserved} weitere sind für das Abrufen von Ergebnissen reserviert)',
  'media.budget_workspace':
    '{said} Das ist ein Limit von reelbot selbst (MEDIA_API_WORKSPACE_SHARE={perHour}), damit jeder Workspace seinen Anteil am Schlüssel des Betreibers behält. Wer den Bot konfigurieren darf, kann mit `/setup key` einen eigenen Schlüssel für diesen Kanal festlegen.',
  'media.budget_key':
    '{said} Das ist ein Limit von reelbot selbst (MEDIA_API_RATE_LIMIT={perHour}), damit der Tarif der Medien-API eingehalten wird.',
  'media.refused':
    'Die Medien-API hat die Anfrage abgelehnt (400).{said} Prüfe den Link und die Optionen und versuche es dann noch einmal.',
  'media.bad_key':
    'Die Medien-API hat den API-Schlüssel abgelehnt (401). Wer den Bot konfigurieren darf, kann mit `/setup key` einen gültigen Schlüssel festlegen.',
  'media.forbidden':
    'Der API-Schlüssel darf das nicht (403).{said} Prüfe den Tarif des Kontos, zu dem der Schlüssel gehört.',
  'media.not_found': 'Die Medien-API kennt dieses Projekt nicht (404).{said}',
  'media.too_many':
    'Gerade zu viele Anfragen an die Medien-API (429): Das Anfragenbudget des Tarifs ist aufgebraucht.{wait}',
  'media.wait': ' Versuche es in {unit, select, s {{n} s} other {{n} min}} noch einmal.',
  'media.wait_unknown': ' Versuche es in ein paar Minuten noch einmal.',
  'media.server':
    'Die Medien-API hatte ein Problem ({status}).{said} Es ist nichts verloren; versuche es in ein paar Minuten noch einmal.',
  'media.unreachable':
    'Die Medien-API war nicht erreichbar (Netzwerkfehler oder Zeitüberschreitung). Versuche es gleich noch einmal.',
  'media.answered': 'Die Medien-API antwortete mit {status}.{said}',
  'media.store_away': 'Der Speicher ist nicht erreichbar, versuche es gleich noch einmal.',
  'media.unexpected':
    'Bei uns ist etwas schiefgelaufen. Der Fehler wurde protokolliert; bitte versuche es noch einmal.',
};
