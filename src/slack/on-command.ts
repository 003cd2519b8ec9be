// Slash commands, read into an Entry for the core's dispatch. Who may configure needs users.info, so a
// configuring command (/setup) is looked up after the ack (the trigger_id stays valid for the key form);
// every other command uses what is cached, so its refusal can ride on the ack itself.
import type { App } from '@slack/bolt';
import { type Ack, commandAnswer } from './answer.ts';
import type { HandlerDeps } from './boundary.ts';
import { triggerReplayCheck } from './replay.ts';
import { createReply } from './reply.ts';
import { commandOrigin, type SlashCommandBody, slashCommandSchema } from './translate.ts';
import { unwrapSlackText } from './unwrap.ts';
import { readerLocale } from './user-locales.ts';

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
  // With SLACK_COMMAND_PREFIX=rb- Slack sends /rb-clip: the core knows it as clip.
  const named = cmd.command.replace(/^\//, '');
  const command =
    deps.commandPrefix && named.startsWith(deps.commandPrefix) ? named.slice(deps.commandPrefix.length) : named;
  const { api, permissions, locales } = deps.workspace(cmd.team_id);
  // The person's language when kept; else looked up for the work after the ack, never before it.
  const { reader, readerLater } = readerLocale(locales, cmd.user_id);
  const origin = { ...commandOrigin(cmd), ...reader };
  const responseUrl = cmd.response_url ? { responseUrl: cmd.response_url } : {};
  const reply = createReply({
    api,
    origin,
    logger: deps.logger,
    ...responseUrl,
    ...(botUserId ? { botUserId } : {}),
  });
  const configuring = deps.dispatch.commands.find((c) => c.name === command)?.configure === true;
  const answer = commandAnswer({
    api,
    reply,
    ack,
    triggerId: cmd.trigger_id,
    meta: { channelId: cmd.channel_id, ...responseUrl },
    locale: reader.locale,
    readerLater,
  });
  await deps.dispatch.handle(
    {
      kind: 'command',
      command,
      text: unwrapSlackText(cmd.text),
      origin,
      canConfigure: configuring
        ? () => permissions.canConfigure(cmd.user_id)
        : permissions.canConfigureCached(cmd.user_id),
      ...(readerLater ? { readerLater } : {}),
      ...triggerReplayCheck(deps, cmd.trigger_id),
    },
    answer,
  );
}
