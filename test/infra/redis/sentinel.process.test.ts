import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../support/harness.ts';
import { type RedisNodes, startRedisNodes } from '../../support/redis-nodes.ts';

// The bot on STORE_URL=redis+sentinel://…: a real primary, a replica and three sentinels (redis-server
// processes of this test's own). The primary is killed with SIGKILL; the sentinels promote the replica and
// the bot follows on its own — /healthz says so, the store and BullMQ work again, a task scheduled before the
// kill fires after it — with no restart; commands wait for the old primary to rejoin as a replica.

const KEY = Buffer.alloc(32, 7).toString('base64');
const VIDEO = 'https://example.com/talk.mp4';
// The result of a job is learned only by its scheduled poll: the API's webhooks go nowhere.
const POLL_MS = 6_000;

let nodes: RedisNodes;
let h: Harness | undefined;
beforeAll(async () => {
  nodes = await startRedisNodes({ replicas: 1, sentinels: 3, masterName: 'reelbot-test', password: 's3cret:pw' });
}, 40_000);
afterAll(async () => {
  await h?.close();
  await nodes?.stop();
});

interface Health {
  status: number;
  body: { ok: boolean; store: string; storePrimary?: string | null };
}

async function health(port: number): Promise<Health> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, body: (await res.json()) as Health['body'] };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const done = (harness: Harness) =>
  harness.chat.seen.filter((s) => s.where === 'card-update' && /Done/.test(s.message.text));
const results = (harness: Harness) => harness.chat.seen.filter((s) => s.where === 'thread');

describe('the bot through Redis Sentinel', () => {
  it('does not start when the sentinels know no primary by the name given, and says so', async () => {
    const url = nodes.sentinelUrl().replace('/reelbot-test', '/reelbot-tset');
    await expect(startHarness({ STORE_URL: url, ENCRYPTION_KEY: KEY })).rejects.toThrow(
      `cannot reach the store at ${url.replace(/\/\/[^@]*@/, '//')}: the sentinels at ` +
        `${nodes.sentinels.map((s) => s.address).join(', ')} know no primary named "reelbot-tset"`,
    );
  });

  it('does not start when no sentinel answers, and says where it asked', async () => {
    await expect(
      startHarness({ STORE_URL: 'redis+sentinel://127.0.0.1:1,127.0.0.1:2/reelbot-test', ENCRYPTION_KEY: KEY }),
    ).rejects.toThrow(
      'cannot reach the store at redis+sentinel://127.0.0.1:1,127.0.0.1:2/reelbot-test: no sentinel answered at ' +
        '127.0.0.1:1, 127.0.0.1:2',
    );
  });

  it('follows the promotion of a replica when the primary is killed, without a restart', {
    timeout: 60_000,
  }, async () => {
    h = await startHarness(
      { STORE_URL: nodes.sentinelUrl(3), ENCRYPTION_KEY: KEY, PUBLIC_URL: 'http://127.0.0.1:9' },
      { tuning: { timings: { firstPollMs: POLL_MS, maxPollMs: POLL_MS } } },
    );
    const harness = h;
    const before = await health(harness.port);
    expect(before).toMatchObject({ status: 200, body: { ok: true, store: 'ok', storePrimary: nodes.primary.address } });

    // A job whose poll is scheduled (in BullMQ) for after the failover; the replica has it before the kill.
    await harness.command(`/broll ${VIDEO}`);
    expect(results(harness)).toHaveLength(0);
    expect(await nodes.command(nodes.primary, 'WAIT', 1, 2_000)).toBe(1);

    const killedAt = Date.now();
    const old = await nodes.killPrimary();
    await until('/healthz answering 503', 5_000, async () =>
      (await health(harness.port)).status === 503 ? true : undefined,
    );
    const down = await health(harness.port);
    expect(down.body).toMatchObject({ ok: false, store: 'down', storePrimary: null });

    const promoted = await nodes.waitForFailover(25_000);
    expect(promoted).not.toBe(old);
    const back = await until('/healthz answering 200 again', 30_000 - (Date.now() - killedAt), async () => {
      const now = await health(harness.port);
      return now.status === 200 ? now : undefined;
    });
    const healthyAfterMs = Date.now() - killedAt;
    // One replica only: the promoted node has none until the old one rejoins, and /healthz says so (200: every
    // replica of the bot shares the store, and commands are told at once).
    expect(back.body).toMatchObject({
      ok: true,
      store: 'degraded',
      storeReason: expect.stringMatching(/^no replica/),
      storePrimary: promoted.address,
    });

    // The poll scheduled before the kill fires on the new primary and posts the result.
    await harness.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    const firstDoneMs = Date.now() - killedAt;

    // Until the old primary rejoins as its replica, the promoted one has none: a write it takes could be lost
    // in a second failover, so a command is refused, privately, and nothing is started.
    await harness.command(`/broll ${VIDEO}`);
    const told = harness.chat.ephemerals().map((e) => e.message.text);
    expect(told.at(-1)).toMatch(/storage is unavailable, try again shortly/i);
    expect(done(harness)).toHaveLength(1);

    // With a replica again, a new command stores and schedules on the new primary, and completes.
    await nodes.restart(old, { asReplica: true });
    await nodes.waitForReplicas(1, 10_000);
    await until('/healthz saying ok again', 10_000, async () =>
      (await health(harness.port)).body.store === 'ok' ? true : undefined,
    );
    await harness.command(`/broll ${VIDEO}`);
    await until('the second job done', 20_000, async () => (done(harness).length >= 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    // One result per job: nothing lost, nothing twice.
    expect(results(harness)).toHaveLength(2);
    expect(new Set(results(harness).map((s) => s.threadId)).size).toBe(2);
    // Everything went to the database the URL names (/3), none to the default one.
    const keyspace = String(await nodes.command(promoted, 'INFO', 'keyspace'));
    expect(keyspace).toMatch(/^db3:keys=[1-9]/m);
    expect(keyspace).not.toMatch(/^db0:/m);
    console.log(
      `Sentinel failover: /healthz back to 200 ${healthyAfterMs} ms after the kill (primary ${old.address} → ` +
        `${promoted.address}); the poll scheduled before the kill posted ${firstDoneMs} ms after it`,
    );
  });
});
