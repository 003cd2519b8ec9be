import { stillDueNow } from '../core/platform/chat-port.ts';
import { createDispatch, type Dispatch, type DispatchOptions, type EntryOutcome } from '../core/platform/dispatch.ts';
import type { Answer, Bot, Entry, ModalInput, ModalSpec } from '../core/platform/interaction.ts';
import type { OutMessage } from '../core/platform/message.ts';
import type { ChatPort, Logger, Origin, Reply, ThreadRef } from '../core/ports.ts';
import {
  changedFieldLines,
  plainStyle,
  renderText,
  type ShownFields,
  shownFields,
  type TextStyle,
} from './render-text.ts';
import { consoleWords } from './words.ts';

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
  /** The terminal's language (LANG and its kin, e.g. `fr_FR.UTF-8`): what the person at it reads. */
  locale?: string;
  /** Jobs of this console still waiting for results (to finish piped sessions). */
  pendingJobs: () => Promise<number>;
  /**
   * Asks a form's question. At a terminal it becomes the prompt, answered on its own line; by default
   * (piped input) it is printed as a line.
   */
  ask?: (question: string) => void;
  /**
   * A form the bot refused on submission is asked again, each field holding what was typed. Only at a
   * terminal: with input piped in, the lines after the form are commands, not a second try.
   */
  askAgainOnMistake?: boolean;
}

export interface ConsoleAdapter {
  chatPort: ChatPort;
  /** Handles one typed line; resolves when its immediate answer has been printed. */
  handleLine(line: string): Promise<void>;
  /** Waits until every command started here has finished and its jobs have posted, or the deadline passes. */
  waitForJobs(deadlineMs: number, pollMs?: number): Promise<boolean>;
  /**
   * The form field the next line answers, if a form is open: its question is the prompt, and a secret
   * one (an API key) must not be echoed.
   */
  asking(): ModalInput | undefined;
  /** Lines refused so far: invalid commands, refusals, failures told to the person (piped mode exits 1). */
  refusals(): number;
}

/** Outcomes a person was told "no" for: the command did not do what was typed. */
const REFUSED: ReadonlySet<EntryOutcome> = new Set(['invalid', 'refused', 'error']);
/** Typed at a form's question, closes the form without submitting it. */
const CANCEL = '/cancel';

