// Which voice reads a reel's caption aloud (the Speak caption button). The caption is written in the
// language the clip was made in, which need not be the language of the channel's default voice: a French
// voice reading an English caption sounds wrong and spends a request, so a voice of the caption's
// language is picked instead, and the card says whose voice it is and why.
import { UserError } from '../errors.ts';
import type { Translator } from '../i18n/catalogue.ts';
import type { Voice } from '../media/schemas.ts';
import { languageMatcher } from '../voices/language.ts';
import type { JobsCommandContext } from './deps.ts';

export interface CaptionVoice {
  voiceId: string;
  /** For the new job's card: "read by Jenny (en-US), …". */
  note: string;
}

const label = (v: Voice) => `${v.name || v.voiceId} (${v.languageCode})`;

/**
 * The channel's default voice when it speaks `language` (or the language is unknown); otherwise a voice
 * of that language, of the default voice's gender when there is one, from its most common locale.
 */
export async function captionVoice(
  ctx: JobsCommandContext,
  defaultId: string,
  language: string | undefined,
  words: Translator,
): Promise<CaptionVoice> {
  const { index } = await ctx.deps.voices.get(await ctx.apiKey());
  const chosen = index.byId(defaultId);
  if (!chosen) {
    throw new UserError(ctx.t.t('followup.voice_gone', { id: defaultId }));
  }
  const byDefault = { voiceId: chosen.voiceId, note: words.t('followup.read_by_default', { voice: label(chosen) }) };
  if (!language) return byDefault;
  const speaks = languageMatcher(language);
  if (speaks(chosen.languageCode)) return byDefault;
  const sameGender = chosen.gender ? index.filter({ language, gender: chosen.gender }) : [];
  const candidates = sameGender.length > 0 ? sameGender : index.filter({ language });
  const pick = mostCommonLocale(candidates);
  // Hinglish or a mixed language matches no locale: the default voice is the best guess, and says so.
  if (!pick) return byDefault;
  return {
    voiceId: pick.voiceId,
    // Card titles are cut near 150 characters (Slack's header limit): the why stays short.
    note: words.t('followup.read_by_other', { language, voice: label(pick), default: label(chosen) }),
  };
}

/** The first voice (general style first) of the locale most voices share: en-US rather than en-AU. */
function mostCommonLocale(voices: readonly Voice[]): Voice | undefined {
  const counts = new Map<string, number>();
  for (const v of voices) counts.set(v.languageCode, (counts.get(v.languageCode) ?? 0) + 1);
  let best: Voice | undefined;
  for (const v of voices) {
    if (!best || (counts.get(v.languageCode) ?? 0) > (counts.get(best.languageCode) ?? 0)) best = v;
  }
  return best;
}
