import type { z } from 'zod';
import type { Translator } from '../i18n/catalogue.ts';
import type { Locale } from '../i18n/locales.ts';
import type { Prepared } from '../platform/interaction.ts';
import type { Logger, Origin, Reply } from '../ports.ts';
import type { CommandSpec, OptionValues } from './spec.ts';

/** What the app knows of one interaction before any feature sees it. */
export interface InvocationBase {
  origin: Origin;
  channelKey: string;
  canConfigure: boolean;
  logger: Logger;
  /** The channel's API key (channel, team or sandbox); throws a UserError when there is none. */
  apiKey(): Promise<string>;
  /** The reader's language (the person who acted): their private answers, forms and errors are written in it. */
  locale: Locale;
  /** Messages in the reader's language. */
  t: Translator;
  /** Messages in another language: the channel's, for what everyone there reads. */
  translator(locale: Locale): Translator;
}

/**
 * What features add to every interaction for each other's handlers (a feature's `helpers` slot). Empty here: a
 * feature declares its helpers by declaration merging in its deps.ts, so this file names none.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's declaration merging.
export interface ContextHelpers {}

/** An interaction with every feature's helpers: what handlers see besides their own feature's services. */
export type InvocationContext = InvocationBase & ContextHelpers;

/** An interaction as a feature's handler sees it: with the services that feature mounted (`D`). */
export interface CommandContext<D = unknown> extends InvocationContext {
  deps: D;
}

/** A command as the app holds it: its table entry, and the step for values that passed the table. */
export interface CommandHandler<N extends string = string, D = unknown> {
  spec: CommandSpec<N>;
  prepare(values: OptionValues, ctx: CommandContext<D>): Prepared;
}

export interface CommandDefinition<N extends string, S extends z.ZodType, D> {
  spec: CommandSpec<N>;
  /**
   * The option values as the handler reads them, keyed by the table's option names (strict: a key the
   * table does not declare is a bug). The table has already checked types, ranges and choices.
   */
  options: S;
  /** Add the command's own checks (no I/O) and return the first answer. */
  prepare(values: z.output<S>, ctx: CommandContext<D>): Prepared;
}

/**
 * A command: table entry, option schema and handler, one per file. The values the table validated are
 * parsed by `options`; a mismatch between the two is a bug in the bot, logged and told as such.
 */
export function defineCommand<N extends string, S extends z.ZodType, D = unknown>(
  def: CommandDefinition<N, S, D>,
): CommandHandler<N, D> {
  return {
    spec: def.spec,
    prepare(values, ctx) {
      const parsed = def.options.safeParse(values);
      if (parsed.success) return def.prepare(parsed.data, ctx);
      ctx.logger.error(
        { command: def.spec.name, issues: parsed.error.issues },
        'option schema disagrees with the table',
      );
      return fail(ctx.t.t('commands.options_bug', { name: def.spec.name }));
    },
  };
}

/** The refusal for settings, shared by /setup and the forms and buttons that change them. */
export const NOT_ALLOWED =
  'Only people who may configure the bot can change its settings (Discord: Manage Server; Slack: workspace admins or the operator’s SLACK_ADMIN_USERS list).';

export const fail = (message: string): Prepared => ({ kind: 'error', message });
export const run = (ephemeral: boolean, fn: (reply: Reply) => Promise<void>): Prepared => ({
  kind: 'run',
  ephemeral,
  run: fn,
});

/** Drops undefined fields and empty objects, so requests carry only what the user chose. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return Object.keys(out).length > 0 ? (out as Partial<T>) : undefined;
}
