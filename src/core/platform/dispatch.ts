// The dispatch: the one place that interprets the first answer (refuse / open a form / acknowledge then
// run) for every entry point, and the only error boundary: it logs once with context, answers the person
// in one voice, and never throws into the platform. Adapters supply the primitives (interaction.ts `Answer`).
import { bareOpensForm } from '../commands/help.ts';
import type { CommandSpec } from '../commands/spec.ts';
import { MediaApiError, StoreUnavailableError, UserError } from '../errors.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { describeError } from '../media/describe-error.ts';
import type { Clock, Logger, Origin, Reply } from '../ports.ts';
import { systemClock } from '../ports.ts';
import type { AckMode, Answer, Bot, Choice, Entry, ModalSpec, Prepared } from './interaction.ts';
import { createWorkQueue, type WorkQueue } from './work-queue.ts';
import { createWorkTracker, DRAIN_MS, type WorkTracker } from './work-tracker.ts';

/** The one apology, on every platform and the console, for a failure the person cannot fix. */
export const APOLOGY = 'Sorry, something went wrong on our side. It has been logged; please try again in a moment.';

export type EntryOutcome = 'ok' | 'form' | 'invalid' | 'refused' | 'error';

/** What the dispatch observed about one entry, for metrics (acknowledgement time, outcomes). */
export interface Handled {
  kind: Entry['kind'];
  /** The command name, `action:<verb>` for a click, `form:<id>` for a form; undefined for unknown commands. */
  label: string | undefined;
  outcome: EntryOutcome;
  /** From the entry to the platform's acknowledgement (or form, or refusal); undefined if none was sent. */
  ackMs: number | undefined;
  ms: number;
}

export interface AutocompleteQuery {
  command: string;
  option: string;
  query: string;
  origin: Origin;
}

export interface Dispatch {
  readonly commands: readonly CommandSpec[];
  /**
   * Handles one entry; resolves once its first answer is out (a refusal, a form, an acknowledgement) and
   * never rejects. The work behind an acknowledgement runs after that, detached from the platform's
   * request, and is tracked until it ends: see `drain`.
   */
  handle(entry: Entry, answer: Answer): Promise<void>;
  /** Work behind acknowledgements that has not ended yet (waiting its turn in the work queue, or running). */
  readonly inFlight: number;
  /**
   * Waits until the work behind every acknowledgement so far (and any acknowledged meanwhile) has ended,
   * or `boundMs` passed (default 10 s); true when all ended. A stopping adapter calls it before its client
   * goes, so a card being posted is not cut off.
   */
  drain(boundMs?: number): Promise<boolean>;
  /** Resolves once no work behind an acknowledgement is left (no bound): the console and tests wait with it. */
  idle(): Promise<void>;
  /** Answers an autocomplete (≤ 25 choices, from memory); `respond` gets [] on failure; never rejects. */
  autocomplete(query: AutocompleteQuery, respond: (choices: Choice[]) => Promise<void>): Promise<void>;
}

export interface DispatchOptions {
  bot: Bot;
  logger: Logger;
  clock?: Clock;
  /** `reelbot_commands_total{command,outcome}` (known commands, clicks and forms only: bounded labels). */
  metrics?: {
    inc(name: string, labels?: Record<string, string>): void;
    observe?(name: string, labels: Record<string, string>, seconds: number): void;
    set?(name: string, labels: Record<string, string>, value: number): void;
  };
  /**
   * Requests the HTTP edge has received and not yet answered, which the default work queue steers by (see
   * work-queue.ts); default none.
   */
  awaiting?: () => number;
  /** Where the work after an acknowledgement waits its turn; default: one queue for this dispatch. */
  work?: WorkQueue;
  /** Keeps the work after acknowledgements until it ends, for `drain`; default: one of its own. */
  tracker?: WorkTracker;
  /** Called once per entry, after it is handled (histograms, tests). */
  observe?: (handled: Handled) => void;
}

/** A bare command that makes something (not help, not settings) opens its form instead of failing. */
export function opensForm(spec: CommandSpec, text: string): boolean {
  return text.trim() === '' && bareOpensForm(spec);
}

/** A bare command answered with the platform's own form for it (Slack). */
type CommandForm = { kind: 'command-form'; spec: CommandSpec };

