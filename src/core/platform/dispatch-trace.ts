// What the dispatch records about one entry: its bounded metric label, what its log line calls it, and
// the trace it keeps while handled. Once the entry is acknowledged, the trace (with the Reply and the
// prepared command) is all its work holds: never the platform's request or the Answer.
import type { Bot, Entry } from './interaction.ts';

export type Outcome = 'ok' | 'form' | 'invalid' | 'refused' | 'error';

/** What the dispatch observed about one entry, for metrics (acknowledgement time, outcomes). */
export interface Handled {
  kind: Entry['kind'];
  /** The command name, `action:<verb>` for a click, `form:<id>` for a form; undefined for unknown commands. */
  label: string | undefined;
  outcome: Outcome;
  /** From the entry to the platform's acknowledgement (or form, or refusal); undefined if none was sent. */
  ackMs: number | undefined;
  ms: number;
}

export const commandName = (command: string) => command.replace(/^\//, '').toLowerCase();

/** Bounded labels: a forged verb or form id counts as `unknown`, so it cannot grow the metric. */
export function labelOf(entry: Entry, bot: Bot): string | undefined {
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
export interface Trace {
  readonly kind: Entry['kind'];
  readonly label: string | undefined;
  readonly started: number;
  readonly where: Record<string, string>;
  readonly what: Record<string, string>;
  /** The adapter's `trace`, bound to a child logger only when a line is written (most entries write one). */
  readonly bindings: Record<string, unknown> | undefined;
  ackMs: number | undefined;
  outcome: Outcome;
  replayed: boolean;
}

export function traceOf(entry: Entry, label: string | undefined, started: number): Trace {
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
  };
}
