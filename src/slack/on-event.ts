// Events API: `@reelbot clip <url>` mentions (they carry their thread, unlike slash commands), and the
// "only once" rule for events Slack resends when an ack was late (X-Slack-Retry-Num / retry_attempt).
import type { App } from '@slack/bolt';
import { guard, type HandlerDeps, runPrepared } from './boundary.ts';
import { createReply } from './reply.ts';
import { appMentionSchema, mentionRequest } from './translate.ts';

/** Slack retries for about 5 minutes; an hour leaves room for slow replicas. */
const EVENT_CLAIM_MS = 60 * 60_000;

export function registerEvents(app: App, deps: HandlerDeps): void {
  app.use(async ({ body, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === 'string' && !(await deps.claims.claim(`slack:event:${eventId}`, EVENT_CLAIM_MS))) {
      deps.logger.debug({ eventId }, 'event already handled; ignoring the retry');
      return;
    }
    await next();
  });

  app.event('app_mention', async ({ body, context }) => {
    const parsed = appMentionSchema.safeParse(body);
    if (!parsed.success) return;
    const request = mentionRequest(parsed.data);
    const { origin } = request;
    const reply = createReply({
      api: deps.api,
      origin,
      logger: deps.logger,
      ...(context.botUserId ? { botUserId: context.botUserId } : {}),
    });
    await guard(deps, { mention: request.command, origin }, reply, async () => {
      const spec = deps.bot.commands.find((c) => c.name === request.command);
      if (!spec) {
        const names = deps.bot.commands.map((c) => `\`${c.name}\``).join(', ');
        await reply.ephemeral({ text: `I don't know \`${request.command}\`. Mention me with one of: ${names}.` });
        return;
      }
      const canConfigure = await deps.permissions.canConfigure(origin.userId);
      const prepared = deps.bot.prepare({ command: request.command, text: request.text, origin, canConfigure });
      if (prepared.kind === 'modal') {
        // A mention has no trigger_id, so no form can open from it.
        await reply.ephemeral({ text: `That needs a form: run \`/${request.command}\` to open it.` });
        return;
      }
      await runPrepared(prepared, reply);
    });
  });
}
