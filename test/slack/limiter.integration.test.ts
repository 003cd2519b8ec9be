import { describe, expect, it } from 'vitest';
import { createMemoryRateWindow, type RateWindow } from '../../src/core/platform/rate-window.ts';
import { createSlackApi } from '../../src/slack/api.ts';
import { createSlackChatPort } from '../../src/slack/chat-port.ts';
import { createSlackLimiter } from '../../src/slack/limiter.ts';
import { createPacer } from '../../src/slack/pace.ts';
import { startSlackWebApi } from '../doubles/slack/index.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';
import { CHANNEL } from './harness.ts';

/** A window that refuses every call until opened, as a spent tier does. */
function gate(): RateWindow & { open(): void } {
  let open = false;
  return {
    open: () => {
      open = true;
    },
    take: async () => (open ? { taken: true, waitMs: 0 } : { taken: false, waitMs: 5 }),
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

  it('lets a refresh spend only what the reserve leaves for final states', async () => {
    const limiter = createSlackLimiter({ window: createMemoryRateWindow(), workspace: 'T1', staleMs: 0 });
    const results: boolean[] = [];
    for (let i = 0; i < 40; i++) results.push(await limiter.edit('chat.update', `card${i}`, 'progress', async () => 1));
    // Tier 3: 45 of Slack's 50 a minute budgeted, 18 of them kept for final states.
    expect(results.filter(Boolean)).toHaveLength(27);
    expect(await limiter.edit('chat.update', 'card0', 'final', async () => 1)).toBe(true);
  });
});

describe('a 429 on chat.update', () => {
  it('waits its Retry-After in the tier’s queue while the channel’s results go on, and is counted', async () => {
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
