export const VOICES_PT_BR: Readonly<Record<string, string>> = {
  'command.voices': 'Explorar as vozes, com amostras',
  'command.voices.language': 'Nome ou código do idioma (francês, fr-FR)',
  'command.voices.gender': 'Masculina ou feminina',
  'command.voices.style': 'Estilo de fala (general, cheerful, newscast…)',
  'command.voices.query': 'Palavras no nome da voz',
  'lookup.voice': 'Nome ou id da voz (veja /voices)',
};
