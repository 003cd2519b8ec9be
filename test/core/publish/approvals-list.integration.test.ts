import { afterEach, describe, expect, it } from 'vitest';
import type { OutMessage } from '../../../src/core/platform/message.ts';
import type { ChatPort, Origin } from '../../../src/core/ports.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { as, button, click, fieldOf, labels, lastCard, lastEphemeral, submitForm } from './support.ts';

// /approvals: what waits for a person's approval across the channels of their workspace that they can
// see, oldest first, and their own open requests; Approve from the list is the card's approval, bound to
// the content the list showed.

const VIDEO = 'https://cdn.example.com/reel-w.mp4';
const in_ = (channelId: string, who = 'ana'): { origin: Partial<Origin> } => ({ origin: { ...as(who), channelId } });

async function addAccountIn(h: TestBot, channelId: string) {
  const prepared = await h.command('/setup socials add brand platform=youtube', in_(channelId));
  await submitForm(h, prepared, { access_key: 'brand-w-access-key-0123456789' }, { channelId });
}

/** The newest private answer that is an /approvals list (each test reads it right after asking). */
function lastList(h: TestBot): OutMessage {
  const found = h.chat
    .ephemerals()
    .map((e) => e.message)
    .filter((m) => m.text.includes('Waiting for your approval'))
    .at(-1);
  if (!found) throw new Error('no /approvals answer');
  return found;
}

const titles = (m: OutMessage) => (m.cards ?? []).filter((c) => !c.title?.startsWith('Your open')).map((c) => c.title);
const approveIds = (m: OutMessage) =>
  (m.cards ?? []).flatMap((c) => c.controls ?? []).flatMap((c) => (c.kind === 'action' ? [c.id] : []));

describe('/approvals', () => {
  let h: TestBot;
  afterEach(() => h.close());

  it('lists the requests of every channel of the workspace, oldest first, and none of another workspace', async () => {
    h = await startTestBot();
    for (const c of ['local', 'launches']) await addAccountIn(h, c);
    await h.command(`/publish ${VIDEO} accounts=brand title=First`, in_('local'));
    await h.command(`/publish ${VIDEO} accounts=brand title=Second`, in_('launches'));
    await h.command(`/publish ${VIDEO} accounts=brand title=Elsewhere`, {
      origin: { ...as('ana'), workspaceId: 'other-team', channelId: 'x' },
    });

    await h.command('/approvals', in_('local', 'bea'));
    const list = lastList(h);
    expect(list.text).toMatch(/Waiting for your approval\*\* \(2\)/);
    expect(titles(list)).toEqual(['First', 'Second']);
    // Each row says who asked, since when and until when, and how far the approval is.
    expect(list.cards?.[0]?.body).toMatch(/Requested by .*\nWaiting since .*expires /);
    expect(list.cards?.[0]?.body).toMatch(/needs 1 approval \(0\/1\)/);
    expect(labels(list)).toEqual(expect.arrayContaining(['Approve “First”', 'Approve “Second”']));

    // The requester sees their own requests below, with their state, and nothing to approve.
    await h.command('/approvals', in_('local', 'ana'));
    const mine = lastList(h);
    expect(mine.text).toMatch(/\(0\)\n.*Nothing is waiting for your approval/);
    const own = mine.cards?.find((c) => c.title?.startsWith('Your open requests'));
    expect(own?.title).toBe('Your open requests (2)');
    expect(own?.body).toMatch(/First.*waiting for approval[\s\S]*Second/);
  });

  it('leaves out what the person may not approve: not an approver there, or already approved by them', async () => {
    h = await startTestBot();
    for (const c of ['local', 'launches']) await addAccountIn(h, c);
    await h.command('/setup approvers=<@dee>,<@cy> approvals=2', in_('launches'));
    await h.command('/setup approvals=2', in_('local'));
    await h.command(`/publish ${VIDEO} accounts=brand title=Open`, in_('local'));
    await h.command(`/publish ${VIDEO} accounts=brand title=Named`, in_('launches'));
    await click(h, button(lastCard(h), 'Approve') ?? '', { ...as('dee'), channelId: 'launches' });

    await h.command('/approvals', in_('local', 'bea'));
    expect(titles(lastList(h))).toEqual(['Open']);
    await h.command('/approvals', in_('local', 'dee'));
    expect(titles(lastList(h))).toEqual(['Open']);
    await h.command('/approvals', in_('local', 'cy'));
    expect(titles(lastList(h))).toEqual(['Open', 'Named']);
  });

  it('refuses an Approve from a list drawn before the request was edited, and counts nothing', async () => {
    h = await startTestBot();
    await addAccountIn(h, 'local');
    await h.command(`/publish ${VIDEO} accounts=brand title=Before`, in_('local'));
    await h.command('/approvals', in_('local', 'bea'));
    const [stale] = approveIds(lastList(h));

    await submitForm(h, await click(h, button(lastCard(h), 'Edit') ?? '', as('ana')), { title: 'After' }, as('ana'));
    await click(h, stale ?? '', as('bea'));
    expect(lastEphemeral(h)).toMatch(/edited after the list you clicked in was drawn, so nothing was approved/);
    expect(fieldOf(lastCard(h), 'Approval')).toMatch(/\(0\/1\)/);
    expect(h.posts()).toEqual([]);

    // A list drawn now binds to the new content, and its Approve is the card's approval.
    await h.command('/approvals', in_('local', 'bea'));
    const [fresh] = approveIds(lastList(h));
    await click(h, fresh ?? '', as('bea'));
    expect(lastEphemeral(h)).toBe('Approved.');
    await h.chat.waitFor(() => /Published/.test(lastCard(h).text));
    expect(h.posts().map((p) => p.title)).toEqual(['After']);
  });

  it('lists only the channel asked from when the platform cannot say which others the person sees', async () => {
    h = await startTestBot();
    let failing = false;
    // The recording chat is the bot's port: it now answers who sees what, like Discord and Slack do.
    const visibleTo: ChatPort['visibleTo'] = async (_ws, _user, channels) => {
      if (failing) throw new Error('platform down');
      return new Set(channels.filter((c) => c !== 'secret'));
    };
    Object.assign(h.chat, { visibleTo });
    for (const c of ['local', 'launches', 'secret']) await addAccountIn(h, c);
    for (const c of ['local', 'launches', 'secret'])
      await h.command(`/publish ${VIDEO} accounts=brand title=In-${c}`, in_(c));

    await h.command('/approvals', in_('local', 'bea'));
    expect(titles(lastList(h))).toEqual(['In-local', 'In-launches']);

    failing = true;
    await h.command('/approvals', in_('launches', 'bea'));
    const list = lastList(h);
    expect(titles(list)).toEqual(['In-launches']);
    expect(list.text).toMatch(/did not say which channels you can see, so only the one you asked from is listed/);
  });
});
