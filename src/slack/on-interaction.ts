// Button clicks and menu picks (block_actions), submitted forms (view_submission) and the options of
// external selects (block_suggestion). Each is acknowledged within Slack's 3 s before the work starts.

import type { App } from '@slack/bolt';
import type { Prepared } from '../core/interaction.ts';
import { modalToOpen } from '../core/modal-load.ts';
import type { Origin } from '../core/ports.ts';
import { guard, type HandlerDeps, runPrepared } from './boundary.ts';
import { cut, toPlain } from './markup.ts';
import { createReply } from './reply.ts';
import {
  actionIdOf,
  actionOrigin,
  blockActionSchema,
  blockSuggestionSchema,
  clickedMessage,
  viewOrigin,
  viewSubmissionSchema,
} from './translate.ts';
import {
  decodeMeta,
  FORM_PREFIX,
  firstBlockId,
  modalView,
  parseViewState,
  readFormOptions,
  readModalValues,
  type ViewMeta,
} from './views.ts';

type Ack = (response?: Record<string, unknown>) => Promise<void>;

const replyOptions = (deps: HandlerDeps, origin: Origin, responseUrl?: string, botUserId?: string) => ({
  api: deps.api,
  origin,
  logger: deps.logger,
  ...(responseUrl ? { responseUrl } : {}),
  ...(botUserId ? { botUserId } : {}),
});

export function registerInteractions(app: App, deps: HandlerDeps): void {
  app.action(/.*/, async ({ body, ack, context }) => {
    await ack();
    const parsed = blockActionSchema.safeParse(body);
    const actionId = parsed.success ? actionIdOf(parsed.data) : undefined;
    if (!parsed.success || actionId === undefined) return; // link buttons, or nothing we can read
    const b = parsed.data;
    const origin = actionOrigin(b);
    const clicked = clickedMessage(b);
    const reply = createReply({
      ...replyOptions(deps, origin, b.response_url, context.botUserId),
      ...(clicked ? { clicked } : {}),
    });
    await guard(deps, { actionId, origin }, reply, async () => {
      const canConfigure = await deps.permissions.canConfigure(b.user.id);
      const prepared = deps.bot.prepareAction({ actionId, origin, canConfigure });
      if (prepared.kind === 'modal' && b.trigger_id) {
        const meta: ViewMeta = {
          channelId: origin.channelId,
          ...(origin.threadId ? { threadId: origin.threadId } : {}),
        };
        await deps.api.openView(
          b.trigger_id,
          modalView(await modalToOpen(prepared), { ...meta, ...responseUrl(b.response_url) }),
        );
        return;
      }
      await runPrepared(prepared, reply);
    });
  });

  app.view(/.*/, async ({ body, ack, context }) => {
    const parsed = viewSubmissionSchema.safeParse(body);
    if (!parsed.success) {
      await ack();
      return;
    }
    await onViewSubmission(deps, parsed.data, ack as Ack, context.botUserId);
  });

  app.options(/.*/, async ({ body, ack }) => {
    const parsed = blockSuggestionSchema.safeParse(body);
    if (!parsed.success) {
      await ack({ options: [] });
      return;
    }
    const b = parsed.data;
    const callbackId = b.view?.callback_id ?? '';
    const command = callbackId.startsWith(FORM_PREFIX) ? callbackId.slice(FORM_PREFIX.length) : callbackId;
    let options: Array<{ text: { type: 'plain_text'; text: string }; value: string }> = [];
    try {
      const origin = viewOrigin(b, decodeMeta(b.view?.private_metadata));
      // External select: ≤ 100 options, text ≤ 75 and value ≤ 150 characters.
      options = deps.bot
        .autocomplete(command, b.action_id, b.value, origin)
        .slice(0, 100)
        .map((c) => ({ text: { type: 'plain_text', text: cut(c.name, 75) }, value: c.value.slice(0, 150) }));
    } catch (error) {
      deps.logger.error({ err: error, command, option: b.action_id }, 'options request failed');
    }
    await ack({ options });
  });
}

const responseUrl = (url?: string) => (url ? { responseUrl: url } : {});

async function onViewSubmission(
  deps: HandlerDeps,
  b: ReturnType<typeof viewSubmissionSchema.parse>,
  ack: Ack,
  botUserId?: string,
): Promise<void> {
  const meta = decodeMeta(b.view.private_metadata);
  const origin = viewOrigin(b, meta);
  const reply = createReply(replyOptions(deps, origin, meta?.responseUrl, botUserId));
  let acked = false;
  const ackOnce = async (response?: Record<string, unknown>) => {
    if (acked) return;
    acked = true;
    await ack(response);
  };
  await guard(deps, { view: b.view.callback_id, origin }, reply, async () => {
    const prepared = await prepareView(deps, b, origin);
    if (prepared.kind === 'error') {
      const blockId = firstBlockId(b.view);
      // The form stays open with the message under its first field, so nothing typed is lost.
      if (blockId)
        return ackOnce({ response_action: 'errors', errors: { [blockId]: cut(toPlain(prepared.message), 2000) } });
    }
    if (prepared.kind === 'modal') {
      const next = modalView(await modalToOpen(prepared), meta ?? { channelId: origin.channelId });
      return ackOnce({ response_action: 'update', view: next });
    }
    await ackOnce(); // closes the form
    await runPrepared(prepared, reply);
  }).finally(() => ackOnce());
}

async function prepareView(
  deps: HandlerDeps,
  b: ReturnType<typeof viewSubmissionSchema.parse>,
  origin: Origin,
): Promise<Prepared> {
  const state = parseViewState(b.view.state?.values);
  const canConfigure = await deps.permissions.canConfigure(b.user.id);
  const callbackId = b.view.callback_id;
  if (callbackId.startsWith(FORM_PREFIX)) {
    const command = callbackId.slice(FORM_PREFIX.length);
    const spec = deps.bot.commands.find((c) => c.name === command);
    const options = spec ? readFormOptions(spec, state) : {};
    return deps.bot.prepare({ command, options, origin, canConfigure });
  }
  return deps.bot.prepareModal({ modalId: callbackId, values: readModalValues(state), origin, canConfigure });
}
