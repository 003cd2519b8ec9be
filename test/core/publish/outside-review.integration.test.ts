import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import { contentHash } from '../../../src/core/publish/requests/model.ts';
import { hashReviewToken } from '../../../src/core/publish/review/links.ts';
import { CHANGES_HOLD_MS } from '../../../src/core/publish/review/outside-review.ts';
import { publishWords } from '../../../src/core/publish/words.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import {
  addAccount,
  allText,
  as,
  button,
  click,
  fieldOf,
  labels,
  lastCard,
  lastEphemeral,
  submitForm,
} from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';
/** The English of a review page: what the rule's refusals are said in. */
const EN = publishWords('en');

const threadLines = (h: TestBot) => h.chat.seen.filter((s) => s.where === 'thread').map((s) => s.message.text);

/** Invites `name` from the card as `who`; returns the token of the link the bot answered privately. */
async function invite(h: TestBot, name: string, who = 'ana', canConfigure = false): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as(who), canConfigure);
  await submitForm(h, form, { name }, as(who), canConfigure);
  const token = /\/review\/([A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!token) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return token;
}

async function shownHash(h: TestBot, token: string): Promise<string> {
  const view = await h.app.inside.publish.service.outside.view(hashReviewToken(token));
  if (!view) throw new Error('the link opens nothing');
  return contentHash(view.request.content);
}

