// Slash commands. ack() comes first, within Slack's 3 s; a form (views.open) right after it, before any
// other I/O, because the trigger_id dies 3 s after the command.

import type { App } from '@slack/bolt';
import { bareOpensForm } from '../core/commands/help.ts';
import type { CommandSpec } from '../core/commands/spec.ts';
import { modalToOpen } from '../core/modal-load.ts';
import { guard, type HandlerDeps, runPrepared } from './boundary.ts';
import { renderMessage } from './render.ts';
import { createReply } from './reply.ts';
import { commandOrigin, type SlashCommandBody, slashCommandSchema } from './translate.ts';
import { commandFormView, modalView } from './views.ts';

/** A bare command that makes something (not help, not settings) opens its form instead of failing. */
export function opensForm(spec: CommandSpec, text: string): boolean {
  return text.trim() === '' && bareOpensForm(spec);
}

type Ack = (response?: Record<string, unknown>) => Promise<void>;

export function registerCommands(app: App, deps: HandlerDeps): void {
  app.command(/.*/, async ({ body, ack, context }) => {
    const parsed = slashCommandSchema.safeParse(body);
    if (!parsed.success) {
      await ack();
      deps.logger.warn({ issues: parsed.error.issues }, 'unreadable slash command');
      return;
    }
    await onCommand(deps, parsed.data, ack as Ack, context.botUserId);
  });
}

async function onCommand(deps: HandlerDeps, cmd: SlashCommandBody, ack: Ack, botUserId?: string): Promise<void> {
  const name = cmd.command.replace(/^\//, '');
  const origin = commandOrigin(cmd);
  const reply = createReply({
    api: deps.api,
    origin,
    logger: deps.logger,
    ...(cmd.response_url ? { responseUrl: cmd.response_url } : {}),
    ...(botUserId ? { botUserId } : {}),
  });
  const meta = { channelId: cmd.channel_id, ...(cmd.response_url ? { responseUrl: cmd.response_url } : {}) };
  let acked = false;
  const ackOnce = async (response?: Record<string, unknown>) => {
    if (acked) return;
    acked = true;
    await ack(response);
  };
  await guard(deps, { command: name, origin }, reply, async () => {
    const spec = deps.bot.commands.find((c) => c.name === name);
    if (spec && cmd.trigger_id && opensForm(spec, cmd.text)) {
      await ackOnce();
      await deps.api.openView(cmd.trigger_id, commandFormView(spec, meta));
      return;
    }
    if (spec?.configure) {
      // Who may configure needs users.info: acknowledge first, then answer through response_url, and open
      // the key form while the trigger (3 s from the command) is still valid; the lookup is bounded to 1.5 s.
      await ackOnce();
      const canConfigure = await deps.permissions.canConfigure(cmd.user_id);
      const prepared = deps.bot.prepare({ command: name, text: cmd.text, origin, canConfigure });
      if (prepared.kind === 'modal' && cmd.trigger_id)
        await deps.api.openView(cmd.trigger_id, modalView(await modalToOpen(prepared), meta));
      else await runPrepared(prepared, reply);
      return;
    }
    const canConfigure = deps.permissions.canConfigureCached(cmd.user_id);
    const prepared = deps.bot.prepare({ command: name, text: cmd.text, origin, canConfigure });
    if (prepared.kind === 'error') {
      await ackOnce({ response_type: 'ephemeral', ...renderMessage({ text: prepared.message }) });
      return;
    }
    await ackOnce();
    if (prepared.kind === 'modal' && cmd.trigger_id) {
      await deps.api.openView(cmd.trigger_id, modalView(await modalToOpen(prepared), meta));
      return;
    }
    await runPrepared(prepared, reply);
  }).finally(() => ackOnce());
}
