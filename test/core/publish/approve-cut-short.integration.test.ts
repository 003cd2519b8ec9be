import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../support/harness.ts';
import { addAccount, as, button, click, lastCard, lastEphemeral } from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-3.mp4';

describe('an approval whose next step was cut short', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('is carried forward when the approver clicks Approve again', async () => {
    h = await startHarness();
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title="Cut short"`);
    const approve = button(lastCard(h), 'Approve') ?? '';

    // The approval is stored, then the platform fails the card's redraw (as a store or a chat can fail in a
    // failover), so publishing never starts: the request waits with its quorum met.
    const updateCard = h.chat.updateCard;
    h.chat.updateCard = async () => {
      h.chat.updateCard = updateCard;
      throw new Error('the platform did not answer');
    };
    // The click fails (its error boundary tells bea something went wrong).
    await expect(click(h, approve, as('bea'))).rejects.toThrow(/did not answer/);
    expect(h.posts()).toEqual([]);

    await click(h, approve, as('bea'));
    expect(lastEphemeral(h)).not.toMatch(/already approved/);
    expect(h.posts().map((p) => p.title)).toEqual(['Cut short']);
    expect(lastCard(h).text).toMatch(/Published/);
  });

  it('still counts once: a second click on a request short of its quorum changes nothing', async () => {
    h = await startHarness();
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command('/setup approvals=2');
    await h.command(`/publish ${VIDEO} accounts=brand title="Two needed"`);
    const approve = button(lastCard(h), 'Approve') ?? '';
    await click(h, approve, as('bea'));
    await click(h, approve, as('bea'));
    expect(lastEphemeral(h)).toMatch(/already approved this request; it counts once/);
    expect(h.posts()).toEqual([]);
  });
});
