// A publish request belongs to the workspace that made it: every button, form and list action on it, carried
// from another workspace (a signed click can carry any id), is answered exactly as an unknown id is, and
// changes nothing. Played on a whole bot (the console's), the other workspace given as the click's origin.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Origin } from '../../../src/core/ports.ts';
import { contentHash } from '../../../src/core/publish/requests/model.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, button, click, lastCard, lastEphemeral, submitForm } from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const UNKNOWN = 'That publish request no longer exists.';

let h: TestBot;

/** Someone of another workspace, on the same platform, with the same user id as the requester. */
const outsider = (userId = 'rex'): Partial<Origin> => ({ userId, userName: userId, workspaceId: 'elsewhere' });

/** What `act` answers for request `id`: the private line it ends with. */
type Act = (id: string, who: Partial<Origin>) => Promise<string>;

const byButton =
  (verb: string): Act =>
  async (id, who) => {
    await click(h, `pub:${verb}:${id}`, who, true);
    return lastEphemeral(h);
  };
const byForm =
  (verb: string, values: Record<string, string>): Act =>
  async (id, who) => {
    await submitForm(h, await click(h, `pub:${verb}:${id}`, who, true), values, who, true);
    return lastEphemeral(h);
  };

const ACTIONS: Record<string, Act> = {
  approve: byButton('approve'),
  cancel: byButton('cancel'),
  'post now': byButton('now'),
  'mark as posted': byButton('mark'),
  'try again': byButton('retry'),
  'revoke reviewer links': byButton('revoke'),
  'revoke one link': async (id, who) => {
    await click(h, `pub:revokeone:${id}:abcdefgh`, who, true);
    return lastEphemeral(h);
  },
  'request changes': byForm('changes', { reason: 'Make it pop' }),
  edit: byForm('edit', { title: 'Hijacked' }),
  'new time': byForm('when', { schedule: 'tomorrow 6pm' }),
  'invite reviewer': byForm('invite', { name: 'Mallory' }),
  'new version…': byButton('version'),
  'a new version from a link (its form)': async (id, who) => {
    await submitForm(
      h,
      await click(h, `pubver:link:${id}`, who, true),
      { url: 'https://evil.example/x.mp4' },
      who,
      true,
    );
    return lastEphemeral(h);
  },
  'a new version by a follow-up job (its form)': async (id, who) => {
    await submitForm(h, await click(h, `pubver:sub:${id}`, who, true), {}, who, true);
    return lastEphemeral(h);
  },
  'approve from /approvals or Home': async (id, who) => {
    const r = await h.app.inside.publish.repo.get(id);
    const hash = r ? contentHash(r.content) : 'AAAAAAAAAAAAAAAAAAAAAA';
    await click(h, `pubok:${id}:${hash}`, who, true);
    return lastEphemeral(h);
  },
};

describe('publish requests are bound to their workspace', () => {
  beforeEach(async () => {
    h = await startTestBot();
    await addAccount(h, 'brand', 'x', 'brand-x-access-key-0123456789');
  });
  afterEach(() => h.close());

  for (const [name, act] of Object.entries(ACTIONS)) {
    it(`${name} from another workspace is answered as an unknown id and changes nothing`, async () => {
      await h.command(`/publish ${VIDEO} accounts=brand title="Ours"`, {
        origin: { userId: 'rex', userName: 'rex' },
        canConfigure: false,
      });
      const id = /Request (\w+)/.exec(lastCard(h).cards?.[0]?.footer ?? '')?.[1] ?? '';
      const before = await h.app.inside.publish.repo.get(id);
      const threadBefore = h.chat.seen.filter((s) => s.where === 'thread').length;

      const unknown = await act('zzzzzzzzzz', outsider());
      expect(unknown).toBe(UNKNOWN);
      expect(await act(id, outsider())).toBe(unknown);

      expect(await h.app.inside.publish.repo.get(id)).toEqual(before);
      expect(h.chat.seen.filter((s) => s.where === 'thread')).toHaveLength(threadBefore);
      expect(JSON.stringify(h.chat.ephemerals())).not.toMatch(/\/review\/|Ours/);
    });
  }

  it('/approvals lists nothing of another workspace, even for its approvers', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Ours"`, {
      origin: { userId: 'rex', userName: 'rex' },
      canConfigure: false,
    });
    await h.command('/approvals', { origin: outsider('bea') });
    expect(JSON.stringify(h.chat.ephemerals().at(-1)?.message)).not.toContain('Ours');
    await h.command('/approvals', { origin: { userId: 'bea', userName: 'bea' } });
    expect(JSON.stringify(h.chat.ephemerals().at(-1)?.message)).toContain('Ours');
    expect(button(lastCard(h), 'Approve')).toBeDefined();
  });
});
