import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { USERS } from '../slack/harness.ts';
import { logLines, runSlackBot, stopAll, waitForOutput } from '../support/bot-process.ts';

// An operator reading the log after a deploy must see that the old process was asked to stop and did,
// not a log that simply ends.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-stop-logs-'));
let web: SlackWebApiDouble | undefined;
afterEach(async () => {
  await stopAll();
  await web?.close();
  web = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a clean SIGTERM', () => {
  it('logs "stopping (SIGTERM)" then "stopped" at info, and exits 0', async () => {
    web = await startSlackWebApi({ users: USERS });
    const r = runSlackBot(web.apiUrl, 'xoxb-stop-logs', {
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    });
    const found = await waitForOutput(r, /"port":(\d+),"msg":"HTTP listener ready/, 30_000);
    // Started once /healthz is 200: Slack answered the token check.
    const healthz = `http://127.0.0.1:${found[1]}/healthz`;
    for (let i = 0; i < 100 && (await fetch(healthz)).status !== 200; i++)
      await new Promise((res) => setTimeout(res, 100));
    expect((await fetch(healthz)).status).toBe(200);

    r.proc.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    const lines = logLines(r.output());
    const stopping = lines.findIndex((l) => l.msg === 'stopping (SIGTERM)' && l.level === 30);
    const stopped = lines.findIndex((l) => l.msg === 'stopped' && l.level === 30);
    expect(stopping).toBeGreaterThan(-1);
    expect(stopped).toBeGreaterThan(stopping);
  }, 60_000);
});
