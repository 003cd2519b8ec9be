import { DEFAULT_LANGUAGE, DEFAULT_REEL_DURATION, SUBTITLE_LANGUAGES } from '../../media/enums.ts';
import { bool, type CommandHandler, compact, fail, num, run, str } from '../handler.ts';
import type { OptionValues } from '../spec.ts';
import { BROLL, CLIP, SUBTITLES } from '../table.ts';

/** `min-max` seconds, e.g. 15-45. */
export function checkDuration(d: string | undefined): string | null {
  if (d === undefined) return null;
  const m = /^(\d{1,4})\s*-\s*(\d{1,4})$/.exec(d);
  if (!m) return `duration '${d}' should look like min-max in seconds, e.g. ${DEFAULT_REEL_DURATION} or 15-45`;
  const [min, max] = [Number(m[1]), Number(m[2])];
  if (min < 1 || max <= min) return `duration '${d}': the first number must be at least 1 and smaller than the second`;
  if (max > 600) return `duration '${d}': clips longer than 600 seconds are not short clips; pick a smaller maximum`;
  return null;
}

const subtitleStyles = (v: OptionValues, defaultTemplate?: string) =>
  compact({ template: str(v.template) ?? defaultTemplate, position: str(v.position), fontSize: str(v.size) });

/** The link as people recognise it, without the scheme, within a card title. */
const host = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname.length > 1 ? u.pathname : ''}${u.search}`.slice(0, 80);
  } catch {
    return url.slice(0, 80);
  }
};

export const clip: CommandHandler = {
  spec: CLIP,
  prepare(v, ctx) {
    const duration = str(v.duration)?.replace(/\s+/g, '');
    const problem = checkDuration(duration);
    if (problem) return fail(problem);
    const url = String(v.url);
    return run(false, async (reply) => {
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      const language = str(v.language) ?? settings.language ?? DEFAULT_LANGUAGE;
      const keywords = str(v.keywords)
        ?.split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      const body = {
        videoUrl: url,
        language,
        clipSettings: compact({ reelsCount: num(v.reels), prompt: str(v.prompt), keywords, reelDuration: duration }),
        subtitleStyles: subtitleStyles(v, settings.template),
        brollSettings: compact({ type: str(v.broll_type), frequency: str(v.broll_frequency) }),
        bgmSettings: compact({
          url: str(v.music_url),
          volume: num(v.music_volume),
          fadeIn: num(v.music_fade_in),
          fadeOut: num(v.music_fade_out),
        }),
        additionalFeatures: compact({
          addHook: bool(v.hook),
          removeFillerWords: bool(v.remove_fillers),
          removeSilenceParts: bool(v.remove_silences),
          addBgm: bool(v.music) ?? (v.music_url !== undefined ? true : undefined),
          addBroll: bool(v.broll) ?? (v.broll_type !== undefined || v.broll_frequency !== undefined ? true : undefined),
        }),
      };
      const reels = num(v.reels);
      const summary = [host(url), reels ? `${reels} reel${reels === 1 ? '' : 's'}` : undefined, language]
        .filter(Boolean)
        .join(' · ');
      await ctx.deps.jobs.start({ kind: 'clip', requests: [compact(body) ?? {}], summary, origin: ctx.origin }, reply);
    });
  },
};

export const subtitles: CommandHandler = {
  spec: SUBTITLES,
  prepare(v, ctx) {
    const url = String(v.url);
    return run(false, async (reply) => {
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      // The channel default may be hinglish, which /subtitles does not take.
      const fallback = (SUBTITLE_LANGUAGES as readonly string[]).includes(settings.language ?? '')
        ? settings.language
        : undefined;
      const language = str(v.language) ?? fallback ?? DEFAULT_LANGUAGE;
      const body = compact({ videoUrl: url, language, subtitleStyles: subtitleStyles(v, settings.template) }) ?? {};
      const summary = `${host(url)} · ${language}`;
      await ctx.deps.jobs.start({ kind: 'subtitles', requests: [body], summary, origin: ctx.origin }, reply);
    });
  },
};

export const broll: CommandHandler = {
  spec: BROLL,
  prepare(v, ctx) {
    const url = String(v.url);
    return run(false, (reply) =>
      ctx.deps.jobs
        .start({ kind: 'broll', requests: [{ videoUrl: url }], summary: host(url), origin: ctx.origin }, reply)
        .then(() => undefined),
    );
  },
};
