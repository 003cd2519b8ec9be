export const VOICES_ES: Readonly<Record<string, string>> = {
  'command.voices': 'Explorar las voces, con muestras',
  'command.voices.language': 'Nombre o código del idioma (francés, fr-FR)',
  'command.voices.gender': 'Masculina o femenina',
  'command.voices.style': 'Estilo de habla (general, cheerful, newscast…)',
  'command.voices.query': 'Palabras del nombre de la voz',
  'lookup.voice': 'Nombre o id de la voz (consulta /voices)',
};
