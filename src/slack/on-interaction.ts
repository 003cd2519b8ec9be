// Button clicks and menu picks (block_actions), submitted forms (view_submission) and the options of
// external selects (block_suggestion), read into Entries for the core's dispatch, which acknowledges
// each within Slack's 3 s before the work starts.
import type { App } from '@slack/bolt';
import type { Entry } from '../core/platform/interaction.ts';
import type { Origin } from '../core/ports.ts';
import { type Ack, clickAnswer, viewAnswer } from './answer.ts';
import type { HandlerDeps } from './boundary.ts';
import { cut } from './markup.ts';
import { triggerReplayCheck } from './replay.ts';
import { createReply } from './reply.ts';
import {
  actionIdOf,
  actionOrigin,
  blockActionSchema,
  blockSuggestionSchema,
  clickedMessage,
  isHomeClick,
  viewOrigin,
  viewSubmissionSchema,
} from './translate.ts';
import { readerLocale } from './user-locales.ts';
import { decodeMeta, FORM_PREFIX, firstBlockId, parseViewState, readFormOptions, readModalValues } from './views.ts';

type Choices = Array<{ text: { type: 'plain_text'; text: string }; value: string }>;

const replyOptions = (deps: HandlerDeps, origin: Origin, responseUrl?: string, botUserId?: string) => ({
  api: deps.workspace(origin.workspaceId).api,
  origin,
  logger: deps.logger,
  ...(responseUrl ? { responseUrl } : {}),
  ...(botUserId ? { botUserId } : {}),
});

const responseUrl = (url?: string) => (url ? { responseUrl: url } : {});

export function registerInteractions(app: App, deps: HandlerDeps): void {
  app.action(/.*/, async ({ body, ack, context }) => {
    const parsed = blockActionSchema.safeParse(body);
    const actionId = parsed.success ? actionIdOf(parsed.data) : undefined;
    if (!parsed.success || actionId === undefined) return ack(); // link buttons, or nothing we can read
    const b = parsed.data;
    const { locales } = deps.workspace(actionOrigin(b).workspaceId);
    const { reader, readerLater } = readerLocale(locales, b.user.id);
    const origin = { ...actionOrigin(b), ...reader };
    const clicked = clickedMessage(b);
    const { api, home, permissions } = deps.workspace(origin.workspaceId);
    // Home has no channel to answer in: its answer redraws Home, with the answer on top.
    const reply = isHomeClick(b)
      ? home.reply(origin)
      : createReply({
          ...replyOptions(deps, origin, b.response_url, context.botUserId),
          ...(clicked ? { clicked } : {}),
        });
    const meta = {
      channelId: origin.channelId,
      ...(origin.threadId ? { threadId: origin.threadId } : {}),
      ...responseUrl(b.response_url),
    };
    await deps.dispatch.handle(
      {
        kind: 'click',
        actionId,
        origin,
        canConfigure: () => permissions.canConfigure(b.user.id),
        ...(readerLater ? { readerLater } : {}),
        ...triggerReplayCheck(deps, b.trigger_id),
      },
      clickAnswer({ api, reply, ack: ack as Ack, triggerId: b.trigger_id, meta, locale: reader.locale, readerLater }),
    );
  });

  app.view(/.*/, async ({ body, ack, context }) => {
    const parsed = viewSubmissionSchema.safeParse(body);
    if (!parsed.success) return ack();
    const b = parsed.data;
    const meta = decodeMeta(b.view.private_metadata);
    const seen = viewOrigin(b, meta);
    const { reader, readerLater } = readerLocale(deps.workspace(seen.workspaceId).locales, b.user.id);
    const origin = { ...seen, ...reader };
    const reply = createReply(replyOptions(deps, origin, meta?.responseUrl, context.botUserId));
    await deps.dispatch.handle(
      {
        ...viewEntry(deps, b, origin),
        ...(readerLater ? { readerLater } : {}),
        ...triggerReplayCheck(deps, b.trigger_id),
      },
      viewAnswer({
        api: deps.workspace(origin.workspaceId).api,
        reply,
        ack: ack as Ack,
        meta: meta ?? { channelId: origin.channelId },
        firstBlockId: firstBlockId(b.view),
        locale: reader.locale,
      }),
    );
  });

  app.options(/.*/, async ({ body, ack }) => {
    const parsed = blockSuggestionSchema.safeParse(body);
    if (!parsed.success) return ack({ options: [] });
    const b = parsed.data;
    const callbackId = b.view?.callback_id ?? '';
    const command = callbackId.startsWith(FORM_PREFIX) ? callbackId.slice(FORM_PREFIX.length) : callbackId;
    const origin = viewOrigin(b, decodeMeta(b.view?.private_metadata));
    await deps.dispatch.autocomplete({ command, option: b.action_id, query: b.value, origin }, async (choices) => {
      // External select: ≤ 100 options, text ≤ 75 and value ≤ 150 characters.
      const options: Choices = choices
        .slice(0, 100)
        .map((c) => ({ text: { type: 'plain_text', text: cut(c.name, 75) }, value: c.value.slice(0, 150) }));
      await ack({ options });
    });
  });
}

/** A submitted command form (`form:<command>`) is that command with options; any other is a core form. */
function viewEntry(deps: HandlerDeps, b: ReturnType<typeof viewSubmissionSchema.parse>, origin: Origin): Entry {
  const state = parseViewState(b.view.state?.values);
  const canConfigure = () => deps.workspace(origin.workspaceId).permissions.canConfigure(b.user.id);
  const callbackId = b.view.callback_id;
  if (callbackId.startsWith(FORM_PREFIX)) {
    const command = callbackId.slice(FORM_PREFIX.length);
    const spec = deps.dispatch.commands.find((c) => c.name === command);
    const options = spec ? readFormOptions(spec, state) : {};
    return { kind: 'command', command, options, origin, canConfigure };
  }
  return { kind: 'form', formId: callbackId, values: readModalValues(state), origin, canConfigure };
}
