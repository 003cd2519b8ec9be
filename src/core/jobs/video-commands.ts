import { z } from 'zod';
import { compact, fail, run } from '../commands/handler.ts';
import { link, subtitleOptions, subtitleStyles } from '../commands/option-schemas.ts';
import type { Translator } from '../i18n/catalogue.ts';
import {
  BROLL_FREQUENCIES,
  BROLL_TYPES,
  CLIP_LANGUAGES,
  DEFAULT_LANGUAGE,
  DEFAULT_REEL_DURATION,
  SUBTITLE_LANGUAGES,
} from '../media/enums.ts';
import { defineCommand } from './deps.ts';
import { BROLL, CLIP, SUBTITLES } from './table.ts';
import { jobWords } from './words.ts';

/** `min-max` seconds, e.g. 15-45; else why not, in `t`'s language (the reader's; English by default). */
export function checkDuration(d: string | undefined, t: Translator = jobWords(undefined)): string | null {
  if (d === undefined) return null;
  const m = /^(\d{1,4})\s*-\s*(\d{1,4})$/.exec(d);
  if (!m) return t.t('job.duration_shape', { duration: d, example: DEFAULT_REEL_DURATION });
  const [min, max] = [Number(m[1]), Number(m[2])];
  if (min < 1 || max <= min) return t.t('job.duration_order', { duration: d });
  if (max > 600) return t.t('job.duration_long', { duration: d });
  return null;
}

/** The link as people recognise it, without the scheme, within a card title. */
const host = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname.length > 1 ? u.pathname : ''}${u.search}`.slice(0, 80);
  } catch {
    return url.slice(0, 80);
  }
};

const clipOptions = z.strictObject({
  url: link,
  language: z.enum(CLIP_LANGUAGES).optional(),
  reels: z.number().int().optional(),
  duration: z.string().optional(),
  prompt: z.string().optional(),
  keywords: z.string().optional(),
  ...subtitleOptions,
  broll_type: z.enum(BROLL_TYPES).optional(),
  broll_frequency: z.enum(BROLL_FREQUENCIES).optional(),
  music_url: link.optional(),
  music_volume: z.number().optional(),
  music_fade_in: z.number().optional(),
  music_fade_out: z.number().optional(),
  hook: z.boolean().optional(),
  remove_fillers: z.boolean().optional(),
  remove_silences: z.boolean().optional(),
  music: z.boolean().optional(),
  broll: z.boolean().optional(),
});

export const clip = defineCommand({
  spec: CLIP,
  options: clipOptions,
  prepare(v, ctx) {
    const duration = v.duration?.replace(/\s+/g, '');
    const problem = checkDuration(duration, ctx.t);
    if (problem) return fail(problem);
    const { url } = v;
    return run(false, async (reply) => {
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      const language = v.language ?? settings.language ?? DEFAULT_LANGUAGE;
      const keywords = v.keywords
        ?.split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      const body = {
        videoUrl: url,
        language,
        clipSettings: compact({ reelsCount: v.reels, prompt: v.prompt, keywords, reelDuration: duration }),
        subtitleStyles: compact(subtitleStyles(v, settings.template)),
        brollSettings: compact({ type: v.broll_type, frequency: v.broll_frequency }),
        bgmSettings: compact({
          url: v.music_url,
          volume: v.music_volume,
          fadeIn: v.music_fade_in,
          fadeOut: v.music_fade_out,
        }),
        additionalFeatures: compact({
          addHook: v.hook,
          removeFillerWords: v.remove_fillers,
          removeSilenceParts: v.remove_silences,
          addBgm: v.music ?? (v.music_url !== undefined ? true : undefined),
          addBroll: v.broll ?? (v.broll_type !== undefined || v.broll_frequency !== undefined ? true : undefined),
        }),
      };
      const reels = v.reels;
      // The card says everything that shapes the reels' look, so a thread of jobs can be told apart.
      const template = v.template ?? settings.template;
      // The card is read by the channel: its title in the channel's language.
      const words = ctx.translator(await ctx.channelLocale());
      const summary = [
        host(url),
        reels ? words.t('job.reels_note', { count: reels }) : undefined,
        language,
        template ? words.t('job.template_note', { template }) : undefined,
        v.hook ? words.t('job.hook_note') : undefined,
      ]
        .filter(Boolean)
        .join(' · ');
      await ctx.deps.jobs.start({ kind: 'clip', requests: [compact(body) ?? {}], summary, origin: ctx.origin }, reply);
    });
  },
});

export const subtitles = defineCommand({
  spec: SUBTITLES,
  options: z.strictObject({ url: link, language: z.enum(SUBTITLE_LANGUAGES).optional(), ...subtitleOptions }),
  prepare(v, ctx) {
    const { url } = v;
    return run(false, async (reply) => {
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      // The channel default may be hinglish, which /subtitles does not take.
      const fallback = (SUBTITLE_LANGUAGES as readonly string[]).includes(settings.language ?? '')
        ? settings.language
        : undefined;
      const language = v.language ?? fallback ?? DEFAULT_LANGUAGE;
      const body =
        compact({ videoUrl: url, language, subtitleStyles: compact(subtitleStyles(v, settings.template)) }) ?? {};
      const summary = `${host(url)} · ${language}`;
      await ctx.deps.jobs.start({ kind: 'subtitles', requests: [body], summary, origin: ctx.origin }, reply);
    });
  },
});

export const broll = defineCommand({
  spec: BROLL,
  options: z.strictObject({ url: link }),
  prepare({ url }, ctx) {
    return run(false, (reply) =>
      ctx.deps.jobs
        .start({ kind: 'broll', requests: [{ videoUrl: url }], summary: host(url), origin: ctx.origin }, reply)
        .then(() => undefined),
    );
  },
});
