import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/core/jobs/model.ts';
import { createJobsRepo } from '../../src/core/jobs/repo.ts';
import { createWebhookRoute } from '../../src/core/jobs/webhook.ts';
import type { KeyValue, MediaApi, Store } from '../../src/core/ports.ts';
import { createMetrics } from '../../src/infra/prom-metrics.ts';
import { openStore } from '../../src/infra/store/index.ts';
import { createWebEdge, DEFAULT_BODY_LIMIT } from '../../src/web/edge.ts';
import { bareJobService } from '../support/bare-jobs.ts';
import { type Harness, origin, silentLogger, startHarness } from '../support/harness.ts';
import { scrapeMetric } from '../support/metric-sum.ts';

// Whatever arrives from outside — webhook bodies and paths, command text, button ids, form values — the
// bot answers without crashing, with the right 4xx, and stores nothing for what it refuses.
// 10,000 generated cases in all (5,000 + 3,000 + 1,500 + 500), seeded so a failure reproduces.

const SEED = 20_261_123;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const PROJECT = '0123456789abcdef01234567';

/** The real store, counting every write made through it. */
function countingWrites(store: Store, counter: { writes: number }): Store {
  const wrap = (kv: KeyValue): KeyValue => ({
    get: (key) => kv.get(key),
    set: (key, value, ttl) => {
      counter.writes++;
      return kv.set(key, value, ttl);
    },
    delete: (key) => {
      counter.writes++;
      return kv.delete(key);
    },
    update: (key, change, ttl) => {
      counter.writes++;
      return kv.update(key, change, ttl);
    },
    entries: () => kv.entries(),
  });
  return { ...store, namespace: (name) => wrap(store.namespace(name)) };
}

describe('webhook deliveries, generated', () => {
  it('answer 200, 400, 404 or 405, never 500, and store nothing when refused (5,000 cases)', async () => {
    const raw = await openStore({ kind: 'memory' });
    const counter = { writes: 0 };
    const store = countingWrites(raw, counter);
    const media = { getProject: async () => ({}) } as unknown as MediaApi;
    const jobs = bareJobService(store, media);
    const now = Date.now();
    const job: Job = {
      id: 'propjob001',
      kind: 'broll',
      state: 'running',
      channelKey: 'console:local:local',
      origin,
      summary: 'property',
      requests: [{ videoUrl: 'https://example.com/a.mp4' }],
      projectIds: [PROJECT],
      createdAt: now,
      updatedAt: now,
    };
    const repo = createJobsRepo(store, silentLogger);
    await repo.save(job);
    await repo.saveToken(TOKEN, { jobId: job.id, part: 0 }, 3600_000);
    // The jobs feature's route on a real web edge, answered in process.
    const edge = createWebEdge({ logger: silentLogger });
    edge.mount([createWebhookRoute({ jobs, logger: silentLogger, metrics: createMetrics(), clock: Date })]);

    const projectLike = fc.record(
      {
        projectId: fc.oneof(fc.constant(PROJECT), fc.string(), fc.integer()),
        status: fc.oneof(fc.constantFrom('completed', 'failed', 'in_progress'), fc.string()),
        outputs: fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.string().map((s) => Buffer.from(s)),
      fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
      projectLike.map((p) => Buffer.from(JSON.stringify(p))),
      projectLike.map((p) => Buffer.from(JSON.stringify({ data: p }))),
    );
    // The real token, one a character away from it, or anything that fits the path.
    const token = fc.oneof(
      fc.constant(TOKEN),
      fc
        .nat({ max: TOKEN.length - 1 })
        .map((i) => `${TOKEN.slice(0, i)}${TOKEN[i] === 'x' ? 'y' : 'x'}${TOKEN.slice(i + 1)}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/),
    );
    const method = fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT');

    await fc.assert(
      fc.asyncProperty(method, token, body, async (m, t, b) => {
        counter.writes = 0;
        const answer = await edge.request(m, `/webhooks/media/${t}`, b);
        let expected: number[];
        if (m !== 'POST') expected = [405];
        else if (t !== TOKEN) expected = [404];
        else expected = [200, 400];
        expect(expected).toContain(answer.status);
        if (answer.status !== 200) expect(counter.writes).toBe(0);
        // The settling a delivery started runs after its answer: let it end before the next case.
        await edge.work.idle();
      }),
      { numRuns: 5_000, seed: SEED },
    );
    await edge.close();
    await raw.close();
  }, 120_000);
});

describe('chat input, generated', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, { infra: { store: { kind: 'memory' } } });
  });
  afterAll(async () => {
    await h.close();
  });

  const text = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc
      .array(fc.constantFrom('https://example.com/a.mp4', 'reels=3', 'Jenny', '"', '=', '--', '\n', 'lang=xx'), {
        maxLength: 8,
      })
      .map((parts) => parts.join(' ')),
  );

  it('command text never throws and is refused with a message, not a crash (3,000 cases)', () => {
    const names = [...h.bot.commands.map((c) => c.name), 'nope', ''];
    fc.assert(
      fc.property(fc.constantFrom(...names), text, fc.boolean(), (command, t, canConfigure) => {
        const prepared = h.bot.prepare({ command, text: t, origin, canConfigure });
        expect(['error', 'run', 'modal']).toContain(prepared.kind);
        if (prepared.kind === 'error') expect(prepared.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 3_000, seed: SEED },
    );
  });

  it('button payloads never throw; what they start ends without an unhandled rejection (1,500 cases)', async () => {
    const actionId = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc
        .tuple(fc.constantFrom('retry', 'voices', 'vp', 'publish'), fc.string({ maxLength: 40 }))
        .map(([v, rest]) => `${v}:${rest}`),
    );
    await fc.assert(
      fc.asyncProperty(actionId, fc.boolean(), async (id, canConfigure) => {
        const prepared = h.bot.prepareAction({ actionId: id, origin, canConfigure });
        expect(['error', 'run', 'modal']).toContain(prepared.kind);
        if (prepared.kind === 'run') await prepared.run(h.chat.reply(origin)).catch(() => undefined);
      }),
      { numRuns: 1_500, seed: SEED },
    );
  }, 120_000);

  it('form values never throw, and a refused form stores no key (500 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('setup_key', 'other', ''),
        fc.dictionary(fc.constantFrom('key', 'apiKey', 'value', 'x'), fc.string({ maxLength: 200 })),
        async (modalId, values) => {
          const prepared = h.bot.prepareModal({ modalId, values, origin, canConfigure: true });
          expect(['error', 'run', 'modal']).toContain(prepared.kind);
          if (prepared.kind === 'error') {
            expect((await h.app.inside.settings.get('console:local:local')).apiKey).toBeUndefined();
          } else if (prepared.kind === 'run') {
            await prepared.run(h.chat.reply(origin)).catch(() => undefined);
            await h.app.inside.settings.update('console:local:local', { apiKey: null });
          }
        },
      ),
      { numRuns: 500, seed: SEED },
    );
  }, 120_000);
});

describe('oversized bodies', () => {
  it('are refused with 413 before they are read in full or parsed', async () => {
    const h = await startHarness({}, { infra: { store: { kind: 'memory' } } });
    try {
      const url = `http://127.0.0.1:${h.port}/webhooks/media/${TOKEN}`;
      const big = Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 0x7b);
      const res = await fetch(url, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(413);
      expect(await scrapeMetric(h.app, 'reelbot_webhook_deliveries_total', { outcome: 'bad_body' })).toBe(0);
    } finally {
      await h.close();
    }
  });
});
