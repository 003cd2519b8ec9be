// Test support for the Discord adapter: a recording logger, an in-memory Store, a fake Bot that takes
// every path (error, modal, run with ephemeral / public / openThread), and an adapter started against
// the Discord double.

import { COMMANDS } from '../../src/core/app/commands.ts';
import type { CommandSpec } from '../../src/core/commands/spec.ts';
import { createOnce } from '../../src/core/guarantees/once.ts';
import { createOutbox, type Outbox } from '../../src/core/guarantees/outbox.ts';
import type { Store } from '../../src/core/ports.ts';
import { createDiscordAdapter, type DiscordAdapter } from '../../src/discord/index.ts';
import { createMemoryStore as createRealMemoryStore } from '../../src/infra/store/memory-store.ts';
import type { DiscordDouble } from '../doubles/discord/index.ts';
import { createFakeBot as createScriptedBot, type FakeBot, type FakeBotScript } from '../support/fake-bot.ts';
import { createRecordingLogger, type RecordingLogger } from '../support/recording-logger.ts';

/** The real in-memory store: one process, like each test's bot. */
export function createMemoryStore(): Store {
  return createRealMemoryStore();
}

const card = (title: string) => ({
  text: `${title} started`,
  cards: [
    {
      title,
      body: 'Working on it…',
      tone: 'pending' as const,
      controls: [{ kind: 'action' as const, label: 'Retry', id: 'retry:k3j9x2' }],
    },
  ],
});

/** The fake bot as the Discord adapter's tests script it (the recording is the one fake bot's). */
const discordScript: FakeBotScript = {
  command(inv, bot) {
    const o = inv.options ?? {};
    switch (inv.command) {
      case 'setup':
        if (!inv.canConfigure)
          return { kind: 'error', message: 'Only people who can manage this server can run /setup.' };
        if (o.action === 'key') {
          const inputs = [{ id: 'api_key', label: 'API key', style: 'short' as const, required: true, secret: true }];
          return { kind: 'modal', modal: { id: 'setup:key', title: 'Enter the API key', inputs } };
        }
        return { kind: 'run', ephemeral: true, run: (r) => r.ephemeral({ text: 'No API key yet.' }) };
      case 'clip':
        if (!/^https?:\/\//.test(String(o.url)))
          return { kind: 'error', message: 'That is not a link: give an http(s) URL.' };
        return {
          kind: 'run',
          ephemeral: false,
          run: async (r) => void bot.threads.push(await r.openThread(card('Clip'))),
        };
      case 'project':
        return { kind: 'run', ephemeral: false, run: (r) => r.public({ text: `Project ${String(o.id)}: done` }) };
      case 'help':
        return { kind: 'run', ephemeral: true, run: (r) => r.ephemeral({ text: 'Commands: /clip, /ttv…' }) };
      default:
        return {
          kind: 'run',
          ephemeral: false,
          run: async () => {
            throw new Error(`nothing behind /${inv.command}`);
          },
        };
    }
  },
  action(event) {
    const [verb, arg] = event.actionId.split(':');
    return { kind: 'run', ephemeral: false, run: (r) => r.ephemeral({ text: `${verb} ${arg}: on it` }) };
  },
  modal: () => ({ kind: 'run', ephemeral: true, run: (r) => r.ephemeral({ text: 'API key saved.' }) }),
  // More than Discord accepts, so the adapter's cap shows.
  autocomplete: (_command, option, query) =>
    Array.from({ length: 40 }, (_, i) => ({ name: `${option} ${query} ${i}`, value: `${query}-${i}` })),
};

export const createFakeBot = (commands: readonly CommandSpec[] = COMMANDS): FakeBot =>
  createScriptedBot(discordScript, commands);

export interface Running {
  adapter: DiscordAdapter;
  /** The core's outbox over the adapter's store: how the bot posts in a thread. */
  outbox: Outbox;
  bot: FakeBot;
  logger: RecordingLogger;
}

export async function startAdapter(
  double: DiscordDouble,
  options: { bot?: FakeBot; store?: Store; guildId?: string } = {},
): Promise<Running> {
  const bot = options.bot ?? createFakeBot();
  const logger = createRecordingLogger();
  // Tested alone, the adapter is one process: without a shared store its guarantees sit on memory.
  const store = options.store ?? createRealMemoryStore();
  const once = createOnce({ store, logger });
  const adapter = createDiscordAdapter({
    token: double.token,
    apiUrl: double.restUrl,
    bot,
    logger,
    once,
    store: options.store,
    guildId: options.guildId,
  });
  await adapter.start();
  return { adapter, outbox: createOutbox({ once, store, logger }), bot, logger };
}
