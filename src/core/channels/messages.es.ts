export const CHANNELS_ES: Readonly<Record<string, string>> = {
  'command.setup': 'Configurar el bot para este canal (clave de API, valores por defecto)',
  'command.setup.action': 'show (por defecto), key (clave de API en privado), clear_key',
  'command.setup.language': 'Idioma por defecto para /clip y /subtitles',
  'command.setup.voice': 'Voz por defecto para /tts y /ttv (none la quita)',
  'command.setup.template': 'Estilo de subtítulos por defecto',
  'command.setup.locale': 'Idioma en que el bot escribe aquí para todos: en, de, es, fr, pt-BR, ja (auto: por defecto)',
  'command.setup.force': 'Con key: guardarla sin comprobarla con la API (si la API no responde)',
  'setup.heading': '**Ajustes de reelbot para este canal**',
  'setup.card_title': 'Ajustes del canal',
  'setup.field_key': 'Clave de API',
  'setup.field_language': 'Idioma por defecto',
  'setup.field_voice': 'Voz por defecto',
  'setup.field_template': 'Estilo de subtítulos por defecto',
  'setup.field_results': 'Los resultados llegan por',
  'setup.field_budget': 'Presupuesto de solicitudes',
  'setup.field_locale': 'Idioma del bot aquí',
  'setup.locale_set': '{name} (`{tag}`), fijado con `/setup locale=`',
  'setup.locale_default':
    '{name} (`{tag}`), el predeterminado: las respuestas privadas siguen el idioma de cada persona',
  'setup.key_own': '{masked} (la clave propia de este canal)',
  'setup.key_unreadable': '⚠️ la clave guardada ya no se puede leer — vuelve a configurarla con `/setup key`',
  'setup.key_team': 'la clave de todo el equipo (MEDIA_API_KEY)',
  'setup.key_sandbox': 'no hace falta: el bot funciona con el sandbox local',
  'setup.key_none': 'ninguna — usa `/setup key` para añadir una',
  'setup.voice_api_default': 'la de la API',
  'setup.results_webhook': 'webhook (con consultas periódicas de respaldo)',
  'setup.results_polling': 'consultas periódicas (sin PUBLIC_URL)',
  'setup.footer':
    'Cambiar: /setup key · /setup clear_key · /setup language=french voice=Jenny template=beast · voice=none quita la voz · /setup locale=es',
  'setup.key_form_title': 'Clave de la API de medios para este canal',
  'setup.key_form_title_force': 'Clave de API (guardada sin comprobar)',
  'setup.key_label': 'Clave de API',
  'setup.key_placeholder': 'Pega la clave del panel de tu API de medios',
  'setup.key_removed': 'Se ha quitado la clave de API de este canal.',
  'setup.saved': 'Se han guardado los valores por defecto del canal.',
  'setup.saved_voice_cleared':
    'Se han guardado los valores por defecto del canal. Se ha quitado la voz por defecto: /tts y /ttv usan la voz por defecto de la API si no se indica ninguna.',
  'setup.locale_unknown':
    "El bot no escribe en ''{value}''. Idiomas en que escribe: {languages}. (`language=` es el idioma hablado de los vídeos.)",
  'setup.key_empty': 'La clave de API estaba vacía; no se ha cambiado nada.',
  'setup.key_malformed':
    'Eso no parece una clave de API (tiene espacios o es demasiado larga); no se ha cambiado nada.',
  'setup.key_saved_force':
    'Se ha guardado la clave de API de este canal sin comprobarla (force): el primer trabajo lo dirá.',
  'setup.key_saved':
    'Se ha guardado la clave de API de este canal. ✓ La API de medios la acepta ({count, plural, one {# voz disponible} other {# voces disponibles}}).',
  'setup.key_kept': ' Este canal conserva su clave actual ({masked}).',
  'setup.key_rejected':
    '⚠️ No se ha guardado la clave: la API de medios la ha rechazado (401). Comprueba que la has copiado entera y vuelve a intentarlo.{kept}',
  'setup.key_refused': '⚠️ No se ha guardado la clave: {reason}{kept}',
  'setup.key_check_failed':
    '⚠️ No se ha guardado la clave porque no se pudo comprobar: {reason}{kept} Si la API de medios no responde y estás seguro de la clave, usa `/setup key force` para guardarla sin comprobarla.',
};