export function createConsoleAdapter(options: ConsoleOptions): ConsoleAdapter {
  const style = options.style ?? plainStyle;
  // The console's own lines, in the terminal's language (the bot's answers follow it too, through the origin).
  const words = consoleWords(options.locale);
  /** The mark of a line only the person at the terminal sees. */
  const onlyYou = `${words.t('console.only_you')} `;
  const operator = options.userName ?? 'you';
  let origin: Origin = {
    platform: 'console',
    workspaceId: 'local',
    channelId: 'local',
    userId: operator,
    userName: operator,
    // The terminal is the channel too: its language is the channel's until `/setup locale=` says another.
    ...(options.locale ? { locale: options.locale, channelLocale: options.locale } : {}),
  };
  /** `/as <name>` acts as another member, who may not configure the bot; `/as` alone comes back. */
  const canConfigure = () => origin.userId === operator;
  let threads = 0;
  const inFlight = new Set<Promise<void>>();
  let modal: { spec: ModalSpec; values: Record<string, string> } | undefined;
  let refusals = 0;
  /** How the last submitted form ended (the console submits one form at a time). */
  let formOutcome: EntryOutcome | undefined;
  const ask = options.ask ?? ((question: string) => options.write(`${question}\n`));

  const print = (message: OutMessage, prefix = '') => {
    options.write(
      `${renderText(message, style, words)
        .map((l) => `${prefix}${l}`)
        .join('\n')}\n`,
    );
  };

  const reply: Reply = {
    ephemeral: async (m) => print(m, onlyYou),
    public: async (m) => print(m),
    async openThread(card) {
      threads++;
      const id = String(threads);
      print(card, `[#${id}] `);
      cardFields.set(id, shownFields(card, style));
      return { platform: 'console', workspaceId: 'local', channelId: 'local', threadId: id, cardMessageId: id };
    },
  };

  /** Each card's fields as last printed, by thread: an edit prints only what changed. */
  const cardFields = new Map<string, ShownFields>();

  const chatPort: ChatPort = {
    platform: 'console',
    send: async (thread: ThreadRef, message) => print(message, `  └ [#${thread.threadId}] `),
    // An edit prints its first line, the fields it changed (a publish card's approvals, its outside reviewers), and
    // the buttons it now carries (an outcome can bring new ones); one another replica on the same store has drawn
    // over meanwhile is not printed (ChatPort.updateCard's stillDue).
    updateCard: async (thread: ThreadRef, message, _kind, stillDue) => {
      if (!(await stillDueNow(stillDue))) return false;
      const controls = [...(message.controls ?? []), ...(message.cards ?? []).flatMap((c) => c.controls ?? [])].filter(
        (c) => c.kind === 'action',
      );
      const fields = shownFields(message, style);
      const changed = changedFieldLines(cardFields.get(thread.threadId), fields);
      cardFields.set(thread.threadId, fields);
      const text = [message.text, ...changed.map((l) => `  │ ${l}`)].join('\n');
      print({ text, ...(controls.length > 0 ? { controls } : {}) }, `[#${thread.threadId}] `);
      return true;
    },
  };

  const dispatch: Dispatch = createDispatch({
    bot: options.bot,
    logger: options.logger,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    observe: (handled) => {
      if (REFUSED.has(handled.outcome)) refusals++;
      if (handled.kind === 'form') formOutcome = handled.outcome;
    },
  });

  // The console's primitives: nothing to acknowledge (answers print at once), a form is asked field by
  // field on the next lines.
  const answer: Answer = {
    async acknowledge(_mode, message) {
      if (message) await reply.ephemeral(message);
      return reply;
    },
    async openForm(spec) {
      openModal(spec);
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

  function openModal(spec: ModalSpec, note?: string) {
    modal = { spec, values: {} };
    // A form of one field is one question; a longer one is named once, above its fields.
    const keep = spec.inputs.some((i) => shownOf(i) !== '') ? words.t('console.form_keep') : '';
    if (note) options.write(`${note}\n`);
    else if (spec.inputs.length > 1)
      options.write(`${words.t('console.form_title', { title: spec.title, keep, cancel: CANCEL })}\n`);
    askNext();
  }

  /** The question for one field: its label, what it takes (choices or the platform's placeholder), its value. */
  function questionOf(spec: ModalSpec, input: ModalSpec['inputs'][number]): string {
    const hints: string[] = [];
    if (input.choices) {
      hints.push(words.t('console.choose_from', { choices: input.choices.options.map((o) => o.value).join(', ') }));
    } else if (input.placeholder) hints.push(input.placeholder);
    if (input.secret) hints.push(words.t('console.not_shown'));
    const shown = shownOf(input);
    return `${questionLabel(spec, input)}${hints.length > 0 ? ` (${hints.join('; ')})` : ''}${shown ? ` [${shown}]` : ''}: `;
  }

  /**
   * A one-field form is one question: its title, and the field's label unless the title already says it ("Media API
   * key for this channel" holds "API key"; "Invite reviewer" does not name "Reviewer's name", what is typed).
   */
  function questionLabel(spec: ModalSpec, input: ModalSpec['inputs'][number]): string {
    if (spec.inputs.length > 1) return input.label;
    return spec.title.toLowerCase().includes(input.label.toLowerCase()) ? spec.title : `${spec.title} — ${input.label}`;
  }

  function askNext() {
    const current = modal;
    const input = current?.spec.inputs.find((i) => !(i.id in current.values));
    if (current && input) ask(questionOf(current.spec, input));
  }

  async function answerModal(line: string): Promise<void> {
    const current = modal;
    if (!current) return;
    if (line === CANCEL) {
      modal = undefined;
      print({ text: words.t('console.form_closed') }, onlyYou);
      return;
    }
    const input = current.spec.inputs.find((i) => !(i.id in current.values));
    if (input) current.values[input.id] = line === '' ? shownOf(input) : line;
    if (current.spec.inputs.some((i) => !(i.id in current.values))) {
      askNext();
      return;
    }
    modal = undefined;
    formOutcome = undefined;
    await follow({
      kind: 'form',
      formId: current.spec.id,
      values: current.values,
      origin,
      canConfigure: canConfigure(),
    });
    if (!options.askAgainOnMistake || !formOutcome || !REFUSED.has(formOutcome)) return;
    // A typo in one field must not cost the others: the same form again, each field holding its answer.
    const inputs = current.spec.inputs.map((i) => (i.secret ? i : { ...i, value: current.values[i.id] ?? '' }));
    // One field has no others to keep: Enter would only send the refused answer again.
    const keep = inputs.length > 1 ? words.t('console.fix_keep') : '';
    openModal({ ...current.spec, inputs }, words.t('console.fix', { keep, cancel: CANCEL }));
  }

  async function handleLine(raw: string): Promise<void> {
    const line = raw.trim();
    if (modal) return answerModal(line);
    if (!line || line.startsWith('#')) return;
    if (line.startsWith('!')) {
      return follow({ kind: 'click', actionId: line.slice(1), origin, canConfigure: canConfigure() });
    }
    if (!line.startsWith('/')) {
      refusals++;
      print({ text: words.t('console.slash') });
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
      refusals++;
      print({ text: words.t('console.as_bad') }, onlyYou);
      return Promise.resolve();
    }
    origin = { ...origin, userId: who, userName: who };
    print({ text: words.t(who === operator ? 'console.as_back' : 'console.as_member', { who }) }, onlyYou);
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

  const asking = (): ModalInput | undefined => {
    const current = modal;
    return current?.spec.inputs.find((i) => !(i.id in current.values));
  };

  return {
    chatPort,
    handleLine,
    waitForJobs,
    asking,
    refusals: () => refusals,
  };
}
