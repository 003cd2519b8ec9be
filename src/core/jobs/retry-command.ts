import { z } from 'zod';
import { run } from '../commands/handler.ts';
import type { Prepared } from '../platform/interaction.ts';
import { defineAction, type JobsCommandContext } from './deps.ts';

/** `retry:<jobId>`: the same request again, as a new job started by whoever clicked. */
export const retryAction = defineAction({ verb: 'retry', arg: z.string().regex(/^[a-z0-9]{4,32}$/), prepare: retry });

function retry(jobId: string, ctx: JobsCommandContext): Prepared {
  return run(false, async (reply) => {
    const verdict = await ctx.deps.jobs.mayRetry(jobId, ctx.channelKey);
    if (!verdict.ok) {
      // `unknown` is also the answer for another channel's or workspace's job: a forged click learns nothing of it.
      const key = verdict.reason === 'unknown' ? 'job.retry_unknown' : 'job.retry_running';
      await reply.ephemeral({ text: ctx.t.t(key, { id: jobId }) });
      return;
    }
    const { job } = verdict;
    // The new job's card is read by the channel: its title in the channel's language.
    const words = ctx.translator(await ctx.channelLocale());
    const summary = words.t('job.retry_summary', { summary: job.summary, id: job.id });
    await ctx.deps.jobs.start({ kind: job.kind, requests: job.requests, summary, origin: ctx.origin }, reply);
  });
}
