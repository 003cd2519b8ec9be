// The channels feature's messages in English: /setup's descriptions (from its table, where their English lives)
// and its answers. Each language is a file beside this one; feature.ts mounts them.
import { descriptionMessages } from '../commands/describe.ts';
import { SETUP } from './table.ts';

export const SETUP_ANSWERS_EN = {
  'setup.heading': '**reelbot settings for this channel**',
  'setup.card_title': 'Channel settings',
  'setup.field_key': 'API key',
  'setup.field_language': 'Default language',
  'setup.field_voice': 'Default voice',
  'setup.field_template': 'Default subtitle style',
  'setup.field_results': 'Results arrive by',
  'setup.field_budget': 'Request budget',
  'setup.field_locale': 'Bot language here',
  'setup.locale_set': '{name} (`{tag}`), set with `/setup locale=`',
  'setup.locale_default': '{name} (`{tag}`), the default: each person’s private answers follow their own language',
  'setup.key_own': '{masked} (this channel’s own key)',
  'setup.key_unreadable': '⚠️ the stored key can no longer be read — set it again with `/setup key`',
  'setup.key_team': 'the team-wide key (MEDIA_API_KEY)',
  'setup.key_sandbox': 'none needed: the bot runs against the local sandbox',
  'setup.key_none': 'none — run `/setup key` to add one',
  'setup.voice_api_default': 'API default',
  'setup.results_webhook': 'webhook (with polling as a fallback)',
  'setup.results_polling': 'polling (no PUBLIC_URL set)',
  'setup.footer':
    'Change: /setup key · /setup clear_key · /setup language=french voice=Jenny template=beast · voice=none clears the voice · /setup locale=de',
  'setup.key_form_title': 'Media API key for this channel',
  'setup.key_form_title_force': 'API key (saved without checking)',
  'setup.key_label': 'API key',
  'setup.key_placeholder': 'Paste the key from your media API dashboard',
  'setup.key_removed': 'Removed this channel’s API key.',
  'setup.saved': 'Saved the channel defaults.',
  'setup.saved_voice_cleared':
    'Saved the channel defaults. The default voice is cleared: /tts and /ttv use the API’s default voice unless a voice is given.',
  'setup.locale_unknown':
    "The bot does not write ''{value}''. Languages it writes: {languages}. (`language=` is the videos’ spoken language.)",
  'setup.key_empty': 'The API key was empty; nothing changed.',
  'setup.key_malformed': 'That does not look like an API key (it has spaces or is too long); nothing changed.',
  'setup.key_saved_force': 'Saved the API key for this channel without checking it (force): the first job will tell.',
  'setup.key_saved':
    'Saved the API key for this channel. ✓ The media API accepts it ({count, plural, one {# voice} other {# voices}} available).',
  'setup.key_kept': ' This channel keeps its current key ({masked}).',
  'setup.key_rejected':
    '⚠️ The key was not saved: the media API rejected the API key (401). Check it was copied whole and try again.{kept}',
  'setup.key_refused': '⚠️ The key was not saved: {reason}{kept}',
  'setup.key_check_failed':
    '⚠️ The key was not saved, because checking it failed: {reason}{kept} If the media API is down and you are sure of the key, run `/setup key force` to save it without checking.',
} as const;

export type SetupAnswers = typeof SETUP_ANSWERS_EN;

export const CHANNELS_EN: Readonly<Record<string, string>> = { ...descriptionMessages([SETUP]), ...SETUP_ANSWERS_EN };
