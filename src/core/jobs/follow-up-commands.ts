// One-click follow-up jobs on a finished result: Subtitles, B-roll and (for a clip reel) Speak caption
// start the next job on that output, in the same thread, with the channel's defaults. The button id
// carries only the verb and `<job>:<part>:<output>`; the output is read back for the clicker's channel.
import { z } from 'zod';
import type { ActionHandler } from '../commands/actions.ts';
import { compact, run } from '../commands/handler.ts';
import { subtitleStyles } from '../commands/option-schemas.ts';
import { UserError } from '../errors.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { DEFAULT_LANGUAGE, type ProjectKind, SUBTITLE_LANGUAGES } from '../media/enums.ts';
import type { Output } from '../media/schemas.ts';
import type { Prepared } from '../platform/interaction.ts';
import { checkScriptLength } from '../voices/split-script.ts';
import { captionVoice } from './caption-voice.ts';
import { defineAction, type JobsCommandContext } from './deps.ts';
import { FOLLOW_UP_BUTTONS } from './follow-up-controls.ts';
import type { Job } from './model.ts';

type FollowUpKind = Extract<ProjectKind, 'subtitles' | 'broll' | 'tts'>;

interface FollowUp {
  verb: string;
  kind: FollowUpKind;
  /**
   * The request bodies, and what the card should add to its title (in `words`, the channel's language); or a
   * UserError saying why this output cannot have it (in the clicker's). `source` is the job the output came from.
   */
  request(
    out: Output,
    ctx: JobsCommandContext,
    source: Job | undefined,
    part: number,
    words: Translator,
  ): Promise<FollowUpRequest>;
}

interface FollowUpRequest {
  requests: Record<string, unknown>[];
  note?: string;
}

const FOLLOW_UPS: Record<FollowUpKind, FollowUp> = {
  subtitles: {
    ...FOLLOW_UP_BUTTONS.subtitles,
    kind: 'subtitles',
    async request(out, ctx) {
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      // The channel default may be hinglish, which subtitles do not take.
      const language = (SUBTITLE_LANGUAGES as readonly string[]).includes(settings.language ?? '')
        ? settings.language
        : DEFAULT_LANGUAGE;
      const styles = compact(subtitleStyles({}, settings.template));
      return { requests: [compact({ videoUrl: videoOf(out, ctx), language, subtitleStyles: styles }) ?? {}] };
    },
  },
  broll: {
    ...FOLLOW_UP_BUTTONS.broll,
    kind: 'broll',
    request: async (out, ctx) => ({ requests: [{ videoUrl: videoOf(out, ctx) }] }),
  },
  tts: {
    ...FOLLOW_UP_BUTTONS.tts,
    kind: 'tts',
    async request(out, ctx, source, part, words) {
      const caption = out.info?.caption?.trim();
      if (!caption) throw new UserError(ctx.t.t('followup.no_caption'));
      const { voiceId } = await ctx.deps.settings.get(ctx.channelKey);
      if (!voiceId) throw new UserError(ctx.t.t('followup.no_default_voice'));
      const checked = checkScriptLength(caption, ctx.t);
      if (!checked.ok) throw new UserError(checked.message);
      // A reel's caption is in the language the clip was made in.
      const language = source?.kind === 'clip' ? source.requests[part]?.language : undefined;
      const voice = await captionVoice(ctx, voiceId, typeof language === 'string' ? language : undefined, words);
      return { requests: checked.parts.map((script) => ({ voiceId: voice.voiceId, script })), note: voice.note };
    },
  },
};

function videoOf(out: Output, ctx: JobsCommandContext): string {
  if (!out.videoUrl) throw new UserError(ctx.t.t('followup.no_video'));
  return out.videoUrl;
}

const argSchema = z
  .string()
  .regex(/^[a-z0-9]{4,32}:\d{1,3}:\d{1,3}$/)
  .transform((s) => {
    const [jobId = '', part, index] = s.split(':');
    return { jobId, part: Number(part), index: Number(index) };
  });

type Target = z.output<typeof argSchema>;

/** What the source was: "reel 2" of a clip job, "part 1"/"output 2" otherwise, else what it made. */
const sourceOf = (sourceKind: ProjectKind | undefined, t: Target, parts: number): { source: string; n: string } =>
  sourceKind === 'clip'
    ? { source: 'reel', n: String(t.index + 1) }
    : parts > 1
      ? { source: 'part', n: String(t.part + 1) }
      : t.index > 0
        ? { source: 'output', n: String(t.index + 1) }
        : { source: sourceKind ?? 'result', n: '' };

function start(f: FollowUp, t: Target, ctx: JobsCommandContext): Prepared {
  return run(false, async (reply) => {
    const out = await ctx.deps.jobs.output(t.jobId, t.part, t.index, ctx.channelKey);
    if (!out) {
      await reply.ephemeral({ text: ctx.t.t('followup.not_here') });
      return;
    }
    const source = await ctx.deps.jobs.get(t.jobId);
    // The new job's card is read by the channel: its title in the channel's language.
    const words = ctx.translator(await ctx.channelLocale());
    const { requests, note } = await f.request(out, ctx, source, t.part, words);
    const key = { kind: 'followup' as const, verb: f.verb, jobId: t.jobId, part: t.part, index: t.index };
    if (!(await ctx.deps.once.first(key))) {
      await reply.ephemeral({ text: ctx.t.t('followup.already', { kind: f.kind }) });
      return;
    }
    const of = words.t('followup.summary', {
      kind: f.kind,
      ...sourceOf(source?.kind, t, source?.requests.length ?? 1),
      id: t.jobId,
    });
    const summary = note ? `${of} · ${note}` : of;
    try {
      await ctx.deps.jobs.start({ kind: f.kind, requests, summary, origin: ctx.origin }, reply);
    } catch (err) {
      // Nothing started: the next click may try again at once.
      await ctx.deps.once.release(key);
      throw err;
    }
  });
}

export const FOLLOW_UP_ACTIONS: readonly ActionHandler[] = Object.values(FOLLOW_UPS).map((f) =>
  defineAction({ verb: f.verb, arg: argSchema, prepare: (t, ctx) => start(f, t, ctx) }),
);
