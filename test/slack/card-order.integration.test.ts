// A card's edits reach Slack in the order they were made: a card that showed its job's end never shows
// "Working on it" again, however slowly Slack answers an earlier edit or whether it answers it with a 429.
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadRef } from '../../src/core/ports.ts';
import { type SlackWebApiDouble, TEAM_ID, waitFor } from '../doubles/slack/index.ts';
import { type Post, posts, type SlackE2e, startSlackE2e, VIDEO, waitForPost } from './e2e-harness.ts';
import { CHANNEL, type HttpHarness, slashCommand, startHttpHarness } from './harness.ts';

let e2e: SlackE2e | undefined;
let adapter: HttpHarness | undefined;
afterEach(async () => {
  await e2e?.close();
  await adapter?.close();
  e2e = undefined;
  adapter = undefined;
});

const DONE = '✅';
/** What Slack showed on the card `ts`, edit after edit (the calls it carried out). */
const shownOn = (web: SlackWebApiDouble, ts: string) =>
  web
    .callsOf('chat.update')
    .filter((c) => c.status === 200 && c.args.ts === ts)
    .map((c) => String(c.args.text));
/** Anything the card showed after it first showed the end of its job. */
const afterTheEnd = (shown: string[]) => {
  const end = shown.findIndex((t) => t.includes(DONE));
  return end < 0 ? [] : shown.slice(end).filter((t) => !t.includes(DONE));
};

describe('a job card in Slack, with the whole bot', () => {
  it('never goes back from Done to Working when Slack answers the Working edit late', async () => {
    e2e = await startSlackE2e();
    const { web } = e2e;
    // The card's first edit ("Working on it") is answered after the job has ended and asked for "Done".
    web.slow('chat.update', 3000);
    await e2e.send('/slack/commands', 'command', slashCommand(web, '/broll', VIDEO));
    const card = await waitForPost(web, 'the job card', (p: Post) => p.thread_ts === undefined);
    await waitForPost(web, 'the result in the card’s thread', (p) => p.thread_ts === card.ts);
    const last = () => shownOn(web, card.ts).at(-1) ?? '';
    await waitFor(() => web.inHand() === 0 && last().includes(DONE), 'the card showing Done', 15_000);

    expect(afterTheEnd(shownOn(web, card.ts))).toEqual([]);
    expect(posts(web).filter((p) => p.thread_ts === undefined)).toHaveLength(1);
  });
});

describe('a card edit through the Slack adapter', () => {
  const thread: ThreadRef = {
    platform: 'slack',
    workspaceId: TEAM_ID,
    channelId: CHANNEL,
    threadId: '1700000000.000001',
    cardMessageId: '1700000000.000001',
  };

  it('drops a change Slack refused with a 429 once the card’s final state is waiting, and shows the final state', async () => {
    adapter = await startHttpHarness();
    const { web } = adapter;
    const port = adapter.adapter.chatPort;
    web.rateLimit('chat.update', 1, 1);
    web.slow('chat.update', 300);
    const working = port.updateCard(thread, { text: '⏳ Working on it' }, 'change');
    await waitFor(() => web.inHand() === 1, 'the change on its way');
    const done = port.updateCard(thread, { text: `${DONE} Done` });

    const answers = await Promise.all([working, done]);
    expect(shownOn(web, thread.cardMessageId)).toEqual([`${DONE} Done`]);
    // The change was not shown: its caller does not read the card back for it.
    expect(answers).toEqual([false, true]);
  });

  it('does not send a change that is no longer due when its turn comes (another replica showed the end meanwhile)', async () => {
    adapter = await startHttpHarness();
    const { web } = adapter;
    const port = adapter.adapter.chatPort;
    web.slow('chat.update', 300, 1);
    const first = port.updateCard(thread, { text: '⏳ Submitting' }, 'change');
    await waitFor(() => web.inHand() === 1, 'the first edit on its way');
    let due = true;
    const working = port.updateCard(thread, { text: '⏳ Working on it' }, 'change', async () => due);
    due = false;
    expect(await Promise.all([first, working])).toEqual([true, false]);
    // A question that cannot be answered (the store away) lets the edit go: the read-back is the safety net.
    const unsure = port.updateCard(thread, { text: '⏳ Working on it, 1 min' }, 'progress', () =>
      Promise.reject(new Error('store away')),
    );
    expect(await unsure).toBe(true);
    expect(shownOn(web, thread.cardMessageId)).toEqual(['⏳ Submitting', '⏳ Working on it, 1 min']);
  });

  it('does not send a final state that is no longer due when its turn comes (issue 43: Publishing… after Published)', async () => {
    adapter = await startHttpHarness();
    const { web } = adapter;
    const port = adapter.adapter.chatPort;
    const published = port.updateCard(thread, { text: '✅ Published' }, 'final', async () => true);
    const stale = port.updateCard(thread, { text: '⏳ Publishing…' }, 'final', async () => false);
    expect(await Promise.all([published, stale])).toEqual([true, false]);
    expect(shownOn(web, thread.cardMessageId)).toEqual(['✅ Published']);
  });

  it('does not send a change asked for after the card’s final state (drawn from an earlier read)', async () => {
    adapter = await startHttpHarness();
    const port = adapter.adapter.chatPort;
    expect(await port.updateCard(thread, { text: `${DONE} Done` })).toBe(true);
    expect(await port.updateCard(thread, { text: '⏳ Working on it' }, 'change')).toBe(false);
    expect(await port.updateCard(thread, { text: '⏳ Working on it, 1 min' }, 'progress')).toBe(false);
    expect(shownOn(adapter.web, thread.cardMessageId)).toEqual([`${DONE} Done`]);
  });
});
