import type { Translation } from '../core/i18n/messages.ts';
import type { CONSOLE_EN } from './messages.ts';

export const CONSOLE_DE: Translation<typeof CONSOLE_EN> = {
  'console.only_you': '(nur du)',
  'console.press': 'tippe:',
  'console.thumbnail': 'Vorschaubild:',
  'console.form_title': '{title} —{keep} {cancel} schließt das Formular.',
  'console.form_keep': ' Enter übernimmt die Antwort in [ ].',
  'console.choose_from': 'zur Auswahl: {choices}',
  'console.not_shown': 'wird niemand anderem angezeigt',
  'console.form_closed': 'Formular geschlossen; nichts wurde gesendet.',
  'console.fix': 'Korrigiere die Antwort oben{keep} oder schließe das Formular mit {cancel}.',
  'console.fix_keep': ' und drücke Enter, um die anderen zu behalten,',
  'console.slash':
    'Befehle beginnen mit einem Schrägstrich, z. B. `/clip https://youtu.be/… reels=2`. Tippe /help für die Liste.',
  'console.as_bad':
    '⚠️ `/as <name>`: ein Name aus Buchstaben und Ziffern, z. B. `/as bea`; `/as` allein, um wieder du selbst zu sein.',
  'console.as_back': 'Du bist wieder {who} (du darfst den Bot konfigurieren).',
  'console.as_member':
    'Du bist jetzt {who}, ein Mitglied, das den Bot nicht konfigurieren darf. `/as` bringt dich zurück.',
  'console.welcome': 'reelbot-Konsole — tippe /help zum Loslegen, quit zum Beenden.',
  'console.listening': 'Erreichbar unter {url} (Zustandsprüfung: {healthz}).',
  'console.still_running':
    '{count, plural, one {# Job läuft noch und geht nicht verloren: Der nächste Start mit diesem Datenordner nimmt ihn wieder auf und gibt die Ergebnisse aus.} other {# Jobs laufen noch und gehen nicht verloren: Der nächste Start mit diesem Datenordner nimmt sie wieder auf und gibt die Ergebnisse aus.}}',
  'console.stopped_waiting':
    'Nach {seconds} s nicht mehr gewartet; unfertige Jobs bleiben im Speicher und werden beim nächsten Start wieder aufgenommen.',
  'console.refused': '{count, plural, one {# Befehl wurde abgelehnt} other {# Befehle wurden abgelehnt}}',
  'console.failed': '{count, plural, one {# Job ist fehlgeschlagen} other {# Jobs sind fehlgeschlagen}}',
  'console.resuming':
    '{count, plural, one {# Job in diesem Datenordner läuft noch und wird fortgesetzt: Sein Ergebnis erscheint hier, sobald es fertig ist.} other {# Jobs in diesem Datenordner laufen noch und werden fortgesetzt: Ihre Ergebnisse erscheinen hier, sobald sie fertig sind.}}',
};
