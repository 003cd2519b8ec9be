import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, sandboxPosts } from '../surface.ts';

const APPROVE = 'Approve “Launch day”';

export const behaviour: Behaviour = {
  name: 'publish: /approvals lists a request for an approver, and Approve there publishes it once',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-approvals');
    await s.command(`/publish ${VIDEO} accounts=brand title="Launch day"`, 'member');
    const card = await requestCard(s);

    // The requester may not approve their own request: it is theirs to follow, not to approve.
    await s.command('/approvals', 'member');
    const own = await eventually(
      async () => (await s.privateTo('member')).find((m) => /Your open requests \(1\)/.test(m.text)),
      'the requester’s own list',
    );
    expect(own.text).toMatch(/Launch day[\s\S]*waiting for approval/);
    expect(own.buttons.some((b) => b.startsWith('Approve'))).toBe(false);
    expect(own.text).toMatch(/Waiting for your approval\*?\*? \(0\)/);

    await s.command('/approvals', 'admin');
    const listed = await eventually(
      async () => (await s.privateTo('admin')).find((m) => m.buttons.includes(APPROVE)),
      'the request in the approver’s list',
    );
    expect(listed.text).toMatch(/Waiting for your approval\*?\*? \(1\)/);
    expect(listed.text).toMatch(/Launch day/);
    expect(listed.text).toMatch(/Requested by/);
    expect(listed.text).toMatch(/expires/);
    expect(await sandboxPosts(s)).toEqual([]);

    await s.clickPrivate(APPROVE, 'admin');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card redrawn as Published');
    // The same button again is the card's own refusal, and nothing is posted twice.
    await s.clickPrivate(APPROVE, 'admin');
    await eventually(
      async () => (await s.privateTo('admin')).some((m) => /already published/.test(m.text)),
      'the second click refused',
    );
    await quietFor(300);
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Launch day']);

    // Once published, it waits for nobody.
    await s.command('/approvals', 'admin');
    await eventually(
      async () =>
        (await s.privateTo('admin')).filter((m) => /Waiting for your approval\*?\*? \(0\)/.test(m.text)).length > 0,
      'an empty list for the approver',
    );
  },
};
