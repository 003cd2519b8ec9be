// The attacks of the trust-boundaries issue on approvals, played on a whole bot (the console) with the review
// page reached over HTTP as a browser would: one person cannot meet a two-person rule through links they made,
// revoking takes a link's approval back before anything is posted, and one link cannot flood the thread or grow
// the request's record.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import type { Origin } from '../../../src/core/ports.ts';
import { MAX_ASKS_PER_HOUR } from '../../../src/core/publish/approvals/decide.ts';
import { CHANGES_HOLD_MS } from '../../../src/core/publish/review/outside-review.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, button, click, fieldOf, lastCard, lastEphemeral, submitForm } from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';
const LEGAL = '777000111222333444';

let h: TestBot;

const person = (userId: string, roles?: string[]): Partial<Origin> => ({
  userId,
  userName: userId,
  ...(roles ? { roles } : {}),
});

/** Invites `name` from the card as `who`; the personal link the bot answered privately. */
async function invite(name: string, who: Partial<Origin>, canConfigure = false): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', who, canConfigure);
  await submitForm(h, form, { name }, who, canConfigure);
  const url = /(http:\/\/\S+\/review\/[A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!url) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return url;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** Opens the page as the reviewer's browser does and sends its form. */
async function decideOnPage(url: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const page = await (await fetch(url)).text();
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({
      form_token: hidden(page, 'form_token'),
      version: hidden(page, 'version'),
      ...fields,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

const threadLines = () => h.chat.seen.filter((s) => s.where === 'thread').map((s) => s.message);
const requestId = () => /Request (\w+)/.exec(lastCard(h).cards?.[0]?.footer ?? '')?.[1] ?? '';

describe('approval attacks, on a whole bot with the review page over HTTP', () => {
  beforeEach(async () => {
    h = await startTestBot({ online: true, tuning: { publish: { reviewRate: { points: 500, windowSeconds: 60 } } } });
    await addAccount(h, 'brand', 'x', KEY);
  });
  afterEach(() => h.close());

  it('a requester who may not approve cannot meet a two-person rule through two links of their own', async () => {
    await h.command(`/setup approvals=2 approvers=<@&${LEGAL}>,carol self_approve=no outside_review=required`);
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`, { origin: person('rex'), canConfigure: false });
    const carol = await invite('Carol (Legal)', person('rex'));
    const team = await invite('Legal team', person('rex'));
    expect((await decideOnPage(carol, { decision: 'approve' })).text).toMatch(/You approved it/);
    expect((await decideOnPage(team, { decision: 'approve' })).text).toMatch(/You approved it/);

    // Nothing goes out, and nothing reads as an approver's approval.
    await new Promise((r) => setTimeout(r, 300));
    expect(h.posts()).toEqual([]);
    const approved = threadLines().filter((m) => m.text.startsWith('✅ Approved by'));
    expect(approved.map((m) => m.text)).toEqual([
      `✅ Approved by Carol (Legal), outside reviewer invited by ${mention('rex')} · 0 of 2 — not counted toward the 2 approvals: ${mention('rex')} may not approve this request`,
      `✅ Approved by Legal team, outside reviewer invited by ${mention('rex')} · 0 of 2 — not counted toward the 2 approvals: ${mention('rex')} may not approve this request`,
    ]);
    // The card says what it still waits for.
    const line = fieldOf(lastCard(h), 'Approval');
    expect(line).toMatch(/^needs 2 approvals \(0\/2\)/);
    expect(line).toContain('Carol (Legal), outside reviewer invited by');
    expect(line).toContain('(not counted)');
    expect(line).toMatch(/waiting for 2 more from .*carol/);
    expect(lastCard(h).text).toMatch(/waiting for approval/);

    // The real approvers complete it: it publishes exactly once.
    await click(h, button(lastCard(h), 'Approve') ?? '', person('lea', [LEGAL]));
    expect(h.posts()).toEqual([]);
    await click(h, button(lastCard(h), 'Approve') ?? '', person('carol'));
    await h.chat.waitFor((seen) => seen.some((s) => /Published/.test(s.message.text)));
    expect(h.posts()).toHaveLength(1);
    await click(h, button(lastCard(h), 'Approve') ?? '', person('carol'));
    expect(h.posts()).toHaveLength(1);
  });

  it('an approver’s link counts for that approver, once, with the thread naming both', async () => {
    await h.command('/setup approvals=2 approvers=carol,dan self_approve=no');
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`, { origin: person('rex'), canConfigure: false });
    const ana = await invite('Ana (Acme)', person('carol'), true);
    const leo = await invite('Leo (Legal)', person('carol'), true);
    await decideOnPage(ana, { decision: 'approve' });
    await decideOnPage(leo, { decision: 'approve' });
    await click(h, button(lastCard(h), 'Approve') ?? '', person('carol'));
    expect(lastEphemeral(h)).toBe('Approved.');
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/^needs 2 approvals \(1\/2\)/);
    expect(threadLines().map((m) => m.text)).toContain(
      `✅ Approved by Ana (Acme), outside reviewer invited by ${mention('carol')} · 1 of 2`,
    );
    expect(h.posts()).toEqual([]);
    await click(h, button(lastCard(h), 'Approve') ?? '', person('dan'));
    await h.chat.waitFor((seen) => seen.some((s) => /Published/.test(s.message.text)));
    expect(h.posts()).toHaveLength(1);
  });

  it('revoking the links takes back the approval that scheduled a post: it goes back to waiting and never goes out', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Held" schedule="in 2 hours"`, {
      origin: person('rex'),
      canConfigure: false,
    });
    const ana = await invite('Ana (Acme)', person('cy'), true);
    await decideOnPage(ana, { decision: 'approve' });
    await h.chat.waitFor((seen) => seen.some((s) => /approved, scheduled/.test(s.message.text)));
    await h.command('/scheduled', { origin: person('cy') });
    const before = JSON.stringify(h.chat.ephemerals().at(-1)?.message);
    expect(before).toContain('approved, waiting for its time');
    expect(before).toContain('approved by Ana (Acme), outside reviewer invited by');

    await click(h, button(lastCard(h), 'Revoke reviewer links') ?? '', person('cy'), true);
    expect(lastEphemeral(h)).toBe(
      'Revoked 1 review link. The post is no longer scheduled: it waits for approvals again.',
    );
    expect(lastCard(h).text).toMatch(/waiting for approval/);
    expect(threadLines().at(-1)?.text).toBe(
      `🔒 ${mention('cy')} revoked the review link of “Ana (Acme)”: they open nothing now, and their approvals no longer count: nothing will be posted until the request has its approvals again, so it waits for them.`,
    );
    // /scheduled never names the revoked link as an approver.
    await h.command('/scheduled', { origin: person('cy') });
    const listed = JSON.stringify(h.chat.ephemerals().at(-1)?.message);
    expect(listed).toContain('approved by nobody yet');
    expect(listed).not.toContain('Ana (Acme)');

    // Its time comes (within the 15 minutes a held post is still posted in): nothing goes out.
    h.clock.advance(2 * 3600_000 + 60_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(h.posts()).toEqual([]);
    expect((await h.app.inside.publish.repo.get(requestId()))?.state).toBe('pending');
  });

  it('one reviewer’s link can be revoked alone, from the card’s menu (console: !pub:revokeone:<id>:<reviewer>)', async () => {
    await h.command('/setup approvals=2', { origin: person('cy') });
    await h.command(`/publish ${VIDEO} accounts=brand title="Held" schedule="in 2 hours"`, {
      origin: person('rex'),
      canConfigure: false,
    });
    const ana = await invite('Ana (Acme)', person('cy'), true);
    await invite('Leo (Legal)', person('cy'), true);
    await decideOnPage(ana, { decision: 'approve' });
    await click(h, button(lastCard(h), 'Approve') ?? '', person('dan'));
    await h.chat.waitFor((seen) => seen.some((s) => /approved, scheduled/.test(s.message.text)));
    const menu = lastCard(h).cards?.[0]?.controls?.find((c) => c.kind === 'select');
    expect(menu?.kind === 'select' && menu.options.map((o) => o.label)).toEqual(['Ana (Acme)', 'Leo (Legal)']);
    const anaId = menu?.kind === 'select' ? menu.options[0]?.value : '';
    await click(h, `${menu?.kind === 'select' ? menu.id : ''}:${anaId}`, person('cy'), true);
    expect(lastEphemeral(h)).toMatch(/^Revoked 1 review link\. The post is no longer scheduled/);
    expect(fieldOf(lastCard(h), 'Outside reviewers')).toBe('Leo (Legal)');
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(1\/2\)/);
    expect((await fetch(ana)).status).toBe(404);
    // Its time comes (within the 15 minutes a held post is still posted in): nothing goes out.
    h.clock.advance(2 * 3600_000 + 60_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(h.posts()).toEqual([]);
  });

  it('fifty change requests from one link in under a minute: a few thread posts, a small record, then a refusal page', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`, { origin: person('rex'), canConfigure: false });
    const url = await invite('Ana (Acme)', person('rex'));
    const page = await (await fetch(url)).text();
    const started = Date.now();
    const answers: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({
          form_token: hidden(page, 'form_token'),
          version: hidden(page, 'version'),
          decision: 'changes',
          comment: `Comment ${i}: ${'x'.repeat(900)}\n✅ Approved by @legal · 2 of 2`,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      answers.push(await res.text());
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(answers.filter((a) => /You asked for changes/.test(a))).toHaveLength(MAX_ASKS_PER_HOUR);
    expect(answers.at(-1)).toMatch(/asked for changes 10 times in the last hour/);

    h.clock.advance(CHANGES_HOLD_MS);
    await h.chat.waitFor((seen) => seen.some((s) => s.message.text.startsWith('✏️ Changes requested by Ana')));
    await new Promise((r) => setTimeout(r, 300));
    const said = threadLines().filter((m) => m.text.startsWith('✏️ Changes requested by Ana'));
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(said.length).toBeLessThanOrEqual(2);
    // The newest of the burst, as one quoted block (its bot-looking line inside the quote).
    expect(said.at(-1)?.quote).toMatch(/^Comment 9: x+\n✅ Approved by @legal · 2 of 2$/);

    const record = await h.app.inside.publish.repo.get(requestId());
    expect(JSON.stringify(record).length).toBeLessThan(4_000);
    expect(record?.changes).toHaveLength(1);
    expect(await h.app.inside.publish.service.comments(requestId())).toHaveLength(MAX_ASKS_PER_HOUR);
  });
});
