export const VOICES_DE: Readonly<Record<string, string>> = {
  'command.voices': 'Die Stimmen durchsuchen, mit Hörproben',
  'command.voices.language': 'Name oder Code der Sprache (Französisch, fr-FR)',
  'command.voices.gender': 'Männlich oder weiblich',
  'command.voices.style': 'Sprechstil (general, cheerful, newscast…)',
  'command.voices.query': 'Wörter im Namen der Stimme',
  'lookup.voice': 'Name oder ID der Stimme (siehe /voices)',
};
