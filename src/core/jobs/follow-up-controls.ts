// The follow-up buttons a finished result carries (handled in follow-up-commands.ts): their verbs and
// labels live here so rendering a result does not depend on the command framework the handlers use.
import type { Translator } from '../i18n/catalogue.ts';
import type { Output } from '../media/schemas.ts';
import type { Control } from '../platform/message.ts';

/** Each button's verb, and its label's message (in the channel's language, with the result it sits on). */
export const FOLLOW_UP_BUTTONS = {
  subtitles: { verb: 'then_subtitles', labelKey: 'followup.subtitles' },
  broll: { verb: 'then_broll', labelKey: 'followup.broll' },
  tts: { verb: 'then_speak', labelKey: 'followup.tts' },
} as const;

/** Discord shows at most 5 rows of 5 buttons per message; Slack's limits (25 per actions block) are looser. */
export const MAX_BUTTONS_PER_MESSAGE = 25;

/** Subtitles and B-roll on a video, and Speak caption on a captioned reel. */
export function followUpControls(
  jobId: string,
  part: number,
  index: number,
  out: Output,
  reel: boolean,
  t: Translator,
): Control[] {
  if (!out.videoUrl) return [];
  const { subtitles, broll, tts } = FOLLOW_UP_BUTTONS;
  const wanted = [subtitles, broll, ...(reel && out.info?.caption ? [tts] : [])];
  // ids are `<verb>:<job>:<part>:<output>`, well under the 100 characters a button id may have.
  return wanted.map((f) => ({
    kind: 'action',
    label: t.t(f.labelKey),
    id: `${f.verb}:${jobId}:${part}:${index}`,
    style: 'secondary',
  }));
}