const commandName = (command: string) => command.replace(/^\//, '').toLowerCase();

/** Bounded labels: a forged verb or form id counts as `unknown`, so it cannot grow the metric. */
function labelOf(entry: Entry, bot: Bot): string | undefined {
  switch (entry.kind) {
    case 'click': {
      const verb = entry.actionId.split(':')[0] ?? '';
      return `action:${(bot.knows?.('verb', verb) ?? true) ? verb : 'unknown'}`;
    }
    case 'form': {
      const form = entry.formId.split(':')[0] ?? '';
      return `form:${(bot.knows?.('form', form) ?? true) ? form : 'unknown'}`;
    }
    default: {
      const name = commandName(entry.command);
      return bot.commands.some((c) => c.name === name) ? name : undefined;
    }
  }
}

/** What the log line calls the entry: the command (even unknown, cut short) or the click's verb. */
function what(entry: Entry): Record<string, string> {
  if (entry.kind === 'click') return { verb: entry.actionId.split(':')[0] ?? '' };
  if (entry.kind === 'form') return { form: entry.formId.slice(0, 64) };
  return { command: commandName(entry.command).slice(0, 64) };
}

/**
 * What one entry keeps while it is handled, and all its work keeps once it is acknowledged (with its
 * Reply): who, where and what for the log line, never the platform's request or the Answer.
 */
interface Trace {
  readonly kind: Entry['kind'];
  readonly label: string | undefined;
  readonly started: number;
  readonly where: Record<string, string>;
  readonly what: Record<string, string>;
  /** The adapter's `trace`, bound to a child logger only when a line is written (most entries write one). */
  readonly bindings: Record<string, unknown> | undefined;
  ackMs: number | undefined;
  outcome: EntryOutcome;
  replayed: boolean;
  /** The person's language, for what the dispatch says to them (English without one). */
  t: Translator | undefined;
}

function traceOf(entry: Entry, label: string | undefined, started: number, t: Translator | undefined): Trace {
  const { platform, channelId, userId } = entry.origin;
  return {
    kind: entry.kind,
    label,
    started,
    where: { platform, channel: channelId, user: userId },
    what: what(entry),
    bindings: entry.trace,
    ackMs: undefined,
    outcome: 'ok',
    replayed: false,
    t,
  };
}

/**
 * The form to open for a prepared modal: its prefilled version when it has one (a store read, well
 * within the platforms' 3 s), else the plain one, so a slow or failed read still opens a form.
 */
async function modalToOpen(prepared: Extract<Prepared, { kind: 'modal' }>): Promise<ModalSpec> {
  if (!prepared.load) return prepared.modal;
  try {
    return await prepared.load();
  } catch {
    return prepared.modal;
  }
}

export function createDispatch(options: DispatchOptions): Dispatch {
  const { bot, logger } = options;
  const clock = options.clock ?? systemClock;
  const metrics = options.metrics;
  const work =
    options.work ??
    createWorkQueue({
      ...(options.awaiting ? { awaiting: options.awaiting } : {}),
      ...(metrics?.set && metrics.observe
        ? {
            metrics: {
              set: (n, l, v) => metrics.set?.(n, l, v),
              observe: (n, l, s) => metrics.observe?.(n, l, s),
            },
          }
        : {}),
    });
  const tracker = options.tracker ?? createWorkTracker(logger);
  const logOf = (trace: Trace): Logger => (trace.bindings ? logger.child(trace.bindings) : logger);

  /** The replay check; a replay is logged at debug and gets nothing more. */
  async function firstTime(trace: Trace, check: () => Promise<boolean>): Promise<boolean> {
    trace.replayed = !(await check());
    if (trace.replayed) logOf(trace).debug({ ...trace.where, ...trace.what }, 'already handled: replay ignored');
    return !trace.replayed;
  }

  /** Logs a failure once and tells the person through `refuse` (told as it is, or the apology). */
  async function fail(trace: Trace, err: unknown, refuse?: (text: string) => Promise<unknown>): Promise<void> {
    // Told as they are: the person's mistake, the API's answer, or storage that is down for a moment.
    const expected = err instanceof UserError || err instanceof MediaApiError || err instanceof StoreUnavailableError;
    const log = logOf(trace);
    trace.outcome = expected ? 'refused' : 'error';
    if (expected) log.info({ ...trace.where, ...trace.what, err: { message: (err as Error).message } }, 'refused');
    else log.error({ ...trace.where, ...trace.what, err }, `${trace.kind} failed`);
    const apology = trace.t?.t('dispatch.apology') ?? APOLOGY;
    await refuse?.(expected ? `⚠️ ${describeError(err, trace.t)}` : apology).catch((e: unknown) => {
      log.warn({ ...trace.where, err: e }, 'could not tell the person about an error');
    });
  }

  /** After everything (success or not): the answer's conclude, then the one log line and the metrics. */
  async function finish(trace: Trace, conclude: (() => Promise<void>) | undefined): Promise<void> {
    // A replay found after its acknowledgement shares the original's reply: leave it alone.
    if (trace.replayed) return;
    await conclude?.().catch((e: unknown) =>
      logOf(trace).warn({ ...trace.where, err: e }, 'could not conclude the answer'),
    );
    const { kind, label, outcome, ackMs } = trace;
    const ms = clock.now() - trace.started;
    // The entry's own fields go in the line rather than through a child logger made for it, which would
    // serialise the bindings once more for every command of a burst.
    logger.info(
      { ...trace.bindings, ...trace.where, ...trace.what, outcome, ms, ...(ackMs !== undefined ? { ackMs } : {}) },
      kind,
    );
    if (label) metrics?.inc('reelbot_commands_total', { command: label, outcome });
    // From the entry reaching the bot to the platform's acknowledgement (Discord and Slack allow 3 s).
    if (label && ackMs !== undefined)
      metrics?.observe?.('reelbot_command_ack_seconds', { command: label }, ackMs / 1000);
    options.observe?.({ kind, label, outcome, ackMs, ms });
  }

  /**
   * The work behind an acknowledgement, detached from the entry: the platform's request is answered and
   * `handle` returns, so what waits in the work queue holds only the prepared command, its Reply and the
   * trace, never a platform request, response or middleware chain kept alive through a burst. The tracker
   * keeps it for a clean stop (`drain`).
   */
  function detach(
    trace: Trace,
    run: (reply: Reply) => Promise<void>,
    reply: Reply,
    check: (() => Promise<boolean>) | undefined,
    conclude: (() => Promise<void>) | undefined,
  ): void {
    tracker.run(trace.label ?? trace.kind, async () => {
      try {
        // The replay check left until after the acknowledgement runs with the work, before it.
        await work.run(async () => {
          if (!check || (await firstTime(trace, check))) await run(reply);
        });
      } catch (err) {
        await fail(trace, err, trace.replayed ? undefined : (text) => reply.ephemeral({ text }));
      }
      await finish(trace, conclude);
    });
  }

  /** The core's first answer for an entry, given who may configure. */
  function prepare(
    entry: Entry,
    canConfigure: boolean,
    answer: Answer,
    t: Translator | undefined,
  ): Prepared | CommandForm {
    const { origin } = entry;
    switch (entry.kind) {
      case 'click':
        return bot.prepareAction({ actionId: entry.actionId, origin, canConfigure });
      case 'form':
        return bot.prepareModal({ modalId: entry.formId, values: entry.values, origin, canConfigure });
      case 'mention': {
        const name = commandName(entry.command);
        if (!bot.commands.some((c) => c.name === name)) {
          const names = bot.commands.map((c) => `\`${c.name}\``).join(', ');
          const message = t?.t('dispatch.unknown_mention', { name, names });
          return { kind: 'error', message: message ?? `I don't know \`${name}\`. Mention me with one of: ${names}.` };
        }
        return bot.prepare({ command: name, text: entry.text, origin, canConfigure });
      }
      case 'command': {
        const spec = bot.commands.find((c) => c.name === commandName(entry.command));
        if (spec && answer.openCommandForm && !entry.options && opensForm(spec, entry.text ?? ''))
          return { kind: 'command-form', spec };
        const { command, text, options: values } = entry;
        return bot.prepare({
          command,
          origin,
          canConfigure,
          ...(text !== undefined ? { text } : {}),
          ...(values ? { options: values } : {}),
        });
      }
    }
  }

  /**
   * The work behind an acknowledgement, in the person's language once it is known: an entry whose language the
   * platform did not send (`readerLater`) is prepared again with it after the acknowledgement (preparing does no
   * I/O, so this only rewrites the words), and the apology, if any, follows it too.
   */
  function inReadersLanguage(
    entry: Entry,
    canConfigure: boolean,
    answer: Answer,
    prepared: Extract<Prepared, { kind: 'run' }>,
    trace: Trace,
  ): (reply: Reply) => Promise<void> {
    if (!entry.readerLater) return prepared.run;
    return async (reply) => {
      const known = await withLocale(entry, trace);
      if (known === entry) return prepared.run(reply);
      const again = prepare(known, canConfigure, answer, trace.t);
      return (again.kind === 'run' ? again : prepared).run(reply);
    };
  }

  /** The entry with the person's language looked up (`readerLater`), and the trace speaking it; as it was if none. */
  async function withLocale(entry: Entry, trace: Trace): Promise<Entry> {
    const reader = await entry.readerLater?.().catch(() => undefined);
    if (!reader?.locale && !reader?.timeZone) return entry;
    const { readerLater: _asked, ...rest } = entry;
    const origin = { ...entry.origin, ...reader };
    trace.t = bot.translator?.(origin) ?? trace.t;
    return { ...rest, origin } as Entry;
  }

  async function handle(entry: Entry, answer: Answer): Promise<void> {
    const trace = traceOf(entry, labelOf(entry, bot), clock.now(), bot.translator?.(entry.origin));
    let reply: Reply | undefined;
    let ackBroken = false;

    const acknowledge = async (mode: AckMode, message?: { text: string }): Promise<Reply> => {
      try {
        reply = await answer.acknowledge(mode, message);
      } catch (err) {
        // Nothing reached the person and nothing more can (Discord 10062, Slack's 3 s passed).
        if (!reply) ackBroken = true;
        throw err;
      }
      trace.ackMs ??= clock.now() - trace.started;
      return reply;
    };
    const refuse = (text: string) => (reply ? reply.ephemeral({ text }) : acknowledge('ephemeral', { text }));
    const firstMode: AckMode = entry.kind === 'click' ? 'update' : 'ephemeral';

    try {
      if (entry.firstTime && !entry.firstTimeAfterAck && !(await firstTime(trace, entry.firstTime))) return;
      const lookup = typeof entry.canConfigure === 'function' ? entry.canConfigure : undefined;
      if (lookup && answer.formsAfterAck) await acknowledge(firstMode);
      const canConfigure = lookup ? await lookup() : entry.canConfigure === true;
      // Acknowledged already (a lookup after the ack): the person's language may be looked up now too.
      const current = reply && entry.readerLater ? await withLocale(entry, trace) : entry;
      const prepared = prepare(current, canConfigure, answer, trace.t);
      if (prepared.kind === 'command-form') {
        await answer.openCommandForm?.(prepared.spec);
        trace.ackMs ??= clock.now() - trace.started;
        trace.outcome = 'form';
      } else if (prepared.kind === 'error') {
        trace.outcome = 'invalid';
        if (!reply && current.readerLater) {
          // A person whose language is not known yet (Slack) is acknowledged at once, and refused after in it.
          await acknowledge(firstMode);
          const known = await withLocale(current, trace);
          const again = known === current ? prepared : prepare(known, canConfigure, answer, trace.t);
          await refuse(again.kind === 'error' ? again.message : prepared.message);
        } else await refuse(prepared.message);
      } else if (prepared.kind === 'modal') {
        if (!answer.openForm) {
          trace.outcome = 'invalid';
          const name = entry.kind === 'mention' ? commandName(entry.command) : undefined;
          const t = trace.t;
          await refuse(
            name
              ? (t?.t('dispatch.needs_form_command', { name }) ?? `That needs a form: run \`/${name}\` to open it.`)
              : (t?.t('dispatch.needs_form') ?? 'That needs a form, which cannot open here.'),
          );
        } else {
          trace.outcome = 'form';
          await answer.openForm(await modalToOpen(prepared));
          trace.ackMs ??= clock.now() - trace.started;
        }
      } else {
        const mode: AckMode = entry.kind === 'click' ? 'update' : prepared.ephemeral ? 'ephemeral' : 'public';
        const acknowledged = reply ?? (await acknowledge(mode));
        // The acknowledgement is out; the work behind it (and a replay check left until now) waits its
        // turn, so a burst of commands never delays the next acknowledgement (see work-queue.ts).
        const check = entry.firstTimeAfterAck ? entry.firstTime : undefined;
        // The conclude step alone goes with the work, not the Answer (interaction.ts: it holds no request).
        detach(
          trace,
          inReadersLanguage(current, canConfigure, answer, prepared, trace),
          acknowledged,
          check,
          answer.conclude,
        );
        return;
      }
    } catch (err) {
      await fail(trace, err, ackBroken || trace.replayed ? undefined : refuse);
    }
    await finish(trace, answer.conclude);
  }

  return {
    commands: bot.commands,
    handle,
    get inFlight() {
      return tracker.inFlight;
    },
    drain: (boundMs = DRAIN_MS) => tracker.drain(boundMs),
    idle: () => tracker.idle(),
    async autocomplete(query, respond) {
      let choices: Choice[] = [];
      try {
        choices = bot.autocomplete(query.command, query.option, query.query, query.origin);
      } catch (err) {
        logger.error({ err, command: query.command, option: query.option }, 'autocomplete failed');
      }
      await respond(choices).catch((err: unknown) => {
        logger.warn({ err, command: query.command }, 'could not answer an autocomplete');
      });
    },
  };
}
