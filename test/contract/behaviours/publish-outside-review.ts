import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, sandboxPosts } from '../surface.ts';

// An outside reviewer has no account on the platform: the member who invites them gets the link privately and
// sends it on; the reviewer decides on the page the bot serves, and the thread and the card mirror it.

const LINK = /https?:\/\/[^\s<>|]+\/review\/[A-Za-z0-9_-]{43}/;
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

async function decide(link: string, fields: Record<string, string>): Promise<string> {
  const page = await (await fetch(link)).text();
  const form = { form_token: hidden(page, 'form_token'), version: hidden(page, 'version'), ...fields };
  const res = await fetch(link, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(200);
  return res.text();
}

export const behaviour: Behaviour = {
  name: 'publish: an outside reviewer invited from the card asks for changes and approves from the link, mirrored in the thread',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-outside');
    // One approval, and an outside reviewer's: the reviewer's approval stands for the admin who invited them.
    await s.command('/setup approvals=1 outside_review=required', 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Client cut"`, 'member');
    const card = await requestCard(s);

    await s.click(card, 'Invite reviewer', 'admin');
    await s.submitForm({ name: 'Ana (Acme)' }, 'admin');
    const link = await eventually(async () => {
      for (const m of await s.privateTo('admin')) {
        const found = LINK.exec(m.text)?.[0];
        if (found) return found;
      }
      return undefined;
    }, 'the review link, privately');
    await eventually(
      async () => (await s.thread(card)).some((m) => m.text.includes('created a review link for “Ana (Acme)”')),
      'the thread noting the invitation',
    );
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect(JSON.stringify(await s.everyone())).not.toContain(token);
    expect((await s.card(card)).buttons).toEqual(expect.arrayContaining(['Invite reviewer', 'Revoke reviewer links']));

    expect(await decide(link, { decision: 'changes', comment: 'Brighter intro', at: '0:12' })).toMatch(
      /You asked for changes/,
    );
    // Said once the link's burst settled (a durable task a few seconds on), the comment quoted below it.
    s.passTime(5_000);
    await eventually(
      async () =>
        (await s.thread(card)).some(
          (m) => m.text.includes('Changes requested by Ana (Acme) at 0:12:') && m.text.includes('Brighter intro'),
        ),
      'the change request in the thread',
    );
    expect(await decide(link, { decision: 'approve' })).toMatch(/You approved it/);
    await eventually(
      async () =>
        (await s.thread(card)).some((m) =>
          /Approved by Ana \(Acme\), outside reviewer invited by \S+ · 1 of 1/.test(m.text),
        ),
      'the approval in the thread',
    );
    await eventually(async () => (await sandboxPosts(s)).length === 1, 'the post');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card showing it published');
    expect((await fetch(link)).status).toBe(404);
    expect(await sandboxPosts(s)).toHaveLength(1);
  },
};
