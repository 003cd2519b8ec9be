import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mention } from '../../../src/core/platform/message.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, fieldOf, labels, lastCard, lastEphemeral } from './support.ts';

// A refused approval says who may approve instead, and a channel that needs no approval never shows a
// request "waiting for approval" with an Approve button.

const VIDEO = 'https://cdn.example.com/reel-4.mp4';

describe('who may approve, as a refusal says it', () => {
  let h: TestBot;
  beforeEach(async () => {
    h = await startTestBot();
    await addAccount(h, 'brand', 'youtube', 'brand-w-access-key-0123456789');
  });
  afterEach(() => h.close());

  it('names the approvers to someone who is not one', async () => {
    await h.command('/setup approvers=<@bea>');
    await h.command(`/publish ${VIDEO} accounts=brand title=Named`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('cy'));
    expect(lastEphemeral(h)).toBe(
      `You are not one of the approvers of this channel. Who may approve: ${mention('bea')}.`,
    );
  });

  it('tells the requester who else may approve their own request', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title=Mine`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('ana'));
    expect(lastEphemeral(h)).toMatch(/cannot approve your own request.*Who may approve: anyone else in the channel\./);
  });

  it('with approvals=0, draws the request as on its way from the first moment, never as waiting', async () => {
    await h.command('/setup approvals=0');
    await h.command(`/publish ${VIDEO} accounts=brand title=Straight`);
    const first = h.chat.seen.find((s) => s.where === 'card')?.message;
    if (!first) throw new Error('no request card was posted');
    expect(first.text).not.toMatch(/waiting for approval/);
    expect(first.text).toMatch(/Publishing/);
    expect(fieldOf(first, 'Approval')).toBe('no approval needed');
    expect(labels(first)).not.toContain('Approve');
    await h.chat.waitFor(() => /Published/.test(lastCard(h).text));
    expect(h.posts().map((p) => p.title)).toEqual(['Straight']);
  });

  it('with approvals=0 and a time ahead, draws it as scheduled, with Cancel (and New version…) only', async () => {
    await h.command('/setup approvals=0');
    await h.command(`/publish ${VIDEO} accounts=brand title=Later schedule="in 2 hours"`);
    const first = h.chat.seen.find((s) => s.where === 'card')?.message;
    if (!first) throw new Error('no request card was posted');
    expect(first.text).toMatch(/scheduled/);
    // Nothing to approve; a held post may still get a new version, which sends it back to waiting (issue 42).
    expect(labels(first).filter((l) => l !== '▶ Video')).toEqual(['Cancel', 'New version…']);
  });
});
