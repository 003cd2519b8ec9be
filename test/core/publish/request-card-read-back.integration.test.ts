import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../support/harness.ts';
import { addAccount, as, button, click, lastCard } from './support.ts';

// Two approvers click at once (two replicas in production): the first one's redraw of the waiting card
// is slow to land, the second one's click publishes meanwhile. The card must still end showing the outcome.

const VIDEO = 'https://cdn.example.com/reel-4.mp4';

describe('a request card redrawn from an older record after the outcome', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('is drawn again until it shows what is stored', async () => {
    h = await startHarness();
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title="Both at once"`);
    const approve = button(lastCard(h), 'Approve') ?? '';

    const chat = h.chat;
    const updateCard = chat.updateCard;
    let held = false;
    chat.updateCard = async (thread, message, kind) => {
      if (!held && /waiting for approval/.test(message.text)) {
        held = true;
        await chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Published/.test(s.message.text)));
      }
      return updateCard(thread, message, kind);
    };
    await Promise.all([click(h, approve, as('bea')), click(h, approve, as('cy'))]);

    expect(h.app.sandbox?.posts().map((p) => p.title)).toEqual(['Both at once']);
    const redraws = chat.seen.filter((s) => s.where === 'card-update').map((s) => [...s.message.text][0]);
    expect(redraws.slice(-2)).toEqual(['📝', '✅']);
    expect(lastCard(h).text).toMatch(/Published/);
  });
});
