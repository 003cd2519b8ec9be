import { afterEach, describe, expect, it } from 'vitest';
import { stillDueNow } from '../../../src/core/platform/chat-port.ts';
import { type Harness, startHarness } from '../../support/harness.ts';
import { addAccount, as, button, click, lastCard } from './support.ts';

// Two approvers click at once (two replicas in production): the first one's redraw of the waiting card
// is slow to land, the second one's click publishes meanwhile. The card must end showing the outcome, and
// never step back to an earlier state on the way (issue 43: "Publishing…" after "Published").

const VIDEO = 'https://cdn.example.com/reel-4.mp4';

describe('a request card redrawn from an older record after the outcome', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('is not drawn from the older record once the outcome is stored, and ends showing it', async () => {
    h = await startHarness();
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title="Both at once"`);
    const approve = button(lastCard(h), 'Approve') ?? '';

    const chat = h.chat;
    const updateCard = chat.updateCard;
    let held = false;
    // As the Slack, Discord and console adapters do: when its turn comes, the edit asks whether it is still due.
    chat.updateCard = async (thread, message, kind, stillDue) => {
      if (!held && /waiting for approval/.test(message.text)) {
        held = true;
        await chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Published/.test(s.message.text)));
      }
      return (await stillDueNow(stillDue)) ? updateCard(thread, message, kind) : false;
    };
    await Promise.all([click(h, approve, as('bea')), click(h, approve, as('cy'))]);

    expect(h.posts().map((p) => p.title)).toEqual(['Both at once']);
    const redraws = chat.seen.filter((s) => s.where === 'card-update').map((s) => [...s.message.text][0]);
    expect(held).toBe(true);
    // Once it said Published, it said nothing else.
    expect(redraws).toContain('✅');
    expect(new Set(redraws.slice(redraws.indexOf('✅')))).toEqual(new Set(['✅']));
    expect(lastCard(h).text).toMatch(/Published/);
  });
});
