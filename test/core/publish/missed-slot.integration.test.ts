// A quorum reached after the post's time: asked, never posted late; New time is for the requester or
// someone who may configure, takes a time ahead only, and keeps the approvals it had.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mentionedUsers } from '../../../src/core/platform/message.ts';
import type { Clock } from '../../../src/core/ports.ts';
import { embeddedScheduler } from '../../../src/start-bot.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, fieldOf, labels, lastCard, lastEphemeral, submitForm } from './support.ts';

const HOUR = 3600_000;
const VIDEO = 'https://cdn.example.com/reel-8.mp4';

describe('a post whose approval came after its time', () => {
  const offset = { ms: 0 };
  const clock: Clock = { now: () => Date.now() + offset.ms };
  let h: TestBot;
  beforeEach(async () => {
    offset.ms = 0;
    h = await startTestBot({ infra: { clock, scheduler: embeddedScheduler(50) } });
    await addAccount(h, 'brand', 'youtube', 'brand-key-0123456789');
    await h.command('/setup remind=off');
    await h.command(`/publish ${VIDEO} accounts=brand title=Slot schedule="in 1 hour"`);
    offset.ms = HOUR + 60_000;
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
  });
  afterEach(() => h.close());

  it('is not posted; the thread asks the requester, with Post now, New time and Cancel', async () => {
    expect(h.posts()).toEqual([]);
    expect(labels(lastCard(h))).toEqual(expect.arrayContaining(['Post now', 'New time', 'Cancel']));
    const asked = h.chat.seen.filter((s) => s.where === 'thread' && /after this post's time/.test(s.message.text));
    expect(asked).toHaveLength(1);
    expect(labels(asked[0]?.message ?? { text: '' })).toEqual(['Post now', 'New time', 'Cancel']);
    expect(mentionedUsers(asked[0]?.message.text ?? '')).toEqual(['ana']);
  });

  it('New time: refused to other members and for now, then held again with its approvals', async () => {
    const form = await click(h, button(lastCard(h), 'New time') ?? '', as('cy'));
    await submitForm(h, form, { schedule: 'in 2 hours' }, as('cy'), false);
    expect(lastEphemeral(h)).toMatch(/Only the person who asked, or someone who may configure the bot/);
    // A form's UserError is shown privately by the dispatch (the contract suite sees it there).
    await expect(submitForm(h, form, { schedule: 'now' })).rejects.toThrow(/Give a time ahead.*use Post now/);
    expect(labels(lastCard(h))).toContain('New time');

    await submitForm(h, form, { schedule: 'in 2 hours' });
    expect(lastEphemeral(h)).toMatch(/^Moved: it will be posted /);
    const card = lastCard(h);
    expect(card.text).toMatch(/approved, scheduled/);
    expect(fieldOf(card, 'Approval')).toMatch(/\(1\/1\)/);
    expect(fieldOf(card, 'Moved by')).toMatch(/it was due/);

    offset.ms += 2 * HOUR + 1000;
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /Published to brand/.test(s.message.text)));
    expect(h.posts().map((p) => p.title)).toEqual(['Slot']);
  });
});
