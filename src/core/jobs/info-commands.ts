import { z } from 'zod';
import { budgetLine } from '../commands/budget-line.ts';
import { fail, run } from '../commands/handler.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { objectIdSchema } from '../media/schemas.ts';
import { mention, type OutMessage } from '../platform/message.ts';
import { workspaceOf } from '../platform/origin.ts';
import { defineCommand } from './deps.ts';
import { projectAccess, unknownProject } from './project-access.ts';
import { kindLabel } from './render.ts';
import { renderProject } from './render-project.ts';
import { JOBS, PROJECT } from './table.ts';

/** How long ago, in the reader's words: `42 s ago`, `3 min ago`, `2 h ago`, `4 d ago`. */
export function ago(ms: number, t: Translator): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [unit, n] =
    s < 60
      ? ['s', s]
      : s < 3600
        ? ['min', Math.round(s / 60)]
        : s < 86400
          ? ['h', Math.round(s / 3600)]
          : ['d', Math.round(s / 86400)];
  // As a string: a count of days is written as it is, without a thousands separator.
  return t.t('jobs.ago', { unit, n: String(n) });
}

export const project = defineCommand({
  spec: PROJECT,
  options: z.strictObject({ id: z.string() }),
  prepare(v, ctx) {
    const id = v.id.trim();
    if (!objectIdSchema.safeParse(id).success) {
      return fail(ctx.t.t('project.not_an_id', { id }));
    }
    return run(false, async (reply) => {
      const asker = { ...ctx, key: () => ctx.deps.keys.resolve(ctx.channelKey) };
      const access = await projectAccess(ctx.deps, asker, id);
      if (access.kind === 'unknown') return reply.ephemeral({ text: unknownProject(id, ctx.t) });
      const found = await ctx.deps.media.getProject(access.key, id, workspaceOf(ctx.origin));
      // Shown to the whole channel: in the channel's language.
      const words = ctx.translator(await ctx.channelLocale());
      await reply.public(renderProject(found, access.kind === 'made_here' ? access.job.kind : undefined, words));
    });
  },
});

export const jobs = defineCommand({
  spec: JOBS,
  options: z.strictObject({}),
  prepare(_v, ctx) {
    return run(true, async (reply) => {
      const { t } = ctx;
      const now = ctx.deps.clock.now();
      const lines: string[] = [];
      for await (const job of ctx.deps.jobs.running((j) => j.channelKey === ctx.channelKey)) {
        const projects = job.projectIds.filter(Boolean).join(', ');
        const line = t.t('jobs.line', {
          kind: kindLabel(job.kind, t),
          id: job.id,
          summary: job.summary,
          who: mention(job.origin.userId),
          ago: ago(now - job.createdAt, t),
        });
        lines.push(projects ? `${line}${t.t('jobs.line_projects', { projects })}` : line);
      }
      const message: OutMessage =
        lines.length === 0
          ? { text: t.t('jobs.none') }
          : { text: `${t.t('jobs.heading', { count: lines.length })}\n${lines.slice(0, 25).join('\n')}` };
      const budget = await budgetLine(ctx);
      await reply.ephemeral(
        budget ? { ...message, text: `${message.text}\n${t.t('jobs.budget', { budget })}` } : message,
      );
    });
  },
});
