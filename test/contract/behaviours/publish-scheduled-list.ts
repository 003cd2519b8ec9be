import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'publish: /scheduled lists an unknown outcome with its buttons, before the published, which say when',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-listed');
    await s.command(`/publish ${VIDEO} accounts=brand title="Posted"`, 'member');
    const posted = await requestCard(s);
    await s.click(posted, 'Approve', 'admin');
    await eventually(async () => /Published/.test((await s.card(posted)).text), 'the first request published');

    // The sandbox answers 500 for an access key containing "fail": the outcome is unknown.
    await addAccount(s, 'shaky', 'youtube', 'contract-fail-key');
    await s.command(`/publish ${VIDEO} accounts=shaky title="Maybe"`, 'member');
    const maybe = await eventually(async () => {
      const t = await requestCard(s);
      return t !== posted ? t : undefined;
    }, 'the second request card');
    await s.click(maybe, 'Approve', 'admin');
    await eventually(async () => /unknown/i.test((await s.card(maybe)).text), 'the card saying outcome unknown');

    await s.command('/scheduled', 'admin');
    const list = await eventually(
      async () => (await s.privateTo('admin')).find((m) => /Last published/.test(m.text)),
      'the /scheduled answer',
    );
    const text = list.text;
    // The undecided request is listed as what it is, with what to do, before the published list.
    expect(text).toMatch(/Maybe[\s\S]*outcome unknown/);
    expect(text).not.toMatch(/Maybe[^\n]*approved by nobody yet/);
    expect(list.buttons).toEqual(expect.arrayContaining(['Mark as posted', 'Try again']));
    expect(text.indexOf('Maybe')).toBeLessThan(text.indexOf('Last published'));
    // A published row says when it was published, not when it would be.
    const row = text
      .slice(text.indexOf('Last published'))
      .split('\n')
      .find((l) => l.includes('Posted'));
    expect(row).toMatch(/published \S/);
    expect(row).not.toMatch(/once approved/);
  },
};
