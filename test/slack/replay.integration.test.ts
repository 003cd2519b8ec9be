// Defect 5 of issue 11: the same signed /clip sent 10 times made 10 projects, the same Retry click 5 times
// made 5. Real signed requests against the bot's own listener, with the real Bolt app and core.
import { afterEach, describe, expect, it } from 'vitest';
import { sendSigned, waitFor } from '../doubles/slack/index.ts';
import {
  blockAction,
  elements,
  type Post,
  posts,
  SECRET,
  type SlackE2e,
  startSlackE2e,
  threadReplies,
  VIDEO,
  waitForPost,
} from './e2e-harness.ts';
import { slashCommand } from './harness.ts';

let e: SlackE2e | undefined;
afterEach(async () => {
  await e?.close();
  e = undefined;
});

const isCard = (p: Post) => p.thread_ts === undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('replayed Slack requests', () => {
  it('makes one project when the same signed /clip arrives 10 times', async () => {
    const h = await startSlackE2e();
    e = h;
    const command = slashCommand(h.web, '/clip', `${VIDEO} reels=1`);
    const timestamp = Math.floor(Date.now() / 1000);
    const url = `${h.base}/slack/commands`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendSigned(url, 'command', command, { secret: SECRET, timestamp })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const card = await waitForPost(h.web, 'the job card', isCard);
    await waitFor(() => threadReplies(h.web, card.ts).length > 0, 'the result', 10_000);
    await sleep(300);
    expect(posts(h.web).filter(isCard)).toHaveLength(1);
  });

  it('retries once when the same Retry click arrives 5 times', async () => {
    const h = await startSlackE2e();
    e = h;
    await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', 'https://example.com/fail-this.mp4'));
    const card = await waitForPost(h.web, 'the job card', isCard);
    const failure = await waitForPost(h.web, 'the failure', (p) => p.thread_ts === card.ts);
    const retry = elements(failure.blocks).find((el) => el.value?.startsWith('retry:'));
    const click = blockAction(h.web, retry ?? { type: 'button' }, { ts: failure.ts, thread_ts: card.ts }, 'U0OWNER');
    const timestamp = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 5; i++) {
      const res = await sendSigned(`${h.base}/slack/interactivity`, 'interactive', click, {
        secret: SECRET,
        timestamp,
      });
      expect(res.status).toBe(200);
    }
    await waitFor(() => threadReplies(h.web, card.ts).filter((p) => / failed: /.test(p.text)).length >= 2, 'retry');
    await sleep(500);
    const retries = threadReplies(h.web, card.ts).filter((p) => /retry of/.test(JSON.stringify(p.blocks)));
    expect(retries).toHaveLength(1);
  });

  it('tells the person "storage is unavailable" when the store cannot say whether it is a replay', async () => {
    const h = await startSlackE2e();
    e = h;
    await h.app.inside.store.close();
    const answer = await h.send('/slack/commands', 'command', slashCommand(h.web, '/clip', `${VIDEO} reels=1`));
    // Acknowledged first (the replay check runs after the ack); the person is then told privately.
    expect(answer.status).toBe(200);
    const storage = /storage is unavailable, try again shortly/i;
    await waitFor(() => h.web.responses.some((r) => storage.test(String(r.body.text ?? ''))), 'the private answer');
    const told = h.web.responses.find((r) => storage.test(String(r.body.text ?? '')));
    expect(told?.body).toMatchObject({ response_type: 'ephemeral' });
    expect(posts(h.web).filter(isCard)).toHaveLength(0);
  });

  it('refuses a request stamped more than 5 minutes in the future, as Bolt does one 5 minutes old', async () => {
    const h = await startSlackE2e();
    e = h;
    const url = `${h.base}/slack/commands`;
    const now = Math.floor(Date.now() / 1000);
    const future = slashCommand(h.web, '/clip', VIDEO);
    const past = slashCommand(h.web, '/clip', VIDEO);
    const fine = slashCommand(h.web, '/help', '');
    expect((await sendSigned(url, 'command', future, { secret: SECRET, timestamp: now + 6 * 60 })).status).toBe(401);
    expect((await sendSigned(url, 'command', past, { secret: SECRET, timestamp: now - 6 * 60 })).status).toBe(401);
    expect((await sendSigned(url, 'command', fine, { secret: SECRET, timestamp: now + 60 })).status).toBe(200);
    await sleep(300);
    expect(posts(h.web).filter(isCard)).toHaveLength(0);
  });

  it('does not let a forged request use up a trigger_id', async () => {
    const h = await startSlackE2e();
    e = h;
    const command = slashCommand(h.web, '/clip', `${VIDEO} reels=1`);
    const url = `${h.base}/slack/commands`;
    const forged = await sendSigned(url, 'command', command, { secret: SECRET, signWith: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect((await sendSigned(url, 'command', command, { secret: SECRET })).status).toBe(200);
    await waitForPost(h.web, 'the job card', isCard);
  });
});
