// Defect 1 of issue 11: a result waiting in Slack's 1-per-second queue when the process died was recorded
// as posted, so the retry after the restart skipped it and the card said Done. Two "processes" here are
// two chat ports on one store (the real Web API client and pacer against the Web API double).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOnce } from '../../src/core/guarantees/once.ts';
import { createOutbox, PostInFlightError } from '../../src/core/guarantees/outbox.ts';
import type { OutMessage } from '../../src/core/platform/message.ts';
import { createMemoryRateWindow } from '../../src/core/platform/rate-window.ts';
import type { ChatPort, Logger, Store, ThreadRef } from '../../src/core/ports.ts';
import { openStore } from '../../src/infra/store/open-store.ts';
import { createSlackApi } from '../../src/slack/api.ts';
import { createSlackChatPort } from '../../src/slack/chat-port.ts';
import { createSlackLimiter } from '../../src/slack/limiter.ts';
import { createPacer, PaceAbandonedError } from '../../src/slack/pace.ts';
import { type SlackWebApiDouble, startSlackWebApi } from '../doubles/slack/index.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';
import { CHANNEL } from './harness.ts';

const thread: ThreadRef = {
  platform: 'slack',
  workspaceId: 'T0TEAM',
  channelId: CHANNEL,
  threadId: '1700000000.000001',
  cardMessageId: '1700000000.000001',
};

let web: SlackWebApiDouble;
let store: Store;
let now = 1_700_000_000_000;
const clock = { now: () => now };

beforeEach(async () => {
  web = await startSlackWebApi();
  store = await openStore({ kind: 'memory' }, { clock });
});
afterEach(async () => {
  await store.close();
  await web.close();
});

/** How the core posts in a thread through `port`: its outbox, on the shared store. */
function poster(port: ChatPort, logger: Logger) {
  const outbox = createOutbox({ once: createOnce({ store, logger }), store, logger });
  return (at: ThreadRef, message: OutMessage, key: string) => outbox.post(port, at, message, key);
}

/** One bot process: its own pacer and client, the shared store. */
function botProcess(intervalMs: number) {
  const logger = createRecordingLogger();
  const pacer = createPacer({ intervalMs });
  const limiter = createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1' });
  const api = createSlackApi({ botToken: 'xoxb-test', apiUrl: web.apiUrl, logger, pacer, limiter });
  return { pacer, post: poster(createSlackChatPort({ apiFor: () => api }), logger) };
}

const texts = () => web.posted().map((a) => a.text);

describe('posting a result in a Slack thread exactly once', () => {
  it('posts after a restart a result that was still waiting in the queue when the process died', async () => {
    const first = botProcess(60_000);
    await first.post(thread, { text: 'part 1 ready' }, 'job:0');
    // Part 2 waits its turn (one post per second per channel) when the process is killed.
    void first.post(thread, { text: 'part 2 ready' }, 'job:1').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(texts()).toEqual(['part 1 ready']);

    now += 2 * 60_000; // the dead process's hold on the post lapses
    const second = botProcess(0);
    await second.post(thread, { text: 'part 1 ready' }, 'job:0');
    await second.post(thread, { text: 'part 2 ready' }, 'job:1');
    expect(texts()).toEqual(['part 1 ready', 'part 2 ready']);
    await first.pacer.drain(0);
  });

  it('does not report success while another process is still posting the same message', async () => {
    const first = botProcess(60_000);
    await first.post(thread, { text: 'other' }, 'job:other');
    const waiting = first.post(thread, { text: 'part 1 ready' }, 'job:0');
    const second = botProcess(0);
    await expect(second.post(thread, { text: 'part 1 ready' }, 'job:0')).rejects.toBeInstanceOf(PostInFlightError);
    expect(texts()).toEqual(['other']);
    await first.pacer.drain(0);
    await expect(waiting).rejects.toBeInstanceOf(PaceAbandonedError);
  });

  it('never posts a confirmed message again, even days of retries later', async () => {
    const { post } = botProcess(0);
    await post(thread, { text: 'part 1 ready' }, 'job:0');
    now += 30 * 3600_000;
    await post(thread, { text: 'part 1 ready' }, 'job:0');
    expect(texts()).toEqual(['part 1 ready']);
  });

  it('posts again after Slack refused the post (nothing was recorded)', async () => {
    const { post } = botProcess(0);
    web.failChannel(CHANNEL, 'channel_not_found');
    await expect(post(thread, { text: 'part 1 ready' }, 'job:0')).rejects.toThrow();
    const other = await startSlackWebApi();
    const api = createSlackApi({
      botToken: 'xoxb-test',
      apiUrl: other.apiUrl,
      logger: createRecordingLogger(),
      pacer: createPacer({ intervalMs: 0 }),
      limiter: createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1' }),
    });
    const retry = poster(createSlackChatPort({ apiFor: () => api }), createRecordingLogger());
    await retry(thread, { text: 'part 1 ready' }, 'job:0');
    expect(other.posted().map((a) => a.text)).toEqual(['part 1 ready']);
    await other.close();
  });
});

describe('draining the queue at shutdown', () => {
  it('posts everything queued when the drain has time', async () => {
    const { pacer, post } = botProcess(200);
    const posts = [0, 1, 2].map((i) => post(thread, { text: `part ${i + 1} ready` }, `job:${i}`));
    expect(await pacer.drain(5000)).toBe(0);
    await Promise.all(posts);
    expect(texts()).toEqual(['part 1 ready', 'part 2 ready', 'part 3 ready']);
  });

  it('refuses what it has no time for, and those posts go out on the next try', async () => {
    const first = botProcess(60_000);
    const posts = [0, 1, 2].map((i) =>
      first.post(thread, { text: `part ${i + 1} ready` }, `job:${i}`).then(
        () => 'posted',
        (e: unknown) => (e as Error).name,
      ),
    );
    expect(await first.pacer.drain(100)).toBe(2);
    expect(await Promise.all(posts)).toEqual(['posted', 'PaceAbandonedError', 'PaceAbandonedError']);
    const second = botProcess(0);
    for (const i of [0, 1, 2]) await second.post(thread, { text: `part ${i + 1} ready` }, `job:${i}`);
    expect(texts()).toEqual(['part 1 ready', 'part 2 ready', 'part 3 ready']);
  });
});
