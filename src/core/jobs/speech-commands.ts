import { z } from 'zod';
import { compact, fail, run } from '../commands/handler.ts';
import { subtitleOptions, subtitleStyles } from '../commands/option-schemas.ts';
import { UserError } from '../errors.ts';
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
    throw new UserError(
      `This channel's default voice (${voiceId}) is no longer in the voice list. Give one with voice=…, or pick a new default with /voices.`,
    );
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
  const found = index.resolve(asked);
  if (found.ok) return { voice: found.voice, text, usedDefault: false };
  const { voiceId } = await ctx.deps.settings.get(ctx.channelKey);
  if (!voiceId || found.reason === 'ambiguous') throw new UserError(found.message);
  return { voice: await pickVoice(ctx, undefined), text: `${asked} ${text}`, usedDefault: true };
}

const describeVoice = (v: Voice | { voiceId: string }) => ('name' in v ? voiceLabel(v) : 'default voice');

export const tts = defineCommand({
  spec: TTS,
  options: z.strictObject({ voice: z.string().optional(), text: z.string().optional(), prompt: z.string().optional() }),
  prepare(v, ctx) {
    const { text, prompt } = v;
    if (!text && !prompt) return fail(`Say what to speak: ${TTS.usage}`);
    if (text && prompt) return fail('Give either the text to speak or prompt=…, not both.');
    if (text) {
      const checked = checkScriptLength(text);
      if (!checked.ok) return fail(checked.message);
    }
    return run(false, async (reply) => {
      const picked = await voiceAndText(ctx, v.voice, text);
      const { voice } = picked;
      const checked = picked.text ? checkScriptLength(picked.text) : undefined;
      if (checked && !checked.ok) throw new UserError(checked.message);
      const parts = checked?.parts ?? [];
      const requests = prompt
        ? [{ voiceId: voice.voiceId, prompt }]
        : parts.map((script) => ({ voiceId: voice.voiceId, script }));
      const partsNote = requests.length > 1 ? ` · ${requests.length} parts` : '';
      const who = picked.usedDefault ? `channel default voice ${describeVoice(voice)}` : describeVoice(voice);
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
    if (!script && !prompt) return fail(`Give the video's script, or prompt=… to have one written: ${TTV.usage}`);
    if (script && prompt) return fail('Give either a script or prompt=…, not both.');
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
      const summary = `“${truncate(script ?? prompt ?? '', 60)}” · ${describeVoice(voice)}${v.style ? ` · ${v.style}` : ''}`;
      await ctx.deps.jobs.start({ kind: 'ttv', requests: [body ?? {}], summary, origin: ctx.origin }, reply);
    });
  },
});
