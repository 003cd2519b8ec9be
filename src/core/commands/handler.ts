import type { z } from 'zod';
import type { KeyResolver } from '../channels/key-resolver.ts';
import type { SettingsRepo } from '../channels/settings-repo.ts';
import type { Once } from '../guarantees/once.ts';
import type { JobService } from '../jobs/service.ts';
import type { BudgetStatus } from '../media/rate-limiter.ts';
import type { Voice } from '../media/schemas.ts';
import type { Metrics } from '../metrics.ts';
import type { Prepared } from '../platform/interaction.ts';
import type { Clock, Logger, MediaApi, Origin, Reply } from '../ports.ts';
import type { PublishKit } from '../publish/kit.ts';
import type { VoiceCatalogue } from '../voices/catalogue.ts';
import type { CommandSpec, OptionValues } from './spec.ts';

export interface BotDeps {
  jobs: JobService;
  media: MediaApi;
  keys: KeyResolver;
  settings: SettingsRepo;
  voices: VoiceCatalogue;
  logger: Logger;
  clock: Clock;
  metrics: Metrics;
  /** What is left of a key's hourly request budget, for /jobs and /setup (absent in some tests). */
  budget?: (apiKey: string) => Promise<BudgetStatus>;
  /** Facts /setup shows: where results come from and which API. */
  facts: { sandbox: boolean; webhooks: boolean; teamKey: boolean };
  /** The name prefix of the commands on each platform (SLACK_COMMAND_PREFIX), for /help. */
  commandPrefix?: Partial<Record<Origin['platform'], string>>;
  /** Only-once claims: a double click of a follow-up button starts one job. */
  once: Once;
  /** Approval and publishing to social accounts. */
  publish: PublishKit;
}

export interface CommandContext {
  deps: BotDeps;
  origin: Origin;
  channelKey: string;
  canConfigure: boolean;
  /** The channel's API key (channel, team or sandbox); throws a UserError when there is none. */
  apiKey(): Promise<string>;
  /** A voice by id or unambiguous name from the catalogue; throws a UserError with suggestions. */
  resolveVoice(text: string): Promise<Voice>;
}

/** A command as the registry holds it: its table entry, and the step for values that passed the table. */
export interface CommandHandler<N extends string = string> {
  spec: CommandSpec<N>;
  prepare(values: OptionValues, ctx: CommandContext): Prepared;
}

export interface CommandDefinition<N extends string, S extends z.ZodType> {
  spec: CommandSpec<N>;
  /**
   * The option values as the handler reads them, keyed by the table's option names (strict: a key the
   * table does not declare is a bug). The table has already checked types, ranges and choices.
   */
  options: S;
  /** Add the command's own checks (no I/O) and return the first answer. */
  prepare(values: z.output<S>, ctx: CommandContext): Prepared;
}

/**
 * A command: table entry, option schema and handler, one per file. The values the table validated are
 * parsed by `options`; a mismatch between the two is a bug in the bot, logged and told as such.
 */
export function defineCommand<N extends string, S extends z.ZodType>(def: CommandDefinition<N, S>): CommandHandler<N> {
  return {
    spec: def.spec,
    prepare(values, ctx) {
      const parsed = def.options.safeParse(values);
      if (parsed.success) return def.prepare(parsed.data, ctx);
      ctx.deps.logger.error(
        { command: def.spec.name, issues: parsed.error.issues },
        'option schema disagrees with the table',
      );
      return fail(
        `Sorry, /${def.spec.name} could not read its options (a bug in the bot, now logged). Please tell the operator.`,
      );
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
