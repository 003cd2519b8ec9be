import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, type Surface, sandboxPosts } from '../surface.ts';

// A review round: an outside reviewer asks for changes at 0:12 on version 1; the requester makes version 2 as a
// subtitles follow-up from the card; when its job completes the request shows version 2, its approvals at 0 and the
// reviewer's comment answered; the reviewer's same link shows version 2 and what changed; the reviewer and one member
// approve, and version 2 (never version 1) is published once.

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

async function reviewLink(s: Surface): Promise<string> {
  return eventually(async () => {
    for (const m of await s.privateTo('member')) {
      const found = LINK.exec(m.text)?.[0];
      if (found) return found;
    }
    return undefined;
  }, 'the review link, privately');
}

export const behaviour: Behaviour = {
  name: 'publish: changes asked at 0:12 become version 2 made from the card, the same reviewer approves it, and only version 2 is posted',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-versions');
    // One member's approval, and an outside reviewer's (invited by the requester, who may not approve: it counts
    // as the outside approval only).
    await s.command('/setup approvals=1 outside_review=required', 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Client cut"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Invite reviewer', 'member');
    await s.submitForm({ name: 'Ana (Acme)' }, 'member');
    const link = await reviewLink(s);

    expect(await decide(link, { decision: 'changes', comment: 'The logo is too small', at: '0:12' })).toMatch(
      /You asked for changes/,
    );
    s.passTime(5_000);
    await eventually(
      async () => (await s.thread(card)).some((m) => m.text.includes('Changes requested by Ana (Acme) at 0:12:')),
      'the change request in the thread',
    );

    // New version… from the card: the menu is in the thread, the subtitles form ticks Ana's request.
    await s.click(card, 'New version…', 'member');
    await eventually(
      async () => (await s.privateTo('member')).some((m) => /how to make version 2/.test(m.text)),
      'the answer pointing at the menu',
    );
    await s.click(card, 'Subtitles…', 'member');
    await s.submitForm({ template: 'beast', position: 'top-center', size: 'l' }, 'member');
    await eventually(async () => /version 2 in the making/.test((await s.card(card)).text), 'version 2 in the making');

    const made = await eventually(async () => {
      const shown = await s.card(card);
      return /Version 2 of 2: subtitles/.test(shown.text) && !/in the making/.test(shown.text) && shown;
    }, 'version 2 on the card');
    expect(made.text).toContain('(0/1)');
    expect(made.text).toMatch(/Version 2 \(subtitles[^)]*\): answers Ana \(Acme\), outside reviewer at 0:12/);
    expect(made.buttons).toEqual(expect.arrayContaining(['Approve', 'New version…']));
    const line = await eventually(
      async () => (await s.thread(card)).find((m) => m.text.includes('Version 2 by')),
      'the thread line for version 2',
    );
    expect(line.text).toMatch(/answers Ana \(Acme\), outside reviewer invited by \S+ at 0:12/);
    // The reviewer's inviter is mentioned from the stored id (a terminal notifies nobody).
    if (s.name !== 'console') expect(line.notifies).toContain(`user:${s.idOf('member')}`);

    // Ana's same link shows version 2, what changed since the version she decided on, and her answered comment.
    const page = await (await fetch(link)).text();
    expect(page).toContain('Version 2 of 2');
    expect(page).toContain('What changed since version 1');
    expect(page).toMatch(/answers your comment at 0:12/);
    expect(page).toContain('Watch version 1');

    expect(await decide(link, { decision: 'approve' })).toMatch(/You approved it/);
    expect(await sandboxPosts(s)).toEqual([]);
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await sandboxPosts(s)).length === 1, 'the post');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card showing it published');
    expect((await s.card(card)).text).toMatch(/Posted: version 2, with approvals given on version 2/);
    await quietFor(500);
    const posts = (await sandboxPosts(s)) as Array<{ videoUrl?: string }>;
    expect(posts).toHaveLength(1);
    expect(posts[0]?.videoUrl).not.toBe(VIDEO);
  },
};
