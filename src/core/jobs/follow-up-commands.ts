// One-click follow-up jobs on a finished result: Subtitles, B-roll and (for a clip reel) Speak caption
// start the next job on that output, in the same thread, with the channel's defaults. The button id
// carries only the verb and `<job>:<part>:<output>`; the output is read back for the clicker's channel.
import { z } from 'zod';
import type { ActionHandler } from '../commands/actions.ts';
import { compact, run } from '../commands/handler.ts';
import { subtitleStyles } from '../commands/option-schemas.ts';
import { UserError } from '../errors.ts';
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
  label: string;
  /** How the new job's card names what it is ("subtitles of reel 2 of job k3j9…"). */
  noun: string;
  /**
   * The request bodies, and what the card should add to the noun; or a UserError saying why this output
   * cannot have it. `source` is the job the output came from.
   */
  request(out: Output, ctx: JobsCommandContext, source: Job | undefined, part: number): Promise<FollowUpRequest>;
}

interface FollowUpRequest {
  requests: Record<string, unknown>[];
  note?: string;
}

const FOLLOW_UPS: Record<FollowUpKind, FollowUp> = {
  subtitles: {
    ...FOLLOW_UP_BUTTONS.subtitles,
    kind: 'subtitles',
    noun: 'subtitles',
    async request(out, ctx) {
      const settings = await ctx.deps.settings.get(ctx.channelKey);
      // The channel default may be hinglish, which subtitles do not take.
      const language = (SUBTITLE_LANGUAGES as readonly string[]).includes(settings.language ?? '')
        ? settings.language
        : DEFAULT_LANGUAGE;
      const styles = compact(subtitleStyles({}, settings.template));
      return { requests: [compact({ videoUrl: videoOf(out), language, subtitleStyles: styles }) ?? {}] };
    },
  },
  broll: {
    ...FOLLOW_UP_BUTTONS.broll,
    kind: 'broll',
    noun: 'B-roll',
    request: async (out) => ({ requests: [{ videoUrl: videoOf(out) }] }),
  },
  tts: {
    ...FOLLOW_UP_BUTTONS.tts,
    kind: 'tts',
    noun: 'speech',
    async request(out, ctx, source, part) {
      const caption = out.info?.caption?.trim();
      if (!caption) throw new UserError('This reel has no caption to speak.');
      const { voiceId } = await ctx.deps.settings.get(ctx.channelKey);
      if (!voiceId) {
        throw new UserError(
          'This channel has no default voice, so I cannot tell whose voice should speak the caption. ' +
            'Pick one with /voices (Use as default) or `/setup voice=…`, then click Speak caption again.',
        );
      }
      const checked = checkScriptLength(caption);
      if (!checked.ok) throw new UserError(checked.message);
      // A reel's caption is in the language the clip was made in.
      const language = source?.kind === 'clip' ? source.requests[part]?.language : undefined;
      const voice = await captionVoice(ctx, voiceId, typeof language === 'string' ? language : undefined);
      return { requests: checked.parts.map((script) => ({ voiceId: voice.voiceId, script })), note: voice.note };
    },
  },
};

function videoOf(out: Output): string {
  if (!out.videoUrl) throw new UserError('This result has no video to work on.');
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

/** What the source was, in words: "reel 2" of a clip job, "part 1"/"output 2" otherwise. */
const describeSource = (sourceKind: ProjectKind | undefined, t: Target, parts: number) =>
  sourceKind === 'clip'
    ? `reel ${t.index + 1}`
    : parts > 1
      ? `part ${t.part + 1}`
      : t.index > 0
        ? `output ${t.index + 1}`
        : ((
            { ttv: 'the video', subtitles: 'the subtitled video', broll: 'the B-roll video' } as Record<string, string>
          )[sourceKind ?? ''] ?? 'the result');

function start(f: FollowUp, t: Target, ctx: JobsCommandContext): Prepared {
  return run(false, async (reply) => {
    const out = await ctx.deps.jobs.output(t.jobId, t.part, t.index, ctx.channelKey);
    if (!out) {
      await reply.ephemeral({
        text: 'That result is not from this channel, or is too old (results are kept 30 days). Start the job again.',
      });
      return;
    }
    const source = await ctx.deps.jobs.get(t.jobId);
    const { requests, note } = await f.request(out, ctx, source, t.part);
    const key = { kind: 'followup' as const, verb: f.verb, jobId: t.jobId, part: t.part, index: t.index };
    if (!(await ctx.deps.once.first(key))) {
      await reply.ephemeral({
        text: `The ${f.noun} of that result is already on its way: its card is in this thread.`,
      });
      return;
    }
    const of = `${f.noun} of ${describeSource(source?.kind, t, source?.requests.length ?? 1)} of job ${t.jobId}`;
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
