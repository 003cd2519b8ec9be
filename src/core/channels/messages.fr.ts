export const CHANNELS_FR: Readonly<Record<string, string>> = {
  'command.setup': 'Configurer le bot pour ce salon (clé d’API, valeurs par défaut)',
  'command.setup.action': 'show (par défaut), key (saisir la clé d’API en privé), clear_key',
  'command.setup.language': 'Langue par défaut de /clip et /subtitles',
  'command.setup.voice': 'Voix par défaut de /tts et /ttv (none la retire)',
  'command.setup.template': 'Style de sous-titres par défaut',
  'command.setup.locale': 'Langue dans laquelle le bot écrit ici pour tous : en, de, es, fr, pt-BR, ja (auto : défaut)',
  'command.setup.force': 'Avec key : l’enregistrer sans la vérifier auprès de l’API (si l’API est indisponible)',
  'setup.heading': '**Paramètres de reelbot pour ce salon**',
  'setup.card_title': 'Paramètres du salon',
  'setup.field_key': 'Clé d’API',
  'setup.field_language': 'Langue par défaut',
  'setup.field_voice': 'Voix par défaut',
  'setup.field_template': 'Style de sous-titres par défaut',
  'setup.field_results': 'Les résultats arrivent par',
  'setup.field_budget': 'Budget de requêtes',
  'setup.field_locale': 'Langue du bot ici',
  'setup.locale_set': '{name} (`{tag}`), choisie avec `/setup locale=`',
  'setup.locale_default': '{name} (`{tag}`), par défaut : les réponses privées suivent la langue de chacun',
  'setup.key_own': '{masked} (la clé propre à ce salon)',
  'setup.key_unreadable': '⚠️ la clé enregistrée ne peut plus être lue — définissez-la à nouveau avec `/setup key`',
  'setup.key_team': 'la clé commune à l’équipe (MEDIA_API_KEY)',
  'setup.key_sandbox': 'aucune n’est nécessaire : le bot utilise le bac à sable local',
  'setup.key_none': 'aucune — lancez `/setup key` pour en ajouter une',
  'setup.voice_api_default': 'celle de l’API',
  'setup.results_webhook': 'webhook (avec interrogation périodique en secours)',
  'setup.results_polling': 'interrogation périodique (PUBLIC_URL non défini)',
  'setup.footer':
    'Modifier : /setup key · /setup clear_key · /setup language=french voice=Jenny template=beast · voice=none retire la voix · /setup locale=fr',
  'setup.key_form_title': 'Clé de l’API média pour ce salon',
  'setup.key_form_title_force': 'Clé d’API (enregistrée sans vérification)',
  'setup.key_label': 'Clé d’API',
  'setup.key_placeholder': 'Collez la clé depuis le tableau de bord de votre API média',
  'setup.key_removed': 'La clé d’API de ce salon a été supprimée.',
  'setup.saved': 'Les valeurs par défaut du salon ont été enregistrées.',
  'setup.saved_voice_cleared':
    'Les valeurs par défaut du salon ont été enregistrées. La voix par défaut est retirée : /tts et /ttv utilisent la voix par défaut de l’API si aucune voix n’est indiquée.',
  'setup.locale_unknown':
    "Le bot n’écrit pas en ''{value}''. Langues disponibles : {languages}. (`language=` est la langue parlée des vidéos.)",
  'setup.key_empty': 'La clé d’API était vide ; rien n’a changé.',
  'setup.key_malformed':
    'Cela ne ressemble pas à une clé d’API (elle contient des espaces ou est trop longue) ; rien n’a changé.',
  'setup.key_saved_force':
    'La clé d’API de ce salon a été enregistrée sans vérification (force) : la première tâche le dira.',
  'setup.key_saved':
    'La clé d’API de ce salon a été enregistrée. ✓ L’API média l’accepte ({count, plural, one {# voix disponible} other {# voix disponibles}}).',
  'setup.key_kept': ' Ce salon garde sa clé actuelle ({masked}).',
  'setup.key_rejected':
    '⚠️ La clé n’a pas été enregistrée : l’API média l’a refusée (401). Vérifiez qu’elle a été copiée en entier et réessayez.{kept}',
  'setup.key_refused': '⚠️ La clé n’a pas été enregistrée : {reason}{kept}',
  'setup.key_check_failed':
    '⚠️ La clé n’a pas été enregistrée, car sa vérification a échoué : {reason}{kept} Si l’API média est indisponible et que vous êtes sûr de la clé, lancez `/setup key force` pour l’enregistrer sans vérification.',
};
