// The jobs feature's messages in English: its commands' descriptions, derived from its table (their English
// has one home, table.ts), its public messages (card-messages.ts) and its answers (answer-messages.ts). Each language is a file beside this one; feature.ts mounts them.
import { descriptionMessages } from '../commands/describe.ts';
import { JOB_ANSWERS_EN } from './answer-messages.ts';
import { JOB_CARD_EN } from './card-messages.ts';
import { BROLL, CLIP, JOBS, PROJECT, SUBTITLES, TTS, TTV } from './table.ts';

export const JOBS_EN: Readonly<Record<string, string>> = {
  ...descriptionMessages([CLIP, TTV, SUBTITLES, BROLL, TTS, PROJECT, JOBS]),
  ...JOB_CARD_EN,
  ...JOB_ANSWERS_EN,
};
