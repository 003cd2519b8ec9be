// The one place that interprets the first answer (refuse / open a form / acknowledge then run) for every
// entry point, and the only error boundary: it logs once with context, answers the person in one voice,
// and never throws into the platform. Adapters supply the primitives (interaction.ts `Answer`).
import { bareOpensForm } from '../commands/help.ts';
import type { CommandSpec } from '../commands/spec.ts';
import type { Clock, Logger, Origin, Reply } from '../ports.ts';
import { systemClock } from '../ports.ts';
import { createOutcomes } from './dispatch-outcome.ts';
import { commandName, type Handled, labelOf, traceOf } from './dispatch-trace.ts';
import type { AckMode, Answer, Bot, Choice, Entry, Prepared } from './interaction.ts';
import { modalToOpen } from './modal-load.ts';
import { createWorkQueue, type WorkQueue } from './work-queue.ts';
import { createWorkTracker, DRAIN_MS, type WorkTracker } from './work-tracker.ts';

export { APOLOGY } from './dispatch-outcome.ts';
export type { Handled, Outcome } from './dispatch-trace.ts';

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

export function createDispatch(options: DispatchOptions): Dispatch {
  const { bot, logger } = options;
  const clock = options.clock ?? systemClock;
  const metrics = options.metrics;
  const work =
    options.work ??
    createWorkQueue(
      metrics?.set && metrics.observe
        ? {
            metrics: {
              set: (n, l, v) => metrics.set?.(n, l, v),
              observe: (n, l, s) => metrics.observe?.(n, l, s),
            },
          }
        : {},
    );
  const tracker = options.tracker ?? createWorkTracker(logger);
  const { firstTime, fail, finish, detach } = createOutcomes({
    logger,
    clock,
    work,
    tracker,
    ...(metrics ? { metrics } : {}),
    ...(options.observe ? { observe: options.observe } : {}),
  });

  /** The core's first answer for an entry, given who may configure. */
  function prepare(entry: Entry, canConfigure: boolean, answer: Answer): Prepared | CommandForm {
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
          return { kind: 'error', message: `I don't know \`${name}\`. Mention me with one of: ${names}.` };
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

  async function handle(entry: Entry, answer: Answer): Promise<void> {
    const trace = traceOf(entry, labelOf(entry, bot), clock.now());
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
      const prepared = prepare(entry, canConfigure, answer);
      if (prepared.kind === 'command-form') {
        await answer.openCommandForm?.(prepared.spec);
        trace.ackMs ??= clock.now() - trace.started;
        trace.outcome = 'form';
      } else if (prepared.kind === 'error') {
        trace.outcome = 'invalid';
        await refuse(prepared.message);
      } else if (prepared.kind === 'modal') {
        if (!answer.openForm) {
          trace.outcome = 'invalid';
          const name = entry.kind === 'mention' ? commandName(entry.command) : undefined;
          await refuse(
            name ? `That needs a form: run \`/${name}\` to open it.` : 'That needs a form, which cannot open here.',
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
        detach(trace, prepared.run, acknowledged, check, answer.conclude);
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
