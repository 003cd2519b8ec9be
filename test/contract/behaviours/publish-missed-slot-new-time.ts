import { expect } from 'vitest';
import { type Behaviour, eventually, quietFor, sandboxPosts } from '../surface.ts';
import { approvedLate } from './publish-missed-slot.ts';

const HOUR = 3600_000;

export const behaviour: Behaviour = {
  name: 'publish: New time on a post approved too late refuses a past time, then posts once at the new time',
  async run(s) {
    const card = await approvedLate(s, 'Later then');

    await s.click(card, 'New time', 'member');
    await s.submitForm({ schedule: '2020-01-01 10:00' }, 'member');
    await eventually(
      async () => (await s.privateTo('member')).some((m) => /in the past: pick a later time/.test(m.text)),
      'the past time refused privately',
    );
    expect((await s.everyone()).some((m) => /in the past/.test(m.text))).toBe(false);

    await s.click(card, 'New time', 'member');
    await s.submitForm({ schedule: 'in 3 hours' }, 'member');
    await eventually(async () => /approved, scheduled/.test((await s.card(card)).text), 'the card scheduled again');
    const moved = await eventually(
      async () => (await s.thread(card)).find((m) => /moved this post to/.test(m.text)),
      'the thread saying who moved it',
    );
    expect(moved.text).toMatch(/approvals given still count/);
    // The console redraws a card as its heading and buttons; the platforms show its fields.
    if (s.name !== 'console') expect((await s.card(card)).text).toMatch(/Moved by/);

    s.passTime(2 * HOUR);
    await quietFor(500);
    expect(await sandboxPosts(s)).toEqual([]);
    s.passTime(HOUR + 60_000);
    await eventually(async () => (await sandboxPosts(s)).length > 0, 'the post at its new time');
    await quietFor(300);
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Later then']);
  },
};
