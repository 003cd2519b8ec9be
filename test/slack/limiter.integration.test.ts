import { webApi } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createMemoryRateWindow, type RateWindow } from '../../src/core/platform/rate-window.ts';
import { createRedisRateWindow } from '../../src/infra/redis/redis-rate-window.ts';
import { createSlackApi } from '../../src/slack/api.ts';
import { createSlackChatPort } from '../../src/slack/chat-port.ts';
import { createSlackLimiter, NOT_SENT } from '../../src/slack/limiter.ts';
import { createPacer } from '../../src/slack/pace.ts';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { createTierCounter, type TierCounter } from '../doubles/slack/tier-models.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../infra/store/helpers.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';
import { CHANNEL } from './harness.ts';

/**
 * A server counting calls as `counter` does, answering a refused one as @slack/web-api reports a 429. Its
 * Retry-After is not rounded up to whole seconds: these tests compress Slack's minute to a few seconds.
 */
function strict(counter: TierCounter) {
  const server = {
    accepted: 0,
    refused: 0,
    async call() {
      const wait = counter.take(performance.now());
      if (wait === undefined) {
        server.accepted++;
        return;
      }
      server.refused++;
      throw Object.assign(new Error('ratelimited'), {
        code: webApi.ErrorCode.RateLimitedError,
        retryAfter: wait / 1000,
      });
    },
  };
  return server;
}

/** A window that refuses every call until opened, as a spent tier does. */
function gate(): RateWindow & { open(): void } {
  let open = false;
  return {
    open: () => {
      open = true;
    },
    take: async () => (open ? { taken: true, waitMs: 0 } : { taken: false, waitMs: 5 }),
    giveBack: async () => undefined,
    block: async () => undefined,
  };
}

