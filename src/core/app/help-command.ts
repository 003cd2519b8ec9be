// /help: the one command about every other, so the app (which knows them all) mounts it last.
import { z } from 'zod';
import { CONSOLE_ONLY_COMMANDS, consoleOnlyNote } from '../commands/console-only.ts';
import { type CoreServices, defineFeature, handlersFor } from '../commands/define-feature.ts';
import { run } from '../commands/handler.ts';
import { type LookupHelp, prefixMessage, renderHelp } from '../commands/help.ts';
import type { CommandSpec } from '../commands/spec.ts';
import { DEFAULT_SOURCES } from '../commands/validate.ts';

export const HELP: CommandSpec<'help'> = {
  name: 'help',
  description: 'What the bot can do, and how',
  usage: '/help [command]',
  ephemeral: true,
  options: [{ name: 'command', description: 'A command to explain', type: 'string', positional: true }],
};

const { defineCommand } = handlersFor<CoreServices>();
const cleanName = (name: string | undefined) => name?.trim().replace(/^\//, '').toLowerCase();

/** /help over `commands` (the whole table, /help included), describing the features' lookup sources as `lookups` say. */
export function createHelpFeature(commands: readonly CommandSpec[], lookups: LookupHelp) {
  const help = defineCommand({
    spec: HELP,
    options: z.strictObject({ command: z.string().optional() }),
    prepare(v, ctx) {
      // Help names the commands as this platform knows them (SLACK_COMMAND_PREFIX=rb- → /rb-clip).
      const prefix = ctx.deps.commandPrefix?.[ctx.origin.platform] ?? '';
      const asked =
        prefix && v.command?.replace(/^\//, '').startsWith(prefix)
          ? v.command.replace(/^\/?/, '').slice(prefix.length)
          : v.command;
      const names = commands.map((c) => c.name);
      const onConsole = ctx.origin.platform === 'console';
      const elsewhere = onConsole ? undefined : CONSOLE_ONLY_COMMANDS.find((c) => c.name === cleanName(asked));
      if (elsewhere) return run(true, (reply) => reply.ephemeral({ text: consoleOnlyNote(elsewhere, ctx.t) }));
      const listed = onConsole ? [...commands, ...CONSOLE_ONLY_COMMANDS] : commands;
      const message = prefixMessage(renderHelp(listed, asked, DEFAULT_SOURCES, lookups, ctx.t), names, prefix);
      return run(true, (reply) => reply.ephemeral(message));
    },
  });
  return defineFeature<CoreServices>({ name: 'help', commands: [help], mount: (services) => services });
}