describe('outside reviewers, on the console', () => {
  let h: TestBot;
  beforeEach(async () => {
    h = await startTestBot();
    await addAccount(h, 'brand', 'x', KEY);
  });
  afterEach(() => h.close());

  it('invites a reviewer privately, notes it in the thread without the link, and counts their approval once', async () => {
    await h.command('/setup approvals=2');
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    expect(labels(lastCard(h))).toEqual(expect.arrayContaining(['Invite reviewer']));
    expect(labels(lastCard(h))).not.toContain('Revoke reviewer links');

    // Invited by cy, who may configure the bot and approve: the reviewer's approval stands for cy.
    const token = await invite(h, 'Ana (Acme)', 'cy', true);
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(lastEphemeral(h)).toMatch(/reachable only locally/);
    expect(threadLines(h).join('\n')).toMatch(/created a review link for “Ana \(Acme\)”/);
    expect(allText(h.chat.seen.filter((s) => s.where !== 'ephemeral'))).not.toContain(token);
    expect(fieldOf(lastCard(h), 'Outside reviewers')).toBe('Ana (Acme)');
    // Only the hash is stored.
    const stored = await h.app.inside.publish.repo.ofChannel('console:local:local');
    expect(JSON.stringify(stored)).not.toContain(token);

    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    const outside = h.app.inside.publish.service.outside;
    const hash = await shownHash(h, token);
    expect(await outside.decide(hashReviewToken(token), { kind: 'approve', seenHash: hash }, EN)).toEqual({
      kind: 'approved',
      given: 2,
      of: 2,
    });
    expect(threadLines(h)).toContain(
      `✅ Approved by Ana (Acme), outside reviewer invited by ${mention('cy')} · 2 of 2`,
    );
    expect(h.posts()).toHaveLength(1);
    // The same POST again (a double click) answers the same and changes nothing.
    expect((await outside.decide(hashReviewToken(token), { kind: 'approve', seenHash: hash }, EN)).kind).toBe(
      'approved',
    );
    expect(h.posts()).toHaveLength(1);
    expect(threadLines(h).filter((l) => l.startsWith('✅ Approved by Ana'))).toHaveLength(1);
    // The request is published: the link has ended.
    expect(await outside.view(hashReviewToken(token))).toBeUndefined();
  });

  it('only the requester or someone who may configure invites; a blank name is refused', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as('bea'));
    await submitForm(h, form, { name: 'Zed' }, as('bea'), false);
    expect(lastEphemeral(h)).toMatch(/Only the person who asked/);
    const again = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as('ana'));
    await submitForm(h, again, { name: '   ' }, as('ana'), false);
    expect(lastEphemeral(h)).toMatch(/Give the reviewer a name/);
  });

  it('with outside_review=required, members alone do not publish', async () => {
    await h.command('/setup outside_review=required');
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    expect(h.posts()).toEqual([]);
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/waiting for an outside reviewer/);
    const token = await invite(h, 'Ana (Acme)');
    await h.app.inside.publish.service.outside.decide(
      hashReviewToken(token),
      {
        kind: 'approve',
        seenHash: await shownHash(h, token),
      },
      EN,
    );
    expect(h.posts()).toHaveLength(1);
  });

  it('an edit voids an outside approval, and a decision on the version shown before counts nothing', async () => {
    await h.command('/setup approvals=2');
    await h.command(`/publish ${VIDEO} accounts=brand title="First"`);
    const token = await invite(h, 'Ana (Acme)', 'cy', true);
    const outside = h.app.inside.publish.service.outside;
    const first = await shownHash(h, token);
    await outside.decide(hashReviewToken(token), { kind: 'approve', seenHash: first }, EN);
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(1\/2\) — Ana \(Acme\), outside reviewer/);
    await submitForm(h, await click(h, button(lastCard(h), 'Edit') ?? '', as('ana')), { title: 'Second' }, as('ana'));
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(0\/2\)/);
    const stale = await outside.decide(hashReviewToken(token), { kind: 'approve', seenHash: first }, EN);
    expect(stale.kind).toBe('refused');
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    expect(h.posts()).toEqual([]);
  });

  it('changes asked at a time stamp land in the thread and on the card; revoking ends every link', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const ana = await invite(h, 'Ana (Acme)');
    const leo = await invite(h, 'Leo (Legal)');
    const outside = h.app.inside.publish.service.outside;
    const seenHash = await shownHash(h, ana);
    expect(
      await outside.decide(
        hashReviewToken(ana),
        {
          kind: 'changes',
          seenHash,
          reason: 'Logo too small',
          position: '0:12',
        },
        EN,
      ),
    ).toEqual({ kind: 'changes' });
    // Said once the link's burst has settled (a durable task a few seconds later), the comment as a quote.
    h.clock.advance(CHANGES_HOLD_MS);
    await h.chat.waitFor((seen) => seen.some((s) => s.message.text.startsWith('✏️ Changes requested by Ana')));
    const said = h.chat.seen.find((s) => s.message.text.startsWith('✏️ Changes requested by Ana'))?.message;
    expect(said).toEqual({ text: '✏️ Changes requested by Ana (Acme) at 0:12:', quote: 'Logo too small' });
    expect(fieldOf(lastCard(h), 'Changes requested')).toMatch(/Ana \(Acme\), outside reviewer at 0:12: Logo too small/);

    await click(h, button(lastCard(h), 'Revoke reviewer links') ?? '', as('bea'));
    expect(lastEphemeral(h)).toMatch(/Only the person who asked/);
    await click(h, button(lastCard(h), 'Revoke reviewer links') ?? '', as('ana'));
    expect(lastEphemeral(h)).toBe('Revoked 2 review links.');
    expect(await outside.view(hashReviewToken(ana))).toBeUndefined();
    expect(await outside.view(hashReviewToken(leo))).toBeUndefined();
    expect((await outside.decide(hashReviewToken(leo), { kind: 'approve', seenHash }, EN)).kind).toBe('gone');
    expect(labels(lastCard(h))).not.toContain('Revoke reviewer links');
  });

  it('a request made from a finished reel shows the reel’s still as the page’s poster', async () => {
    await h.command('/clip https://youtu.be/dQw4w9WgXcQ reels=1');
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /ready/.test(s.message.text)));
    const result = h.chat.seen.find((s) => s.where === 'thread' && /ready/.test(s.message.text));
    const publish = result?.message.cards?.[0]?.controls?.find((c) => c.kind === 'action' && c.label === 'Publish…');
    const opened = await click(h, publish?.kind === 'action' ? publish.id : '', as('ana'));
    await submitForm(h, opened, { accounts: 'brand' }, as('ana'));
    const token = await invite(h, 'Ana (Acme)');
    const view = await h.app.inside.publish.service.outside.view(hashReviewToken(token));
    expect(view?.request.content.thumbnailUrl).toBe(result?.message.cards?.[0]?.imageUrl);
    expect(view?.request.content.thumbnailUrl).toMatch(/^https?:\/\//);
    // Editing keeps it.
    await submitForm(h, await click(h, button(lastCard(h), 'Edit') ?? '', as('ana')), { title: 'New' }, as('ana'));
    const edited = await h.app.inside.publish.service.outside.view(hashReviewToken(token));
    expect(edited?.request.content.title).toBe('New');
    expect(edited?.request.content.thumbnailUrl).toBe(view?.request.content.thumbnailUrl);
  });

  it('/setup and /help show outside_review; a wrong value is refused with what to write', async () => {
    await h.command('/setup outside_review=sometimes');
    expect(lastEphemeral(h)).toMatch(/outside_review.*Valid: required, optional/);
    await h.command('/setup outside_review=required');
    expect(lastEphemeral(h)).toMatch(/outside review required/);
    await h.command('/setup');
    expect(allText(h.chat.seen.slice(-1))).toMatch(/outside review required/);
    await h.command('/help setup');
    expect(allText(h.chat.seen.slice(-1))).toMatch(/outside_review.*required.*optional/);
  });

  it('asks for the reviewer’s name, and optionally the language their page opens in', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as('ana'));
    const inputs = form.kind === 'modal' ? form.modal.inputs : [];
    expect(inputs.map((i) => [i.label, i.required])).toEqual([
      ["Reviewer's name", true],
      ["Reviewer's language (optional)", false],
    ]);
    expect(inputs[1]?.choices?.options.map((o) => o.value)).toEqual(['en', 'de', 'es', 'fr', 'pt-BR', 'ja']);
    await submitForm(h, form, { name: 'Ana', lang: 'klingon' }, as('ana'));
    expect(lastEphemeral(h)).toMatch(/The reviewer's language is one of en, de, es, fr, pt-BR, ja/);
  });

  it('a link ended by expiry stays ended when the requester asks again', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const token = await invite(h, 'Ana (Acme)');
    h.clock.advance(73 * 3600_000);
    expect(await h.app.inside.publish.service.outside.view(hashReviewToken(token))).toBeUndefined();
    await submitForm(h, await click(h, button(lastCard(h), 'Edit') ?? '', as('ana')), { title: 'Again' }, as('ana'));
    expect(lastEphemeral(h)).toMatch(/Asked again/);
    expect(await h.app.inside.publish.service.outside.view(hashReviewToken(token))).toBeUndefined();
    expect(labels(lastCard(h))).toContain('Invite reviewer');
    expect(labels(lastCard(h))).not.toContain('Revoke reviewer links');
  });

  it('inviting the same reviewer again replaces their link', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`);
    const first = await invite(h, 'Ana (Acme)');
    const second = await invite(h, 'ana  (acme)');
    expect(await h.app.inside.publish.service.outside.view(hashReviewToken(first))).toBeUndefined();
    expect(await h.app.inside.publish.service.outside.view(hashReviewToken(second))).toBeDefined();
    expect(fieldOf(lastCard(h), 'Outside reviewers')).toBe('ana (acme)');
  });
});
