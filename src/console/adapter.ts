import { createDispatch, type Dispatch, type DispatchOptions } from '../core/platform/dispatch.ts';
import type { Answer, Bot, Entry, ModalSpec } from '../core/platform/interaction.ts';
import type { OutMessage } from '../core/platform/message.ts';
import type { ChatPort, Logger, Origin, Reply, ThreadRef } from '../core/ports.ts';
import { plainStyle, renderText, type TextStyle } from './render-text.ts';

// A terminal chat: one channel, one user (the operator, who may configure). Commands are typed as on
// Slack (`/clip https://… reels=2`), buttons are pressed by typing `!<id>`, and a job's results appear
// under its number, as in a thread.

export interface ConsoleOptions {
  bot: Bot;
  logger: Logger;
  /** Counts commands by outcome (reelbot_commands_total). */
  metrics?: DispatchOptions['metrics'];
  write: (text: string) => void;
  style?: TextStyle;
  userName?: string;
  /** Jobs of this console still waiting for results (to finish piped sessions). */
  pendingJobs: () => Promise<number>;
}

export interface ConsoleAdapter {
  chatPort: ChatPort;
  /** Handles one typed line; resolves when its immediate answer has been printed. */
  handleLine(line: string): Promise<void>;
  /** Waits until every command started here has finished and its jobs have posted, or the deadline passes. */
  waitForJobs(deadlineMs: number, pollMs?: number): Promise<boolean>;
  /** Whether the next line answers a secret input, which the terminal must not echo. */
  typingSecret(): boolean;
}

export function createConsoleAdapter(options: ConsoleOptions): ConsoleAdapter {
  const style = options.style ?? plainStyle;
  const operator = options.userName ?? 'you';
  let origin: Origin = {
    platform: 'console',
    workspaceId: 'local',
    channelId: 'local',
    userId: operator,
    userName: operator,
  };
  /** `/as <name>` acts as another member, who may not configure the bot; `/as` alone comes back. */
  const canConfigure = () => origin.userId === operator;
  let threads = 0;
  const inFlight = new Set<Promise<void>>();
  let modal: { spec: ModalSpec; values: Record<string, string> } | undefined;

  const print = (message: OutMessage, prefix = '') => {
    options.write(
      `${renderText(message, style)
        .map((l) => `${prefix}${l}`)
        .join('\n')}\n`,
    );
  };

  const reply: Reply = {
    ephemeral: async (m) => print(m, '(only you) '),
    public: async (m) => print(m),
    async openThread(card) {
      threads++;
      const id = String(threads);
      print(card, `[#${id}] `);
      return { platform: 'console', workspaceId: 'local', channelId: 'local', threadId: id, cardMessageId: id };
    },
  };

  const chatPort: ChatPort = {
    platform: 'console',
    send: async (thread: ThreadRef, message) => print(message, `  └ [#${thread.threadId}] `),
    // An edit prints one line, plus the buttons it now carries (an outcome can bring new ones).
    updateCard: async (thread: ThreadRef, message) => {
      const controls = [...(message.controls ?? []), ...(message.cards ?? []).flatMap((c) => c.controls ?? [])].filter(
        (c) => c.kind === 'action',
      );
      print({ text: message.text, ...(controls.length > 0 ? { controls } : {}) }, `[#${thread.threadId}] `);
    },
  };

  const dispatch: Dispatch = createDispatch({
    bot: options.bot,
    logger: options.logger,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });

  // The console's primitives: nothing to acknowledge (answers print at once), a form is asked field by
  // field on the next lines.
  const answer: Answer = {
    async acknowledge(_mode, message) {
      if (message) await reply.ephemeral(message);
      return reply;
    },
    async openForm(spec) {
      modal = { spec, values: {} };
      askNext();
    },
  };

  function follow(entry: Entry): Promise<void> {
    // The dispatch answers first and runs the work behind the answer detached: a piped session (and the
    // next prompt) waits for that work too, as a person at the terminal reads its answer before typing on.
    const task = dispatch.handle(entry, answer).then(() => dispatch.idle());
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
    return task;
  }

  /** What a field shows before it is answered: its prefilled text, or the choices already picked. */
  const shownOf = (input: ModalSpec['inputs'][number]): string =>
    input.value ?? input.choices?.selected.join(',') ?? '';

  function askNext() {
    const input = modal?.spec.inputs.find((i) => modal && !(i.id in modal.values));
    if (!input) return;
    const choices = input.choices ? ` — choose from ${input.choices.options.map((o) => o.value).join(', ')}` : '';
    // A prefilled answer is kept by an empty line.
    const shown = shownOf(input);
    const current = shown ? ` [${shown}]` : '';
    options.write(
      `${modal?.spec.title} — ${input.label}${input.secret ? ' (not shown to anyone else)' : ''}${choices}${current}: \n`,
    );
  }

  function answerModal(line: string): Promise<void> {
    const current = modal;
    if (!current) return Promise.resolve();
    const input = current.spec.inputs.find((i) => !(i.id in current.values));
    if (input) current.values[input.id] = line === '' ? shownOf(input) : line;
    if (current.spec.inputs.some((i) => !(i.id in current.values))) {
      askNext();
      return Promise.resolve();
    }
    modal = undefined;
    return follow({
      kind: 'form',
      formId: current.spec.id,
      values: current.values,
      origin,
      canConfigure: canConfigure(),
    });
  }

  async function handleLine(raw: string): Promise<void> {
    const line = raw.trim();
    if (modal) return answerModal(line);
    if (!line || line.startsWith('#')) return;
    if (line.startsWith('!')) {
      return follow({ kind: 'click', actionId: line.slice(1), origin, canConfigure: canConfigure() });
    }
    if (!line.startsWith('/')) {
      print({ text: 'Commands start with a slash, e.g. `/clip https://youtu.be/… reels=2`. Type /help for the list.' });
      return;
    }
    const command = line.slice(1).split(/\s+/, 1)[0] ?? '';
    const text = line.slice(1 + command.length).trim();
    if (command.toLowerCase() === 'as') return actAs(text);
    return follow({ kind: 'command', command, text, origin, canConfigure: canConfigure() });
  }

  function actAs(name: string): Promise<void> {
    const who = name.replace(/^@/, '').trim() || operator;
    if (!/^[\w.-]{1,32}$/.test(who)) {
      print(
        { text: '⚠️ `/as <name>`: a name of letters and digits, e.g. `/as bea`; `/as` alone to be yourself again.' },
        '(only you) ',
      );
      return Promise.resolve();
    }
    origin = { ...origin, userId: who, userName: who };
    print(
      {
        text:
          who === operator
            ? `You are ${who} again (you may configure the bot).`
            : `You are now ${who}, a member who may not configure the bot. \`/as\` to come back.`,
      },
      '(only you) ',
    );
    return Promise.resolve();
  }

  async function waitForJobs(deadlineMs: number, pollMs = 200): Promise<boolean> {
    const deadline = Date.now() + deadlineMs;
    while (Date.now() < deadline) {
      await Promise.allSettled([...inFlight]);
      if (inFlight.size === 0 && (await options.pendingJobs()) === 0) return true;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    return false;
  }

  /** The next line typed answers a secret input (an API key): the terminal must not echo it. */
  const typingSecret = () => modal?.spec.inputs.find((i) => modal && !(i.id in modal.values))?.secret === true;

  return { chatPort, handleLine, waitForJobs, typingSecret };
}
