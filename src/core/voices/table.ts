// How /voices is described in the command table, and the voice option other commands take.
import type { CommandSpec, OptionSpec } from '../commands/spec.ts';

/** A voice by name or id, offered by autocomplete from the catalogue. */
export const voiceOption: OptionSpec = {
  name: 'voice',
  description: 'Voice name or id (see /voices)',
  type: 'string',
  source: 'voice',
};

export const VOICES: CommandSpec<'voices'> = {
  name: 'voices',
  description: 'Browse the voices, with samples',
  usage: '/voices language=french gender=female style=cheerful',
  ephemeral: true,
  options: [
    { name: 'language', description: 'Language name or code (French, fr-FR)', type: 'string', aliases: ['lang'] },
    { name: 'gender', description: 'Male or female', type: 'string', choices: ['male', 'female'] },
    { name: 'style', description: 'Speaking style (general, cheerful, newscast…)', type: 'string' },
    { name: 'query', description: 'Words in the voice name', type: 'string', positional: true, rest: true },
  ],
};
