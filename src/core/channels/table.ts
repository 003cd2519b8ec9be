// How /setup is described in the command table: the channel's key and defaults (features add their settings).
import type { CommandSpec } from '../commands/spec.ts';
import { voiceOption } from '../voices/table.ts';

/** The words of /setup's `action` option; features add theirs (src/core/app/commands.ts). */
export const SETUP_ACTIONS = ['show', 'key', 'clear_key'] as const;

/** /setup as channels declares it; each feature's setup part adds its options. */
export const SETUP: CommandSpec<'setup'> = {
  name: 'setup',
  description: 'Configure the bot for this channel (API key, defaults)',
  usage: '/setup key · /setup clear_key · /setup language=french voice=Jenny template=beast',
  configure: true,
  ephemeral: true,
  options: [
    {
      name: 'action',
      description: 'show (default), key (enter the API key privately), clear_key',
      type: 'string',
      choices: SETUP_ACTIONS,
      positional: true,
    },
    {
      name: 'language',
      description: 'Default language for /clip and /subtitles',
      type: 'string',
      source: 'clip_language',
    },
    { ...voiceOption, description: 'Default voice for /tts and /ttv (none clears it)', emptyClears: true },
    { name: 'template', description: 'Default subtitle style', type: 'string', source: 'template' },
    {
      // Not `language`, which is the videos' spoken language the media API reads (docs/languages.md).
      name: 'locale',
      description: 'The language the bot writes here for everyone: en, de, es, fr, pt-BR, ja (auto: the default)',
      type: 'string',
      maxLength: 35,
    },
    {
      name: 'force',
      description: 'With key: save it without checking it against the API (when the API is down)',
      type: 'boolean',
      flag: true,
    },
  ],
};
