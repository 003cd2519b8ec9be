import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

const HOUR = 3600_000;

export const behaviour: Behaviour = {
  name: 'publish: when approvals run out the card says so by itself, after a restart too, and Edit asks again',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-expiry');
    await s.command('/setup approval_expiry=1h', 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Before lunch"`, 'member');
    const card = await requestCard(s);
    expect((await s.card(card)).buttons).toContain('Approve');

    // The bot restarts while the request waits, then the hour passes: nobody clicks anything.
    await s.restart();
    s.passTime(HOUR + 1000);
    const expired = await eventually(async () => {
      const shown = await s.card(card);
      return /approvals expired/i.test(shown.text) && shown;
    }, 'the card redrawn as expired without a click');
    expect(expired.buttons).not.toContain('Approve');
    expect(expired.buttons).not.toContain('Request changes');
    expect(expired.buttons).toEqual(expect.arrayContaining(['Edit', 'Cancel']));
    await eventually(async () => (await s.thread(card)).some((m) => /ran out/.test(m.text)), 'the thread told');

    // Saving the form again, even unchanged, asks again: approvals start over and can be given.
    await s.click(card, 'Edit', 'member');
    await s.submitForm({}, 'member');
    await eventually(async () => (await s.card(card)).buttons.includes('Approve'), 'Approve back on the card');
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await sandboxPosts(s)).length === 1, 'the post');
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Before lunch']);
  },
};
