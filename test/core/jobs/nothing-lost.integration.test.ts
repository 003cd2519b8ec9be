import { afterEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { createHttpTransport, type HttpTransport } from '../../../src/core/media/http-transport.ts';
import { createCardLanes } from '../../../src/core/platform/card-order.ts';
import { stillDueNow } from '../../../src/core/platform/chat-port.ts';
import { type Sandbox, startSandbox } from '../../../src/sandbox/server.ts';
import { embeddedScheduler } from '../../../src/start-bot.ts';
import { freePort } from '../../support/bot-process.ts';
import { type Harness, origin, startHarness } from '../../support/harness.ts';

// Issue 11 over HTTP: a project the API made without answering, a result due while the API answers 500, a
// store that is down; the sandbox's webhooks reach the bot's listener. A card a crash left behind: card-repair.integration.test.ts.

const VIDEO = 'https://example.com/talk.mp4';
let h: Harness | undefined;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await h?.close();
  await sandbox?.close();
  h = undefined;
  sandbox = undefined;
});

const threadPosts = (harness: Harness) => harness.chat.seen.filter((s) => s.where === 'thread');

/** The real sandbox over HTTP, except that every creation is answered 500 after the sandbox did the work. */
function failingAfterCreating(baseUrl: string): HttpTransport {
  const real = createHttpTransport({ baseUrl, connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 });
  return {
    async request(req) {
      const res = await real.request(req);
      if (req.method !== 'POST') return res;
      return { status: 500, headers: {}, bodyText: '{"error":{"message":"Internal Server Error"}}' };
    },
    close: () => real.close(),
  };
}

describe('a project the API created although its creation answer was a 500', () => {
  it('says honestly it may exist, then adopts it from its webhook and posts the result', async () => {
    sandbox = await startSandbox({ port: 0, jobMs: 300, webhookRetryMs: 100 });
    // A remote API reaches the bot only through PUBLIC_URL (without it the webhook address never resolves).
    const port = await freePort();
    h = await startHarness(
      { MEDIA_API_URL: sandbox.baseUrl, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      { infra: { mediaTransport: failingAfterCreating(sandbox.baseUrl), scheduler: embeddedScheduler(3_600_000) } },
    );
    const harness = h;
    // Card edits keep the order rule Slack's and Discord's adapters keep (no change after a final state).
    const lanes = createCardLanes();
    const plain = harness.chat.updateCard.bind(harness.chat);
    harness.chat.updateCard = (thread, message, kind = 'final', stillDue) =>
      lanes.edit(thread.cardMessageId, kind, async () =>
        (await stillDueNow(stillDue)) ? plain(thread, message, kind) : false,
      );
    await harness.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-team-key-000000' });
    await harness.command(`/broll ${VIDEO}`);
    const failure = threadPosts(harness)[0]?.message.text ?? '';
    expect(failure).toMatch(/may have created the project anyway/);
    expect(failure).toMatch(/result will still be posted here/);
    expect(failure).not.toMatch(/Nothing was lost/);
    // The sandbox's webhook carries the job's token: the project is read back, adopted and delivered.
    await harness.chat.waitFor((seen) => seen.filter((s) => s.where === 'thread').length === 2);
    expect(threadPosts(harness)[1]?.message.text).not.toMatch(/failed/i);
    await harness.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    // The card took back its "failed" while the adopted project ran: it never claimed an end it then kept.
    const shown = harness.chat.seen
      .filter((s) => s.where === 'card-update')
      .map((s) => (/Done/.test(s.message.text) ? 'Done' : /Working/.test(s.message.text) ? 'Working' : s.message.text));
    const failed = shown.findIndex((t) => /fail|may have created/i.test(t));
    expect(failed).toBeGreaterThanOrEqual(0);
    expect(shown.slice(failed + 1)).toEqual(['Working', 'Done']);
  });
});

/** The real sandbox over HTTP, except that result reads are answered 500 while `down` says so. */
function readsFailingWhile(baseUrl: string, down: () => boolean): HttpTransport {
  const real = createHttpTransport({ baseUrl, connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 });
  return {
    async request(req) {
      if (req.method === 'GET' && req.path.includes('/projects/') && down()) {
        return { status: 500, headers: {}, bodyText: '{"error":{"message":"Internal Server Error"}}' };
      }
      return real.request(req);
    },
    close: () => real.close(),
  };
}

describe('a result due while the media API answers 500 for a while (issue 11, item 6)', () => {
  it('is posted once soon after the API is back, not after the poll backoff (minutes)', {
    timeout: 60_000,
  }, async () => {
    sandbox = await startSandbox({ port: 0, jobMs: 300, webhookRetryMs: 100 });
    const port = await freePort();
    let down = true;
    h = await startHarness(
      { MEDIA_API_URL: sandbox.baseUrl, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      // As in production with webhooks: the first poll 2 minutes after creation, then doubling.
      {
        infra: { mediaTransport: readsFailingWhile(sandbox.baseUrl, () => down) },
        tuning: { timings: { firstPollMs: 120_000, maxPollMs: 1_800_000 } },
      },
    );
    const harness = h;
    await harness.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-team-key-000000' });
    await harness.command(`/broll ${VIDEO}`);
    // Longer than the reads after the webhook (4 tries, up to 4 s) and the look 5 s after it.
    await new Promise((r) => setTimeout(r, 10_000));
    expect(threadPosts(harness)).toHaveLength(0);
    down = false;
    const back = Date.now();
    await harness.chat.waitFor(
      (seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)),
      25_000,
    );
    expect(Date.now() - back).toBeLessThan(20_000);
    expect(threadPosts(harness)).toHaveLength(1);
  });
});

describe('a store that is down', () => {
  it('answers webhooks 503 so the sender retries, and commands "storage is unavailable"', async () => {
    h = await startHarness();
    await h.app.inside.store.close();
    const res = await fetch(`http://127.0.0.1:${h.port}/webhooks/media/tok_abcdefghijklmnopqrstuvwxyz012345`, {
      method: 'POST',
      body: JSON.stringify({ projectId: '0123456789abcdef01234567' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(503);
    await h.command(`/broll ${VIDEO}`);
    expect(h.chat.ephemerals().at(-1)?.message.text).toMatch(/storage is unavailable, try again shortly/i);
  });
});
