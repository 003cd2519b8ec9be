import { z } from 'zod';
import { compact, fail, run } from '../commands/handler.ts';
import { subtitleOptions, subtitleStyles } from '../commands/option-schemas.ts';
import { UserError } from '../errors.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { DEFAULT_VOICE_ID, VISUAL_STYLES } from '../media/enums.ts';
import type { Voice } from '../media/schemas.ts';
import { truncate } from '../platform/message.ts';
import { checkScriptLength } from '../voices/split-script.ts';
import { defineCommand, type JobsCommandContext } from './deps.ts';
import { TTS, TTV } from './table.ts';

const voiceLabel = (v: Voice) =>
  `${v.name} (${v.languageCode}${v.style && v.style !== 'general' ? `, ${v.style}` : ''})`;

/** The voice asked for, else the channel's default, else the API's default voice. */
async function pickVoice(ctx: JobsCommandContext, asked: string | undefined): Promise<Voice | { voiceId: string }> {
  if (asked) return ctx.resolveVoice(asked);
  const { voiceId } = await ctx.deps.settings.get(ctx.channelKey);
  if (!voiceId) return { voiceId: DEFAULT_VOICE_ID };
  // The catalogue changes now and then: a default chosen months ago may be gone.
  const voice = (await ctx.deps.voices.get(await ctx.apiKey())).index.byId(voiceId);
  if (!voice) {
    throw new UserError(ctx.t.t('job.voice_gone', { id: voiceId }));
  }
  return voice;
}

/**
 * `/tts Hello there everyone` with a channel default voice: the first word is read as a voice, but
 * when no voice has that name (or anything like it) and the channel has a default, the whole text is
 * the script, spoken by the default voice.
 */
async function voiceAndText(
  ctx: JobsCommandContext,
  asked: string | undefined,
  text: string | undefined,
): Promise<{ voice: Voice | { voiceId: string }; text: string | undefined; usedDefault: boolean }> {
  if (!asked || !text) return { voice: await pickVoice(ctx, asked), text, usedDefault: false };
  const { index } = await ctx.deps.voices.get(await ctx.apiKey());
  const found = index.resolve(asked, ctx.t);
  if (found.ok) return { voice: found.voice, text, usedDefault: false };
  const { voiceId } = await ctx.deps.settings.get(ctx.channelKey);
  if (!voiceId || found.reason === 'ambiguous') throw new UserError(found.message);
  return { voice: await pickVoice(ctx, undefined), text: `${asked} ${text}`, usedDefault: true };
}

/** The voice as the card names it, in `words` (the channel's language). */
const describeVoice = (v: Voice | { voiceId: string }, words: Translator) =>
  'name' in v ? voiceLabel(v) : words.t('job.default_voice');

export const tts = defineCommand({
  spec: TTS,
  options: z.strictObject({ voice: z.string().optional(), text: z.string().optional(), prompt: z.string().optional() }),
  prepare(v, ctx) {
    const { text, prompt } = v;
    if (!text && !prompt) return fail(ctx.t.t('job.say_what', { usage: TTS.usage }));
    if (text && prompt) return fail(ctx.t.t('job.text_or_prompt'));
    if (text) {
      const checked = checkScriptLength(text, ctx.t);
      if (!checked.ok) return fail(checked.message);
    }
    return run(false, async (reply) => {
      const picked = await voiceAndText(ctx, v.voice, text);
      const { voice } = picked;
      const checked = picked.text ? checkScriptLength(picked.text, ctx.t) : undefined;
      if (checked && !checked.ok) throw new UserError(checked.message);
      const parts = checked?.parts ?? [];
      const requests = prompt
        ? [{ voiceId: voice.voiceId, prompt }]
        : parts.map((script) => ({ voiceId: voice.voiceId, script }));
      // The card is read by the channel: its title in the channel's language.
      const words = ctx.translator(await ctx.channelLocale());
      const partsNote = requests.length > 1 ? words.t('job.parts_note', { count: requests.length }) : '';
      const named = describeVoice(voice, words);
      const who = picked.usedDefault ? words.t('job.channel_default_voice', { voice: named }) : named;
      const summary = `${who} · “${truncate(picked.text ?? prompt ?? '', 60)}”${partsNote}`;
      await ctx.deps.jobs.start({ kind: 'tts', requests, summary, origin: ctx.origin }, reply);
    });
  },
});

export const ttv = defineCommand({
  spec: TTV,
  options: z.strictObject({
    script: z.string().optional(),
    prompt: z.string().optional(),
    voice: z.string().optional(),
    style: z.enum(VISUAL_STYLES).optional(),
    ...subtitleOptions,
    music: z.boolean().optional(),
  }),
  prepare(v, ctx) {
    const { script, prompt } = v;
    if (!script && !prompt) return fail(ctx.t.t('job.script_missing', { usage: TTV.usage }));
    if (script && prompt) return fail(ctx.t.t('job.script_or_prompt'));
    return run(false, async (reply) => {
      const voice = await pickVoice(ctx, v.voice);
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      const body = compact({
        voiceId: voice.voiceId,
        script,
        prompt,
        visualStyle: v.style,
        subtitleStyles: compact(subtitleStyles(v, settings.template)),
        additionalFeatures: compact({ addBgm: v.music }),
      });
      const words = ctx.translator(await ctx.channelLocale());
      const summary = `“${truncate(script ?? prompt ?? '', 60)}” · ${describeVoice(voice, words)}${v.style ? ` · ${v.style}` : ''}`;
      await ctx.deps.jobs.start({ kind: 'ttv', requests: [body ?? {}], summary, origin: ctx.origin }, reply);
    });
  },
});
