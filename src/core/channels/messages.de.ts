export const CHANNELS_DE: Readonly<Record<string, string>> = {
  'command.setup': 'Den Bot für diesen Kanal einrichten (API-Schlüssel, Standardwerte)',
  'command.setup.action': 'show (Standard), key (API-Schlüssel privat eingeben), clear_key',
  'command.setup.language': 'Standardsprache für /clip und /subtitles',
  'command.setup.voice': 'Standardstimme für /tts und /ttv (none entfernt sie)',
  'command.setup.template': 'Standardstil der Untertitel',
  'command.setup.locale': 'Sprache, in der der Bot hier für alle schreibt: en, de, es, fr, pt-BR, ja (auto: Standard)',
  'command.setup.force': 'Mit key: ohne Prüfung durch die API speichern (wenn die API nicht erreichbar ist)',
  'setup.heading': '**reelbot-Einstellungen für diesen Kanal**',
  'setup.card_title': 'Kanaleinstellungen',
  'setup.field_key': 'API-Schlüssel',
  'setup.field_language': 'Standardsprache',
  'setup.field_voice': 'Standardstimme',
  'setup.field_template': 'Standardstil der Untertitel',
  'setup.field_results': 'Ergebnisse kommen per',
  'setup.field_budget': 'Anfragebudget',
  'setup.field_locale': 'Sprache des Bots hier',
  'setup.locale_set': '{name} (`{tag}`), festgelegt mit `/setup locale=`',
  'setup.locale_default': '{name} (`{tag}`), der Standard: private Antworten folgen der Sprache jeder Person',
  'setup.key_own': '{masked} (der eigene Schlüssel dieses Kanals)',
  'setup.key_unreadable':
    '⚠️ der gespeicherte Schlüssel lässt sich nicht mehr lesen — lege ihn mit `/setup key` neu fest',
  'setup.key_team': 'der teamweite Schlüssel (MEDIA_API_KEY)',
  'setup.key_sandbox': 'keiner nötig: der Bot läuft gegen die lokale Sandbox',
  'setup.key_none': 'keiner — füge mit `/setup key` einen hinzu',
  'setup.voice_api_default': 'Standard der API',
  'setup.results_webhook': 'Webhook (mit Abfragen als Rückfallebene)',
  'setup.results_polling': 'Abfragen (kein PUBLIC_URL gesetzt)',
  'setup.footer':
    'Ändern: /setup key · /setup clear_key · /setup language=french voice=Jenny template=beast · voice=none entfernt die Stimme · /setup locale=de',
  'setup.key_form_title': 'Media-API-Schlüssel für diesen Kanal',
  'setup.key_form_title_force': 'API-Schlüssel (ohne Prüfung)',
  'setup.key_label': 'API-Schlüssel',
  'setup.key_placeholder': 'Füge den Schlüssel aus deinem Media-API-Dashboard ein',
  'setup.key_removed': 'Der API-Schlüssel dieses Kanals wurde entfernt.',
  'setup.saved': 'Die Standardwerte des Kanals wurden gespeichert.',
  'setup.saved_voice_cleared':
    'Die Standardwerte des Kanals wurden gespeichert. Die Standardstimme ist entfernt: /tts und /ttv nutzen die Standardstimme der API, wenn keine Stimme angegeben ist.',
  'setup.locale_unknown':
    "In ''{value}'' schreibt der Bot nicht. Diese Sprachen schreibt er: {languages}. (`language=` ist die gesprochene Sprache der Videos.)",
  'setup.key_empty': 'Der API-Schlüssel war leer; nichts wurde geändert.',
  'setup.key_malformed':
    'Das sieht nicht nach einem API-Schlüssel aus (er enthält Leerzeichen oder ist zu lang); nichts wurde geändert.',
  'setup.key_saved_force':
    'Der API-Schlüssel für diesen Kanal wurde ohne Prüfung gespeichert (force): Der erste Job wird es zeigen.',
  'setup.key_saved':
    'Der API-Schlüssel für diesen Kanal wurde gespeichert. ✓ Die Media-API akzeptiert ihn ({count, plural, one {# Stimme} other {# Stimmen}} verfügbar).',
  'setup.key_kept': ' Dieser Kanal behält seinen bisherigen Schlüssel ({masked}).',
  'setup.key_rejected':
    '⚠️ Der Schlüssel wurde nicht gespeichert: Die Media-API hat den API-Schlüssel abgelehnt (401). Prüfe, ob er vollständig kopiert wurde, und versuch es noch einmal.{kept}',
  'setup.key_refused': '⚠️ Der Schlüssel wurde nicht gespeichert: {reason}{kept}',
  'setup.key_check_failed':
    '⚠️ Der Schlüssel wurde nicht gespeichert, weil die Prüfung fehlgeschlagen ist: {reason}{kept} Wenn die Media-API nicht erreichbar ist und du dir beim Schlüssel sicher bist, speichere ihn mit `/setup key force` ohne Prüfung.',
};
