import type { Metrics } from '../http/metrics.ts';
import type { Prepared } from '../interaction.ts';
import type { JobService } from '../jobs/service.ts';
import type { KeyResolver } from '../keys.ts';
import type { BudgetStatus } from '../media/rate-limiter.ts';
import type { Voice } from '../media/schemas.ts';
import type { Clock, Logger, MediaApi, Origin, Reply } from '../ports.ts';
import type { SettingsRepo } from '../store/settings-repo.ts';
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

export interface CommandHandler {
  spec: CommandSpec;
  /** `values` passed the table's validation; add the command's own checks (no I/O) and return the step. */
  prepare(values: OptionValues, ctx: CommandContext): Prepared;
}

export const fail = (message: string): Prepared => ({ kind: 'error', message });
export const run = (ephemeral: boolean, fn: (reply: Reply) => Promise<void>): Prepared => ({
  kind: 'run',
  ephemeral,
  run: fn,
});

export const str = (v: OptionValues[string] | undefined): string | undefined =>
  v === undefined || v === '' ? undefined : String(v);
export const num = (v: OptionValues[string] | undefined): number | undefined => (typeof v === 'number' ? v : undefined);
export const bool = (v: OptionValues[string] | undefined): boolean | undefined =>
  typeof v === 'boolean' ? v : undefined;

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
