import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.ts';
import { DEFAULT_SANDBOX_OPTIONS, sandboxOptionsFromEnv } from '../../src/sandbox/options.ts';

describe('sandbox options from the environment', () => {
  it('uses port 4010 and the documented defaults when nothing is set', () => {
    expect(sandboxOptionsFromEnv({})).toEqual({ ...DEFAULT_SANDBOX_OPTIONS, port: 4010 });
    expect(DEFAULT_SANDBOX_OPTIONS).toMatchObject({ jobMs: 3000, webhookRetryMs: 30_000, webhookDuplicates: false });
  });

  it('reads every SANDBOX_* variable', () => {
    const options = sandboxOptionsFromEnv({
      SANDBOX_PORT: '0',
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_JOB_MS: '50',
      SANDBOX_RATE_LIMIT: '5',
      SANDBOX_WEBHOOK_RETRY_MS: '100',
      SANDBOX_WEBHOOK_TIMEOUT_MS: '250',
      SANDBOX_WEBHOOK_DUPLICATES: '1',
    });
    expect(options).toEqual({
      port: 0,
      host: '0.0.0.0',
      jobMs: 50,
      rateLimitPerMinute: 5,
      webhookRetryMs: 100,
      webhookTimeoutMs: 250,
      webhookDuplicates: true,
      publishSlowMs: 120_000,
    });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
    ['', false],
  ])('SANDBOX_WEBHOOK_DUPLICATES=%j means %s', (value, expected) => {
    expect(sandboxOptionsFromEnv({ SANDBOX_WEBHOOK_DUPLICATES: value }).webhookDuplicates).toBe(expected);
  });

  it('treats empty values as unset', () => {
    expect(sandboxOptionsFromEnv({ SANDBOX_PORT: '', SANDBOX_JOB_MS: ' ' })).toMatchObject({ port: 4010, jobMs: 3000 });
  });

  it.each([
    ['SANDBOX_PORT', '70000'],
    ['SANDBOX_PORT', 'http'],
    ['SANDBOX_JOB_MS', '-5'],
    ['SANDBOX_JOB_MS', '1.5'],
    ['SANDBOX_RATE_LIMIT', '0'],
    ['SANDBOX_WEBHOOK_RETRY_MS', 'soon'],
    ['SANDBOX_WEBHOOK_DUPLICATES', 'maybe'],
  ])('refuses %s=%j with a message naming the variable and what to set', (name, value) => {
    let error: unknown;
    try {
      sandboxOptionsFromEnv({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).toMatch(/must be/);
  });
});