describe('the workspace’s tier budget', () => {
  it('sends a card’s final state before refreshes, and only the newest refresh of a card', async () => {
    const window = gate();
    const limiter = createSlackLimiter({ window, workspace: 'T1' });
    const sent: string[] = [];
    const edit = (card: string, kind: 'final' | 'change' | 'progress', what: string) =>
      limiter.edit('chat.update', card, kind, async () => void sent.push(what));
    const outcomes = Promise.all([
      edit('card1', 'progress', 'card1 at 1 min'),
      edit('card1', 'progress', 'card1 at 2 min'),
      edit('card3', 'change', 'card3 working'),
      edit('card2', 'final', 'card2 done'),
      edit('card2', 'progress', 'card2 at 2 min'),
    ]);
    window.open();
    expect(await outcomes).toEqual([false, true, true, true, false]);
    expect(sent).toEqual(['card2 done', 'card3 working', 'card1 at 2 min']);
  });

  it('gives back the turn of an edit that, its turn come, was not sent after all', async () => {
    const memory = createMemoryRateWindow();
    const taken: string[] = [];
    const givenBack: string[] = [];
    const window: RateWindow = {
      take: async (key, limit, ms) => {
        const got = await memory.take(key, limit, ms);
        if (got.taken) taken.push(key);
        return got;
      },
      giveBack: async (key, limit, ms) => {
        givenBack.push(key);
        await memory.giveBack(key, limit, ms);
      },
      block: (key, ms) => memory.block(key, ms),
    };
    const limiter = createSlackLimiter({ window, workspace: 'T1' });
    expect(await limiter.edit('chat.update', 'card1', 'change', async () => NOT_SENT)).toBe(false);
    // What it took (its turn, and its place in the refreshes' share) is free again: the next call does not
    // wait a spacing for an edit that never went.
    expect(taken).toEqual(expect.arrayContaining([expect.stringMatching(/:spacing$/)]));
    expect([...givenBack].sort()).toEqual([...taken].sort());
  });

  it('sends one edit of a card at a time, while other cards’ edits go on', async () => {
    // A 450 ms window: one call every 10 ms.
    const limiter = createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1', windowMs: 450 });
    const seen: string[] = [];
    let answer = () => {};
    const slowAnswer = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let onItsWay = () => {};
    const sent = new Promise<void>((resolve) => {
      onItsWay = resolve;
    });
    const working = limiter.edit('chat.update', 'card1', 'change', async () => {
      seen.push('card1 working sent');
      onItsWay();
      await slowAnswer;
      seen.push('card1 working answered');
    });
    await sent;
    const done = limiter.edit('chat.update', 'card1', 'final', async () => void seen.push('card1 done sent'));
    await limiter.edit('chat.update', 'card2', 'final', async () => void seen.push('card2 done sent'));
    answer();
    expect(await Promise.all([working, done])).toEqual([true, true]);
    expect(seen).toEqual(['card1 working sent', 'card2 done sent', 'card1 working answered', 'card1 done sent']);
  });

  it('lets a refresh spend only what the reserve leaves for final states', async () => {
    // A 2 s window: one call every 45 ms; a refresh that could not go within 1.7 s is dropped.
    const limiter = createSlackLimiter({
      window: createMemoryRateWindow(),
      workspace: 'T1',
      windowMs: 2000,
      staleMs: 1700,
    });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => limiter.edit('chat.update', `card${i}`, 'progress', async () => 1)),
    );
    // Tier 3: 45 of Slack's 50 a minute budgeted, 18 of them kept for final states.
    expect(results.filter(Boolean)).toHaveLength(27);
    expect(await limiter.edit('chat.update', 'card0', 'final', async () => 1)).toBe(true);
  });

  it('spreads calls evenly through the window instead of sending them as it opens', async () => {
    // 45 a 4.5 s window: one call every 100 ms, however many wait.
    const limiter = createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1', windowMs: 4500 });
    const sent: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limiter.edit('chat.update', `card${i}`, 'final', async () => void sent.push(performance.now())),
      ),
    );
    const gaps = sent.slice(1).map((t, i) => t - (sent[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
  });

  it('counts each method, and each team named by a call, apart', async () => {
    const limiter = createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1', windowMs: 4500 });
    const start = performance.now();
    const at: Record<string, number> = {};
    const mark = (what: string) => async () => {
      at[what] = performance.now() - start;
    };
    await Promise.all([
      limiter.call('conversations.info', mark('info A'), 'TA'),
      limiter.call('conversations.info', mark('info A again'), 'TA'),
      limiter.call('conversations.info', mark('info B'), 'TB'),
      limiter.call('users.conversations', mark('users A'), 'TA'),
    ]);
    // Only the second call of one method for one team waits its turn (100 ms).
    expect(at['info A again']).toBeGreaterThanOrEqual(95);
    for (const first of ['info A', 'info B', 'users A']) expect(at[first]).toBeLessThan(90);
  });

  it('keeps its spacing when the shared count is out of reach (Redis down)', async () => {
    const down: RateWindow = {
      take: async () => Promise.reject(new Error('Connection is closed.')),
      giveBack: async () => Promise.reject(new Error('Connection is closed.')),
      block: async () => Promise.reject(new Error('Connection is closed.')),
    };
    const limiter = createSlackLimiter({ window: down, workspace: 'T1', windowMs: 4500 });
    const sent: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        limiter.edit('chat.update', `card${i}`, 'final', async () => void sent.push(performance.now())),
      ),
    );
    const gaps = sent.slice(1).map((t, i) => t - (sent[i] ?? 0));
    expect(sent).toHaveLength(5);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
  });

  it('shares one spacing between replicas on Redis, so together they stay inside one budget', async () => {
    const prefix = uniquePrefix();
    const windows = [0, 1].map(() => createRedisRateWindow({ url: REDIS_URL, prefix }));
    try {
      // A 3 s window: each replica alone would send every 67 ms, twice what a bucket of 50 a window allows.
      const server = strict(createTierCounter('bucket', { limit: 50, windowMs: 3000, burst: 5 }));
      const replicas = windows.map((window) => createSlackLimiter({ window, workspace: 'T1', windowMs: 3000 }));
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          replicas[i % 2]?.edit('chat.update', `card${i}`, 'final', () => server.call()),
        ),
      );
      expect(server.accepted).toBe(40);
      expect(server.refused).toBeLessThanOrEqual(1);
    } finally {
      for (const w of windows) await w.close();
      await deleteRedisPrefix(prefix);
    }
  });

  it('lowers its rate on 429s from a server stricter than documented, so few calls are refused', async () => {
    // The server allows 25 a window in bursts of 5, where the budget says 45: the rate must come down.
    const server = strict(createTierCounter('bucket', { limit: 25, windowMs: 1500, burst: 5 }));
    const limiter = createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1', windowMs: 1500 });
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => limiter.edit('chat.update', `card${i}`, 'final', () => server.call())),
    );
    expect(server.accepted).toBe(60);
    expect(server.refused / (server.accepted + server.refused)).toBeLessThanOrEqual(0.1);
  });
});

