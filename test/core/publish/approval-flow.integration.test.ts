import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
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

describe('publishing with approval, on the console', () => {
  let h: TestBot;
  beforeEach(async () => {
    h = await startTestBot();
  });
  afterEach(() => h.close());

  it('explains that the channel has no accounts yet', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title=Hi`);
    expect(lastEphemeral(h)).toMatch(/no social accounts yet.*\/setup socials add/);
    expect(h.posts()).toEqual([]);
  });

  it('publishes once another member approves, and refuses self-approval', async () => {
    await addAccount(h, 'brand', 'x', KEY);
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch day" description="Our new reel"`);
    const card = lastCard(h);
    expect(fieldOf(card, 'Approval')).toBe('needs 1 approval (0/1)');
    expect(labels(card)).toEqual(expect.arrayContaining(['Approve', 'Request changes', 'Edit', 'Cancel']));

    await click(h, button(card, 'Approve') ?? '', as('ana'));
    expect(lastEphemeral(h)).toMatch(/cannot approve your own request/);
    expect(h.posts()).toEqual([]);

    await click(h, button(card, 'Approve') ?? '', as('bea'));
    const posts = h.posts();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      videoUrl: VIDEO,
      title: 'Launch day',
      description: 'Our new reel',
      apiAccessKeyCount: 1,
    });
    const done = lastCard(h);
    expect(done.text).toMatch(/Published/);
    expect(fieldOf(done, 'Posts')).toContain(`brand: \`${posts[0]?.ids[0]}\``);
    expect(fieldOf(done, 'Approved by')).toContain(mention('bea'));
    expect(labels(done)).not.toContain('Approve');

    await click(h, button(card, 'Approve') ?? '', as('cy'));
    expect(lastEphemeral(h)).toMatch(/already published/);
    expect(h.posts()).toHaveLength(1);
    // The access key is shown by name only: never in a message.
    expect(allText(h.chat.seen)).not.toContain(KEY);
  });

  it('waits for the quorum, and an edit voids the approvals given', async () => {
    await addAccount(h, 'brand', 'tiktok', KEY);
    await h.command('/setup approvals=2');
    await h.command(`/publish ${VIDEO} accounts=brand title=First`);
    const card = lastCard(h);
    await click(h, button(card, 'Approve') ?? '', as('bea'));
    await click(h, button(card, 'Approve') ?? '', as('bea'));
    expect(lastEphemeral(h)).toMatch(/counts once/);
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/^needs 2 approvals \(1\/2\)/);

    await submitForm(h, await click(h, button(card, 'Edit') ?? '', as('ana')), { title: 'Second' }, as('ana'), false);
    expect(fieldOf(lastCard(h), 'Approval')).toBe('needs 2 approvals (0/2)');
    expect(fieldOf(lastCard(h), 'Title')).toBe('Second');

    await click(h, button(card, 'Approve') ?? '', as('bea'));
    expect(h.posts()).toEqual([]);
    await click(h, button(card, 'Approve') ?? '', as('cy'));
    expect(h.posts().map((p) => p.title)).toEqual(['Second']);
  });

  it('posts once when two approvers click at once, and twice-clicked buttons change nothing', async () => {
    await addAccount(h, 'brand', 'youtube', KEY);
    await h.command(`/publish ${VIDEO} accounts=brand title=Race`);
    const approve = button(lastCard(h), 'Approve') ?? '';
    await Promise.all([
      click(h, approve, as('bea')),
      click(h, approve, as('cy')),
      click(h, approve, as('dan')),
      click(h, approve, as('bea')),
    ]);
    expect(h.posts()).toHaveLength(1);
    expect(lastCard(h).text).toMatch(/Published/);
  });

  it('refuses a schedule in the past or over a year ahead, and captions too long for x, with the count', async () => {
    await addAccount(h, 'brand', 'x', KEY);
    await h.command(`/publish ${VIDEO} accounts=brand schedule="2020-01-01 10:00"`);
    expect(lastEphemeral(h)).toMatch(/in the past/);
    await h.command(`/publish ${VIDEO} accounts=brand schedule="2099-01-01 10:00"`);
    expect(lastEphemeral(h)).toMatch(/more than a year ahead/);
    await h.command(
      `/publish ${VIDEO} accounts=brand description="${'a'.repeat(300)} https://example.com/${'b'.repeat(60)}"`,
    );
    expect(lastEphemeral(h)).toMatch(/description is 324\/280 characters for x/);
    expect(h.chat.seen.filter((s) => s.where === 'card')).toEqual([]);
  });

  it('counts a caption in characters as people see them: emoji and flags are one each, for tiktok', async () => {
    await addAccount(h, 'tok', 'tiktok', KEY);
    const emoji = '👍🏽🇫🇷👨‍👩‍👧'.repeat(20);
    await h.command(`/publish ${VIDEO} accounts=tok description="${'a'.repeat(2140)}${emoji}"`);
    expect(lastCard(h).text).toMatch(/waiting for approval/);
    await h.command(`/publish ${VIDEO} accounts=tok description="${'a'.repeat(2141)}${emoji}"`);
    expect(lastEphemeral(h)).toMatch(/description is 2201\/2200 characters for tiktok/);
  });

  it('opens the form from a finished reel, prefilled with its title, caption and the channel accounts', async () => {
    await addAccount(h, 'brand', 'instagram', KEY);
    await addAccount(h, 'team', 'tiktok', 'team-key-abcdefghijkl');
    await h.command('/clip https://youtu.be/dQw4w9WgXcQ reels=1');
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /ready/.test(s.message.text)));
    const result = h.chat.seen.find((s) => s.where === 'thread' && /ready/.test(s.message.text));
    const publish = result?.message.cards?.[0]?.controls?.find((c) => c.kind === 'action' && c.label === 'Publish…');
    expect(publish?.kind).toBe('action');
    const opened = await click(h, publish && publish.kind === 'action' ? publish.id : '', as('ana'));
    const shown = await submitForm(h, opened, { accounts: 'brand' }, as('ana'));
    expect(shown.title).toBe(result?.message.cards?.[0]?.title?.replace(/^Reel 1\/1: /, ''));
    expect(shown.description).toBeTruthy();
    expect(shown.accounts).toBe('brand,team');
    expect(shown.schedule).toBe('now');
    expect(fieldOf(lastCard(h), 'Accounts')).toBe('brand');
  });
});
