// The terminal console as a Surface: lines typed into the real console adapter, its printed output read
// back the way the README describes it (`(only you)`, `[#N]` cards, `└ [#N]` thread messages).
import type { App } from '../../src/app.ts';
import { type ConsoleAdapter, createConsoleAdapter } from '../../src/console/adapter.ts';
import { silentLogger } from '../support/harness.ts';
import { type Core, startCore } from './core.ts';
import type { Seen, Surface } from './surface.ts';

interface Printed {
  where: 'private' | 'card' | 'thread' | 'other';
  thread?: string;
  seen: Seen;
}

/** `[Retry] type: !retry:k3j9` (an action) and `Watch reel 1: https://…` (a link), as render-text prints them. */
const BUTTON = /\[([^\]]+)\] type: !(\S+)/g;
const LINK = /(?:[│└] |^ {2}|\] )([^:\n│└[\]]+): https?:\/\//gm;

function read(text: string): Printed {
  const lines = text.replace(/\n$/, '').split('\n');
  const first = lines[0] ?? '';
  const buttons = [...text.matchAll(BUTTON), ...text.matchAll(LINK)].map((m) => (m[1] ?? '').trim());
  const seen = { text, buttons };
  if (first.startsWith('(only you) ')) return { where: 'private', seen };
  const inThread = /^ {2}└ \[#(\d+)\] /.exec(first);
  if (inThread) return { where: 'thread', thread: inThread[1], seen };
  const card = /^\[#(\d+)\] /.exec(first);
  if (card) return { where: 'card', thread: card[1], seen };
  return { where: 'other', seen };
}

export async function startConsoleSurface(): Promise<Surface> {
  const core: Core = await startCore();
  const printed: Printed[] = [];
  let app: App;
  let adapter: ConsoleAdapter;

  async function boot() {
    app = await core.start();
    await app.listen([], 0);
    adapter = createConsoleAdapter({
      bot: app.bot,
      logger: silentLogger,
      write: (text) => void printed.push(read(text)),
      pendingJobs: async () => 0,
    });
    app.registerChat(adapter.chatPort);
  }
  await boot();

  return {
    name: 'console',
    command: (line) => adapter.handleLine(line),
    async click(thread, label) {
      const holder = printed.filter((p) => p.thread === thread && p.seen.buttons.some((b) => b.includes(label))).at(-1);
      const id = [...(holder?.seen.text.matchAll(BUTTON) ?? [])].find((m) => m[1]?.includes(label))?.[2];
      if (!id) throw new Error(`no ${label} button in thread #${thread}`);
      await adapter.handleLine(`!${id}`);
    },
    async submitForm(values) {
      // The console asks the form's fields one per line, in order.
      for (const value of Object.values(values)) await adapter.handleLine(value);
    },
    threads: async () => [...new Set(printed.filter((p) => p.where === 'card').map((p) => p.thread ?? ''))],
    async card(id) {
      const card = printed.filter((p) => p.where === 'card' && p.thread === id).at(-1);
      if (!card) throw new Error(`no card #${id}`);
      return card.seen;
    },
    thread: async (id) => printed.filter((p) => p.where === 'thread' && p.thread === id).map((p) => p.seen),
    privateTo: async () => printed.filter((p) => p.where === 'private').map((p) => p.seen),
    everyone: async () => printed.filter((p) => p.where === 'card' || p.where === 'thread').map((p) => p.seen),
    async restart() {
      await app.close();
      await boot();
    },
    async close() {
      await app.close();
      await core.close();
    },
  };
}
