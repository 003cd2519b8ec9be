export const VOICES_FR: Readonly<Record<string, string>> = {
  'command.voices': 'Parcourir les voix, avec des extraits',
  'command.voices.language': 'Nom ou code de la langue (français, fr-FR)',
  'command.voices.gender': 'Masculine ou féminine',
  'command.voices.style': 'Style d’élocution (general, cheerful, newscast…)',
  'command.voices.query': 'Mots du nom de la voix',
  'lookup.voice': 'Nom ou identifiant de la voix (voir /voices)',
};
