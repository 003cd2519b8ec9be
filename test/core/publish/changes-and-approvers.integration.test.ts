import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, fieldOf, labels, lastCard, lastEphemeral, submitForm } from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-9.mp4';
const KEY = 'brand-z-access-key-0123456789';

/** Request changes as `who`: the button opens the reason form, submitted with `reason`. */
async function askChanges(h: TestBot, who: string, reason: string): Promise<void> {
  const form = await click(h, button(lastCard(h), 'Request changes') ?? '', as(who));
  await submitForm(h, form, { reason }, as(who), false);
}

describe('change requests and who can approve, on the console', () => {
  let h: TestBot;
  beforeEach(async () => {
    h = await startTestBot();
    await addAccount(h, 'brand', 'youtube', KEY);
  });
  afterEach(() => h.close());

  it('keeps an open change request on the card while others approve; asking takes back your own approval', async () => {
    await h.command('/setup approvals=2');
    await h.command(`/publish ${VIDEO} accounts=brand title=Draft`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('cy'));
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(1\/2\)/);

    // cy changes their mind: one person does not both approve and object.
    await askChanges(h, 'cy', 'Wrong thumbnail');
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(0\/2\)/);
    expect(lastCard(h).text).toContain(`changes requested: `);
    expect(lastCard(h).text).toContain(`${mention('cy')} asks: “Wrong thumbnail”`);

    await askChanges(h, 'bea', 'Title in French too');
    await click(h, button(lastCard(h), 'Approve') ?? '', as('dee'));
    expect(lastEphemeral(h)).toBe('Approved.');
    const listed = fieldOf(lastCard(h), 'Changes requested');
    expect(listed).toContain(`${mention('cy')}: Wrong thumbnail`);
    expect(listed).toContain(`${mention('bea')}: Title in French too`);
    expect(labels(lastCard(h))).toContain('Approve');

    // bea approving answers her own request; cy's stays open, and the quorum publishes anyway.
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    expect(h.posts().map((p) => p.title)).toEqual(['Draft']);
  });

  it('an edit answers the change requests; an unchanged save leaves them open', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title=Draft`);
    await askChanges(h, 'bea', 'Shorter');
    const edit = () => click(h, button(lastCard(h), 'Edit') ?? '', as('ana'));
    await submitForm(h, await edit(), {}, as('ana'), false);
    expect(fieldOf(lastCard(h), 'Changes requested')).toContain('Shorter');
    await submitForm(h, await edit(), { title: 'Short' }, as('ana'), false);
    expect(fieldOf(lastCard(h), 'Changes requested')).toBe('');
    expect(lastCard(h).text).not.toMatch(/changes requested/);
  });

  it('says at once when the only named approver is the requester (self_approve=no)', async () => {
    await h.command('/setup approvers=@ana');
    await h.command(`/publish ${VIDEO} accounts=brand title=Alone`);
    expect(lastEphemeral(h)).toMatch(/No approver can act on this request.*only 0 of its approvers.*own request/);
    expect(h.chat.seen.some((s) => s.where === 'card')).toBe(false);

    await h.command('/setup self_approve=yes');
    await h.command(`/publish ${VIDEO} accounts=brand title=Alone`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('ana'));
    expect(h.posts().map((p) => p.title)).toEqual(['Alone']);
  });
});
