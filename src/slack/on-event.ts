// Events API: `@reelbot clip <url>` mentions (they carry their thread, unlike slash commands), and the
// "only once" rule for events Slack resends when an ack was late (X-Slack-Retry-Num / retry_attempt).
import type { App } from '@slack/bolt';
import { mentionAnswer } from './answer.ts';
import type { HandlerDeps } from './boundary.ts';
import { createReply } from './reply.ts';
import { appHomeOpenedSchema, appMentionSchema, homeOrigin, mentionRequest } from './translate.ts';
import { readerLocale } from './user-locales.ts';

/** Slack retries for about 5 minutes; an hour leaves room for slow replicas. */
const EVENT_CLAIM_MS = 60 * 60_000;

export function registerEvents(app: App, deps: HandlerDeps): void {
  app.use(async ({ body, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (
      typeof eventId === 'string' &&
      !(await deps.once.first({ kind: 'inbound', platform: 'slack', id: eventId }, EVENT_CLAIM_MS))
    ) {
      deps.logger.debug({ eventId }, 'event already handled; ignoring the retry');
      return;
    }
    await next();
  });

  app.event('app_home_opened', async ({ body }) => {
    const parsed = appHomeOpenedSchema.safeParse(body);
    if (!parsed.success || (parsed.data.event.tab ?? 'home') !== 'home') return;
    // Bolt has acknowledged the event already; a Home that fails to draw is logged, never thrown into Bolt.
    const opened = homeOrigin(parsed.data);
    const workspace = deps.workspace(opened.workspaceId);
    // The page is the person's own, in their language and time zone: nothing waits on an acknowledgement here, so
    // a person not known yet is looked up first (users.info, kept per workspace; a failed lookup draws it in English).
    const { reader, readerLater } = readerLocale(workspace.locales, opened.userId);
    const found = readerLater ? await readerLater().catch(() => undefined) : reader;
    const origin = { ...opened, ...found };
    await workspace.home
      .publish(origin)
      .catch((err: unknown) => deps.logger.error({ err }, 'could not publish the Home tab'));
  });

  app.event('app_mention', async ({ body, context }) => {
    const parsed = appMentionSchema.safeParse(body);
    if (!parsed.success) return;
    const asked = mentionRequest(parsed.data);
    const { command, text } = asked;
    const { api, permissions, locales } = deps.workspace(asked.origin.workspaceId);
    const { reader, readerLater } = readerLocale(locales, asked.origin.userId);
    const origin = { ...asked.origin, ...reader };
    const reply = createReply({
      api,
      origin,
      logger: deps.logger,
      ...(context.botUserId ? { botUserId: context.botUserId } : {}),
    });
    await deps.dispatch.handle(
      {
        kind: 'mention',
        command,
        text,
        origin,
        canConfigure: () => permissions.canConfigure(origin.userId),
        ...(readerLater ? { readerLater } : {}),
      },
      mentionAnswer(reply),
    );
  });
}
