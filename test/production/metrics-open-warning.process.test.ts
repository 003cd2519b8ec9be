import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startupNotes } from '../../src/runtime/startup-notes.ts';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { USERS } from '../slack/harness.ts';
import { type LogLine, logLines, runSlackBot, stopAll, waitForOutput } from '../support/bot-process.ts';

// /metrics shares the public port unless METRICS_PORT or METRICS_TOKEN is set, and nothing said so: an operator
// reading the production log at start-up learns it, and which variable closes it.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-metrics-open-'));
let web: SlackWebApiDouble | undefined;
afterEach(async () => {
  await stopAll();
  await web?.close();
  web = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startupLines(extra: Record<string, string>): Promise<LogLine[]> {
  web ??= await startSlackWebApi({ users: USERS });
  const r = runSlackBot(web.apiUrl, 'xoxb-metrics-open', {
    STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
    ...extra,
  });
  await waitForOutput(r, /HTTP listener ready/, 30_000);
  r.proc.kill('SIGTERM');
  await r.exited;
  return logLines(r.output());
}

const openWarning = (lines: LogLine[]) => lines.filter((l) => l.msg.startsWith('/metrics is open'));

describe('an open /metrics at start-up', () => {
  it('is one warning in production naming METRICS_PORT and METRICS_TOKEN', async () => {
    const warnings = openWarning(await startupLines({}));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    expect(warnings[0]?.msg).toContain('METRICS_PORT');
    expect(warnings[0]?.msg).toContain('METRICS_TOKEN');
  }, 60_000);

  it('is not mentioned once either variable closes it', async () => {
    expect(openWarning(await startupLines({ METRICS_TOKEN: 'a-scraper-token-0123456789' }))).toEqual([]);
    expect(openWarning(await startupLines({ METRICS_PORT: '0' }))).toEqual([]);
  }, 90_000);

  it('is not mentioned outside production (a laptop)', () => {
    const notes = startupNotes(loadConfig({ MEDIA_API_KEY: 'k', DISCORD_TOKEN: 't' }), false);
    expect(notes.some((n) => n.msg.startsWith('/metrics is open'))).toBe(false);
  });
});
