import { z } from 'zod';
import { ConfigError } from '../core/errors.ts';

/** How the sandbox behaves; every field has a default (see DEFAULT_SANDBOX_OPTIONS). */
export interface SandboxOptions {
  /** 0 = an ephemeral port chosen by the OS (tests). */
  port: number;
  host: string;
  /** How long a project stays `processing` before it completes (ten times longer for inputs containing `slow`). */
  jobMs: number;
  /** Each project takes up to this much longer than `jobMs`, at random (a busy team's jobs differ). Default 0. */
  jobSpreadMs?: number;
  /** Requests per minute per API key before 429. */
  rateLimitPerMinute: number;
  /** Pause between webhook retries; the docs say 30 s. */
  webhookRetryMs: number;
  /** Deliver every webhook twice, to prove the receiver deduplicates. */
  webhookDuplicates: boolean;
  /** A webhook receiver that has not answered after this long counts as a failed attempt. */
  webhookTimeoutMs: number;
  /** How long /publish-to-socials holds its answer when an access key contains `slow` (longer than the bot's timeout). */
  publishSlowMs: number;
  /**
   * A folder to keep projects in (the bot's sandbox puts it beside its SQLite store), so sandboxes of
   * several processes on one store, or of the next start, answer for each other's projects.
   */
  projectsDir?: string;
}

export const DEFAULT_SANDBOX_PORT = 4010;

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  port: 0,
  host: '127.0.0.1',
  jobMs: 3000,
  rateLimitPerMinute: 600,
  webhookRetryMs: 30_000,
  webhookDuplicates: false,
  webhookTimeoutMs: 5000,
  publishSlowMs: 120_000,
};

function integerVar(name: string, what: string, min: number, max: number) {
  const hint = `${name} must be ${what}: a whole number from ${min} to ${max}; set it or leave it unset for the default`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, hint)
    .transform(Number)
    .pipe(z.number().int().min(min, hint).max(max, hint))
    .optional();
}

const flagVar = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => ['', '0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(s), {
    message: 'SANDBOX_WEBHOOK_DUPLICATES must be 1/true (on) or 0/false (off); set it or leave it unset for off',
  })
  .transform((s) => ['1', 'true', 'yes', 'on'].includes(s))
  .optional();

/** The SANDBOX_* variables; empty strings count as unset. */
export const sandboxEnvSchema = z.object({
  SANDBOX_PORT: integerVar('SANDBOX_PORT', 'the TCP port to listen on (0 = any free port)', 0, 65_535),
  SANDBOX_HOST: z.string().trim().min(1).optional(),
  SANDBOX_JOB_MS: integerVar('SANDBOX_JOB_MS', 'how long a project takes in milliseconds', 0, 86_400_000),
  SANDBOX_RATE_LIMIT: integerVar('SANDBOX_RATE_LIMIT', 'the requests per minute allowed per API key', 1, 1_000_000),
  SANDBOX_WEBHOOK_RETRY_MS: integerVar(
    'SANDBOX_WEBHOOK_RETRY_MS',
    'the pause between webhook retries in milliseconds',
    0,
    86_400_000,
  ),
  SANDBOX_WEBHOOK_TIMEOUT_MS: integerVar(
    'SANDBOX_WEBHOOK_TIMEOUT_MS',
    'how long to wait for a webhook receiver in milliseconds',
    1,
    600_000,
  ),
  SANDBOX_WEBHOOK_DUPLICATES: flagVar,
});

function blankToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(sandboxEnvSchema.shape)) {
    const value = env[key];
    out[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  return out;
}

/**
 * The SANDBOX_* variables that were set, for the sandbox the bot starts itself (MEDIA_API_URL=sandbox or
 * nothing configured): its port, how long projects take, the rate limit and the webhooks' pace. It listens on
 * loopback only (it POSTs to any webhookUrl it is given), so SANDBOX_HOST does not apply.
 */
export function embeddedSandboxOptionsFromEnv(env: Record<string, string | undefined>): Partial<SandboxOptions> {
  const all = sandboxOptionsFromEnv(env);
  const given = (name: string) => (env[name] ?? '').trim() !== '';
  const applies: Array<[keyof SandboxOptions, string]> = [
    ['port', 'SANDBOX_PORT'],
    ['jobMs', 'SANDBOX_JOB_MS'],
    ['rateLimitPerMinute', 'SANDBOX_RATE_LIMIT'],
    ['webhookRetryMs', 'SANDBOX_WEBHOOK_RETRY_MS'],
    ['webhookTimeoutMs', 'SANDBOX_WEBHOOK_TIMEOUT_MS'],
    ['webhookDuplicates', 'SANDBOX_WEBHOOK_DUPLICATES'],
  ];
  return Object.fromEntries(applies.filter(([, name]) => given(name)).map(([option]) => [option, all[option]]));
}

/**
 * Reads the SANDBOX_* variables (the standalone sandbox listens on SANDBOX_PORT, default 4010);
 * throws ConfigError naming the variable and what to set.
 */
export function sandboxOptionsFromEnv(env: Record<string, string | undefined>): SandboxOptions {
  const parsed = sandboxEnvSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) =>
      i.message.includes(String(i.path[0])) ? i.message : `${String(i.path[0])}: ${i.message}`,
    );
    throw new ConfigError(`Invalid sandbox configuration: ${messages.join('; ')}`);
  }
  const e = parsed.data;
  const d = DEFAULT_SANDBOX_OPTIONS;
  return {
    port: e.SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT,
    host: e.SANDBOX_HOST ?? d.host,
    jobMs: e.SANDBOX_JOB_MS ?? d.jobMs,
    rateLimitPerMinute: e.SANDBOX_RATE_LIMIT ?? d.rateLimitPerMinute,
    webhookRetryMs: e.SANDBOX_WEBHOOK_RETRY_MS ?? d.webhookRetryMs,
    webhookTimeoutMs: e.SANDBOX_WEBHOOK_TIMEOUT_MS ?? d.webhookTimeoutMs,
    webhookDuplicates: e.SANDBOX_WEBHOOK_DUPLICATES ?? d.webhookDuplicates,
    publishSlowMs: d.publishSlowMs,
  };
}
