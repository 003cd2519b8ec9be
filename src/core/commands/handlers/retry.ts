import { z } from 'zod';
import type { Prepared } from '../../interaction.ts';
import { defineAction } from '../actions.ts';
import { type CommandContext, run } from '../handler.ts';

/** Creating a project takes seconds; a job still "submitting" after this long never finished creating. */
const STUCK_SUBMITTING_MS = 10 * 60_000;

async function anyPartFailed(ctx: CommandContext, jobId: string, parts: number): Promise<boolean> {
  for (let i = 0; i < parts; i++) {
    if ((await ctx.deps.jobs.repo.getPart(jobId, i))?.state === 'failed') return true;
  }
  return false;
}

/** `retry:<jobId>`: the same request again, as a new job started by whoever clicked. */
export const retryAction = defineAction({ verb: 'retry', arg: z.string().regex(/^[a-z0-9]{4,32}$/), prepare: retry });

function retry(jobId: string, ctx: CommandContext): Prepared {
  return run(false, async (reply) => {
    const job = await ctx.deps.jobs.repo.get(jobId);
    if (!job) {
      await reply.ephemeral({
        text: `Job \`${jobId}\` is too old to retry (jobs are kept 30 days). Run the command again.`,
      });
      return;
    }
    if (job.channelKey !== ctx.channelKey) {
      await reply.ephemeral({ text: 'That job belongs to another channel; retry it there.' });
      return;
    }
    // A job left "submitting" long ago was cut off by a restart mid-creation: it can be retried.
    const stuck = job.state === 'submitting' && ctx.deps.clock.now() - job.updatedAt > STUCK_SUBMITTING_MS;
    // The failure message (with this button) is posted a moment before the job is marked failed.
    const failedPart = job.state === 'pending' && (await anyPartFailed(ctx, job.id, job.requests.length));
    if ((job.state === 'pending' && !failedPart) || (job.state === 'submitting' && !stuck)) {
      await reply.ephemeral({ text: `Job \`${jobId}\` is still running; its results will appear in its thread.` });
      return;
    }
    await ctx.deps.jobs.start(
      { kind: job.kind, requests: job.requests, summary: `${job.summary} (retry of ${job.id})`, origin: ctx.origin },
      reply,
    );
  });
}
