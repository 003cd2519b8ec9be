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
      const text = {
        // Also the answer for another channel's or workspace's job: a forged click learns nothing of it.
        unknown: `No job \`${jobId}\` of this channel can be retried (jobs are kept 30 days). Run the command again.`,
        running: `Job \`${jobId}\` is still running; its results will appear in its thread.`,
      }[verdict.reason];
      await reply.ephemeral({ text });
      return;
    }
    const { job } = verdict;
    await ctx.deps.jobs.start(
      { kind: job.kind, requests: job.requests, summary: `${job.summary} (retry of ${job.id})`, origin: ctx.origin },
      reply,
    );
  });
}
