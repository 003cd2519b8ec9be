import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, type Surface, sandboxPosts } from '../surface.ts';

const HOUR = 3600_000;

/**
 * A member's request for "in 2 hours" in a Paris channel; the reminder before its time says the time;
 * the hours pass without the quorum, then it is approved late. Returns its card's thread.
 */
export async function approvedLate(s: Surface, title: string): Promise<string> {
  await addAccount(s, 'brand', 'youtube', `contract-key-${title.length}`);
  await s.command('/setup timezone=Europe/Paris', 'admin');
  await s.command(`/publish ${VIDEO} accounts=brand title="${title}" schedule="in 2 hours"`, 'member');
  const card = await requestCard(s);
  // Its time is closer than the channel's remind wait (1 day): the reminder before it comes at once.
  const before = await eventually(
    async () => (await s.thread(card)).find((m) => /scheduled for .*\(Europe\/Paris\)/.test(m.text)),
    'the reminder before its time, in the channel’s zone',
  );
  expect(before.text).toMatch(/still needs 1 more approval/);

  s.passTime(2 * HOUR + 60_000);
  await s.click(card, 'Approve', 'admin');
  await eventually(
    async () => (await s.thread(card)).some((m) => /last approval came after this post's time/.test(m.text)),
    'the thread asking what to do',
  );
  const asked = await eventually(async () => {
    const shown = await s.card(card);
    return shown.buttons.includes('New time') && shown;
  }, 'the card offering Post now / New time');
  expect(asked.buttons).toEqual(expect.arrayContaining(['Post now', 'New time', 'Cancel']));
  await quietFor(300);
  expect(await sandboxPosts(s)).toEqual([]);
  return card;
}

export const behaviour: Behaviour = {
  name: 'publish: a scheduled request approved after its time asks instead of posting; Post now posts once',
  async run(s) {
    const card = await approvedLate(s, 'Missed the slot');
    await s.click(card, 'Post now', 'member');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card showing Published');
    await s.click(card, 'Post now', 'member').catch(() => undefined);
    await quietFor(300);
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Missed the slot']);
  },
};
