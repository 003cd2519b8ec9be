// The jobs feature's messages in English: its commands' descriptions, derived from its table (their English
// has one home, table.ts). Each language is a file beside this one; feature.ts mounts them.
import { descriptionMessages } from '../commands/describe.ts';
import { BROLL, CLIP, JOBS, PROJECT, SUBTITLES, TTS, TTV } from './table.ts';

export const JOBS_EN: Readonly<Record<string, string>> = descriptionMessages([
  CLIP,
  TTV,
  SUBTITLES,
  BROLL,
  TTS,
  PROJECT,
  JOBS,
]);