describe('a 429 on chat.update', () => {
  it('waits its Retry-After in the method’s queue while the channel’s results go on, and is counted', async () => {
    const web = await startSlackWebApi();
    try {
      web.rateLimit('chat.update', 1, 1);
      const window = createMemoryRateWindow();
      const limited: string[] = [];
      const api = createSlackApi({
        botToken: 'xoxb-test',
        apiUrl: web.apiUrl,
        logger: createRecordingLogger(),
        pacer: createPacer({ intervalMs: 0, window }),
        limiter: createSlackLimiter({ window, workspace: 'T1', onRateLimited: (m) => limited.push(m) }),
      });
      const port = createSlackChatPort({ apiFor: () => api });
      const thread = {
        platform: 'slack' as const,
        workspaceId: 'T1',
        channelId: CHANNEL,
        threadId: '1.1',
        cardMessageId: '1.1',
      };
      const card = port.updateCard(thread, { text: 'Done' });
      await web.waitForCall('chat.update');
      await port.send(thread, { text: 'part 1 ready' }, 'job:0');
      await card;
      const posted = web.callsOf('chat.postMessage')[0];
      const edited = web.callsOf('chat.update').find((c) => c.status === 200);
      expect(posted && edited && posted.at < edited.at).toBe(true);
      expect(edited && edited.at - (web.callsOf('chat.update')[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
      expect(limited).toEqual(['chat.update']);
      // A refresh into what the card shows is not sent; a final state is sent again, since another replica
      // may have drawn over it since.
      expect(await port.updateCard(thread, { text: 'Done' }, 'progress')).toBe(false);
      expect(web.callsOf('chat.update')).toHaveLength(2);
      expect(await port.updateCard(thread, { text: 'Done' })).toBe(true);
      expect(web.callsOf('chat.update')).toHaveLength(3);
    } finally {
      await web.close();
    }
  });
});

describe('a 429 on chat.update with replicas sharing the workspace’s budget', () => {
  const thread = (card: string) => ({
    platform: 'slack' as const,
    workspaceId: 'T1',
    channelId: CHANNEL,
    threadId: card,
    cardMessageId: card,
  });

  function replica(web: SlackWebApiDouble, window: RateWindow, logger = createRecordingLogger()) {
    const api = createSlackApi({
      botToken: 'xoxb-test',
      apiUrl: web.apiUrl,
      logger,
      pacer: createPacer({ intervalMs: 0, window }),
      // A 4.5 s window: one chat.update every 100 ms between them, so both send within a 1 s Retry-After.
      limiter: createSlackLimiter({ window, workspace: 'T1', windowMs: 4500, logger }),
    });
    return createSlackChatPort({ apiFor: () => api });
  }

  it('holds every replica until its Retry-After passed, so Slack refuses the method once', async () => {
    const web = await startSlackWebApi();
    const prefix = uniquePrefix();
    const windows = [0, 1].map(() => createRedisRateWindow({ url: REDIS_URL, prefix }));
    try {
      web.refuseFor('chat.update', 1);
      const [a, b] = windows.map((window) => replica(web, window));
      const edits = [
        a?.updateCard(thread('1.1'), { text: 'Done' }),
        b?.updateCard(thread('2.2'), { text: 'Done' }),
        a?.updateCard(thread('3.3'), { text: 'Done' }),
        b?.updateCard(thread('4.4'), { text: 'Done' }),
      ];
      expect(await Promise.all(edits)).toEqual([true, true, true, true]);
      const calls = web.callsOf('chat.update');
      const refusals = calls.filter((c) => c.status === 429);
      expect(refusals).toHaveLength(1);
      const refusedAt = refusals[0]?.at ?? 0;
      const sentDuring = calls.filter((c) => c.at > refusedAt && c.at < refusedAt + 1000);
      expect(sentDuring).toEqual([]);
      expect(calls.filter((c) => c.status === 200)).toHaveLength(4);
    } finally {
      for (const w of windows) await w.close();
      await deleteRedisPrefix(prefix);
      await web.close();
    }
  });

  it('still waits out the Retry-After alone when it cannot share it (Redis down), and says so at debug', async () => {
    const web = await startSlackWebApi();
    try {
      web.refuseFor('chat.update', 1);
      const local = createMemoryRateWindow();
      const down: RateWindow = {
        take: (key, limit, ms) => local.take(key, limit, ms),
        giveBack: (key, limit, ms) => local.giveBack(key, limit, ms),
        block: async () => Promise.reject(new Error('Connection is closed.')),
      };
      const logger = createRecordingLogger();
      const port = replica(web, down, logger);
      expect(await port.updateCard(thread('1.1'), { text: 'Done' })).toBe(true);
      const [refused, edited] = web.callsOf('chat.update');
      expect(refused?.status).toBe(429);
      expect(edited && refused && edited.at - refused.at).toBeGreaterThanOrEqual(1000);
      expect(logger.lines.filter((l) => l.msg.includes('Retry-After not shared'))).toMatchObject([{ level: 'debug' }]);
    } finally {
      await web.close();
    }
  });
});

describe('a card edit through the chat port', () => {
  it('resolves once Slack showed it, or false when a newer edit of its card replaced it', async () => {
    const web = await startSlackWebApi();
    try {
      const window = gate();
      const api = createSlackApi({
        botToken: 'xoxb-test',
        apiUrl: web.apiUrl,
        logger: createRecordingLogger(),
        pacer: createPacer({ intervalMs: 0, window: createMemoryRateWindow() }),
        limiter: createSlackLimiter({ window, workspace: 'T1' }),
      });
      const port = createSlackChatPort({ apiFor: () => api });
      const thread = {
        platform: 'slack' as const,
        workspaceId: 'T1',
        channelId: CHANNEL,
        threadId: '1.1',
        cardMessageId: '1.1',
      };
      const working = port.updateCard(thread, { text: 'Working' }, 'change');
      const newer = port.updateCard(thread, { text: 'Working, 1 min' }, 'change');
      let answered = false;
      void newer.then(() => {
        answered = true;
      });
      // Still waiting for the tier's budget: not made, so not answered yet.
      await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe(false);
      window.open();
      expect(await Promise.all([working, newer])).toEqual([false, true]);
      expect(web.callsOf('chat.update').map((c) => c.args.text)).toEqual(['Working, 1 min']);
    } finally {
      await web.close();
    }
  });
});
