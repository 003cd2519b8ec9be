import { z } from 'zod';
import { budgetLine } from '../commands/budget-line.ts';
import { fail, run } from '../commands/handler.ts';
import { objectIdSchema } from '../media/schemas.ts';
import { mention, type OutMessage } from '../platform/message.ts';
import { workspaceOf } from '../platform/origin.ts';
import { defineCommand } from './deps.ts';
import { projectAccess, unknownProject } from './project-access.ts';
import { kindLabel } from './render.ts';
import { renderProject } from './render-project.ts';
import { JOBS, PROJECT } from './table.ts';

export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

export const project = defineCommand({
  spec: PROJECT,
  options: z.strictObject({ id: z.string() }),
  prepare(v, ctx) {
    const id = v.id.trim();
    if (!objectIdSchema.safeParse(id).success) {
      return fail(`'${id}' is not a project id: ids are 24 hexadecimal characters, like 6650f1c2a1b2c3d4e5f60718.`);
    }
    return run(false, async (reply) => {
      const asker = { ...ctx, key: () => ctx.deps.keys.resolve(ctx.channelKey) };
      const access = await projectAccess(ctx.deps, asker, id);
      if (access.kind === 'unknown') return reply.ephemeral({ text: unknownProject(id) });
      const found = await ctx.deps.media.getProject(access.key, id, workspaceOf(ctx.origin));
      await reply.public(renderProject(found, access.kind === 'made_here' ? access.job.kind : undefined));
    });
  },
});

export const jobs = defineCommand({
  spec: JOBS,
  options: z.strictObject({}),
  prepare(_v, ctx) {
    return run(true, async (reply) => {
      const now = ctx.deps.clock.now();
      const lines: string[] = [];
      for await (const job of ctx.deps.jobs.running((j) => j.channelKey === ctx.channelKey)) {
        const projects = job.projectIds.filter(Boolean).join(', ');
        lines.push(
          `• ${kindLabel(job.kind)} \`${job.id}\` — ${job.summary} · asked by ${mention(job.origin.userId)} ${ago(now - job.createdAt)}${projects ? ` · project ${projects}` : ''}`,
        );
      }
      const message: OutMessage =
        lines.length === 0
          ? {
              text: 'No jobs are running in this channel. Start one with `/clip`, `/ttv`, `/subtitles`, `/broll` or `/tts`.',
            }
          : {
              text: `**${lines.length} job${lines.length === 1 ? '' : 's'} running here**\n${lines.slice(0, 25).join('\n')}`,
            };
      const budget = await budgetLine(ctx);
      await reply.ephemeral(budget ? { ...message, text: `${message.text}\nRequest budget: ${budget}.` } : message);
    });
  },
});
