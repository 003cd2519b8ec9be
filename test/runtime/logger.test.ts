import { describe, expect, it } from 'vitest';
import { MediaApiError } from '../../src/core/errors.ts';
import { createLogger, redactUrl, scrubSecrets } from '../../src/runtime/logger.ts';

/** Secrets no log line may ever contain. */
const CANARY_KEY = 'qr_live_CANARY_0b1c2d3e4f5a6978';
const WEBHOOK_TOKEN = 'wh_CANARY_5c9e1a7b3d';
const WEBHOOK_URL = `https://reelbot.example.com/webhooks/media/${WEBHOOK_TOKEN}`;
const SLACK_BOT = 'xoxb-1234567890-0987654321-CANARYbotTokenValue';
const SLACK_APP = 'xapp-1-A0123456789-1234567890123-CANARYappTokenValue';
const DISCORD = 'MTA5ODc2NTQzMjEwOTg3NjU0Mw.GabCdE.CANARYdiscordTokenValue0123456789ab';

function capture(options: { level?: string; pretty?: boolean; secrets?: string[] } = {}) {
  const lines: string[] = [];
  const logger = createLogger({
    level: options.level ?? 'info',
    pretty: options.pretty ?? false,
    ...(options.secrets ? { secrets: options.secrets } : {}),
    destination: {
      write: (line: string) => {
        lines.push(line);
      },
    },
  });
  const output = () => lines.join('');
  return { logger, lines, output };
}

function expectNoSecrets(text: string) {
  for (const secret of [CANARY_KEY, WEBHOOK_TOKEN, SLACK_BOT, SLACK_APP, DISCORD]) expect(text).not.toContain(secret);
}

describe('log lines', () => {
  it('are JSON with the level and message when not pretty', () => {
    const { logger, lines } = capture();
    logger.info({ jobId: 7 }, 'clip queued');
    logger.debug('not shown at info');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, msg: 'clip queued', jobId: 7 });
  });

  it('are readable text when pretty', () => {
    const { logger, output } = capture({ pretty: true });
    logger.info({ apiKey: CANARY_KEY, webhookUrl: WEBHOOK_URL }, 'clip queued');
    expect(output()).toContain('clip queued');
    expect(output()).not.toMatch(/^\{/);
    expectNoSecrets(output());
  });
});

describe('secrets never reach the output', () => {
  it('fields named like secrets are redacted at the top level and deep inside objects', () => {
    const { logger, output } = capture();
    logger.info({
      apiKey: CANARY_KEY,
      channel: { settings: { apiKey: CANARY_KEY } },
      a: { b: { c: { d: { e: { api_key: CANARY_KEY, apiAccessKeys: [CANARY_KEY, 'social-2'] } } } } },
      request: { headers: { 'x-api-key': CANARY_KEY, authorization: `Bearer ${CANARY_KEY}` } },
      slack: { botToken: SLACK_BOT, appToken: SLACK_APP, signingSecret: CANARY_KEY },
      discord: { token: DISCORD },
      encryptionKey: CANARY_KEY,
    });
    expectNoSecrets(output());
    expect(output()).toContain('"apiKey":"[Redacted]"');
  });

  it('a webhook URL keeps its address but loses its token, in fields and in messages', () => {
    const { logger, output } = capture();
    logger.info({ job: { request: { body: { webhookUrl: WEBHOOK_URL } } } }, `delivered to ${WEBHOOK_URL}`);
    expectNoSecrets(output());
    expect(output()).toContain('https://reelbot.example.com/webhooks/media/[redacted]');
  });

  it('errors and their causes are scrubbed: messages, stacks and properties', () => {
    const { logger, output } = capture({ secrets: [CANARY_KEY] });
    const cause = new Error(`POST ${WEBHOOK_URL} failed for key ${CANARY_KEY}`);
    const err = new MediaApiError(401, 'Unauthorized: API key invalid', { cause });
    Object.assign(err, { apiKey: CANARY_KEY });
    logger.error({ err }, 'create failed');
    logger.error({ error: new Error(`token ${SLACK_BOT}`, { cause: new Error(DISCORD) }) }, 'slack failed');
    logger.error(err);
    expectNoSecrets(output());
    expect(output()).toContain('Unauthorized: API key invalid');
  });

  it('tokens written into messages are masked by their shape', () => {
    const { logger, output } = capture();
    logger.warn(`bot token ${SLACK_BOT} app token ${SLACK_APP} user xoxp-1-2-3-abcdef discord ${DISCORD}`);
    logger.warn('header was Authorization: Bearer abcdefgh12345678');
    expectNoSecrets(output());
    expect(output()).not.toContain('xoxp-1-2-3-abcdef');
    expect(output()).not.toContain('abcdefgh12345678');
  });

  it('a known key is masked anywhere, even in free text and odd field names', () => {
    const { logger, output } = capture({ secrets: [CANARY_KEY] });
    logger.info({ note: `the team key is ${CANARY_KEY}`, list: [[CANARY_KEY]] }, `using ${CANARY_KEY}`);
    expectNoSecrets(output());
  });

  it('child loggers carry the same protection', () => {
    const { logger, output } = capture();
    logger.child({ apiKey: CANARY_KEY, hook: WEBHOOK_URL }).info('polling');
    expectNoSecrets(output());
    expect(output()).toContain('polling');
  });
});

describe('redactUrl', () => {
  it('masks passwords, secret query parameters and webhook tokens, and keeps the rest', () => {
    expect(redactUrl('redis://:s3cretpass@10.0.0.5:6379/0')).toBe('redis://:[redacted]@10.0.0.5:6379/0');
    expect(redactUrl('rediss://bot:s3cretpass@cache:6380')).toBe('rediss://bot:[redacted]@cache:6380');
    expect(redactUrl('https://api.example.com/v?token=abc&page=2&api_key=xyz')).toBe(
      'https://api.example.com/v?token=[redacted]&page=2&api_key=[redacted]',
    );
    expect(redactUrl(WEBHOOK_URL)).toBe('https://reelbot.example.com/webhooks/media/[redacted]');
    expect(redactUrl('https://mango.quickreel.io/api/v2')).toBe('https://mango.quickreel.io/api/v2');
  });
});

describe('scrubSecrets', () => {
  it('ignores "secrets" too short to be real, so ordinary words survive', () => {
    expect(scrubSecrets('the api is up', ['api'])).toBe('the api is up');
  });
});
