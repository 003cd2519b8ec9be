// The voices feature's messages in English: /voices' descriptions (from its table) and how /help describes the
// voice lookup. Each language is a file beside this one; feature.ts mounts them.
import { descriptionMessages } from '../commands/describe.ts';
import { VOICE_PAGE_EN } from './page-messages.ts';
import { VOICES } from './table.ts';
import { voiceLookup } from './voice-lookup.ts';

export const VOICES_EN: Readonly<Record<string, string>> = {
  ...descriptionMessages([VOICES]),
  [`lookup.${voiceLookup.name}`]: voiceLookup.help,
  ...VOICE_PAGE_EN,
};
