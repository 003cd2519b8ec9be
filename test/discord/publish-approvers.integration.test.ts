// approvers= may name Discord roles: the real discord.js adapter passes the member's role ids from the
// interaction, and only holders of a named role may approve. Who holds a role at all comes from the
// guild's member list (List Guild Members on the double), so a role nobody else holds is said at once.
import { afterEach, describe, expect, it } from 'vitest';
import { type DiscordSurface, startDiscordSurface } from '../contract/discord-surface.ts';
import { addAccount, requestCard, VIDEO } from '../contract/publishing.ts';
import { eventually, type Person, sandboxPosts } from '../contract/surface.ts';

const EDITORS = '555000111';
const OTHERS = '999000111';

let s: DiscordSurface | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function saidTo(surface: DiscordSurface, who: Person, pattern: RegExp): Promise<void> {
  await eventually(async () => (await surface.privateTo(who)).some((m) => pattern.test(m.text)), `${pattern}`);
}

describe('approvers by Discord role', () => {
  it('refuses a member without the role, privately, and posts once one with it approves', async () => {
    s = await startDiscordSurface({ roles: { admin: [EDITORS] } });
    // Someone else holds the other role, so a request can wait for them.
    s.discord.setMember({ userId: '777000111', userName: 'riley', roles: [OTHERS] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-roles');
    const surface = s;

    await s.command(`/setup approvers=<@&${OTHERS}>`, 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="By role"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await saidTo(s, 'admin', /not one of the approvers/);
    expect(await sandboxPosts(s)).toEqual([]);

    await s.command(`/setup approvers=<@&${EDITORS}>`, 'admin');
    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await sandboxPosts(surface)).length === 1, 'the post');
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['By role']);
  });

  it('counts an outside reviewer’s approval for the inviter only when the inviter holds the role (their click’s roles)', async () => {
    s = await startDiscordSurface({ roles: { admin: [EDITORS] } });
    s.discord.setMember({ userId: '777000111', userName: 'riley', roles: [EDITORS] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-link-role');
    await s.command(`/setup approvers=<@&${EDITORS}>`, 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Through a link"`, 'member');
    const card = await requestCard(s);
    const surface = s;
    const linkOf = async (who: Person) => {
      await surface.click(card, 'Invite reviewer', who);
      await surface.submitForm({ name: `Reviewer of ${who}` }, who);
      return eventually(async () => {
        for (const m of (await surface.privateTo(who)).reverse()) {
          const found = /https?:\/\/[^\s<>|)]+\/review\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0];
          if (found) return found;
        }
        return undefined;
      }, `the link of ${who}`);
    };
    const approveOn = async (link: string) => {
      const page = await (await fetch(link)).text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
      const body = new URLSearchParams({
        form_token: field('form_token'),
        version: field('version'),
        decision: 'approve',
      });
      const res = await fetch(link, {
        method: 'POST',
        body: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
    };
    // The requester holds no approver role: their reviewer's approval counts for nobody.
    await approveOn(await linkOf('member'));
    await eventually(
      async () => (await surface.thread(card)).some((m) => /Reviewer of member.*not counted/.test(m.text)),
      'the uncounted approval in the thread',
    );
    expect(await sandboxPosts(s)).toEqual([]);
    // The admin holds the role (sent with their click): their reviewer's approval stands for them.
    await approveOn(await linkOf('admin'));
    await eventually(async () => (await sandboxPosts(surface)).length === 1, 'the post');
  });

  it('pings the approvers’ role in a reminder, and no one else', async () => {
    s = await startDiscordSurface({ roles: { admin: [EDITORS] } });
    await addAccount(s, 'brand', 'youtube', 'contract-key-remind-role');
    await s.command(`/setup approvers=<@&${EDITORS}> remind=1m`, 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Ping the role"`, 'member');
    const card = await requestCard(s);
    s.passTime(61_000);
    const surface = s;
    const reminder = await eventually(
      async () => (await surface.thread(card)).find((m) => /Reminder/.test(m.text)),
      'the reminder',
    );
    expect(reminder.notifies).toEqual([`role:${EDITORS}`]);
  });

  it('says at once that no approver can act when only the requester holds the role', async () => {
    s = await startDiscordSurface({ roles: { member: [EDITORS] } });
    await addAccount(s, 'brand', 'youtube', 'contract-key-alone');
    await s.command(`/setup approvers=<@&${EDITORS}>`, 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Alone"`, 'member');
    await saidTo(s, 'member', /No approver can act on this request.*only 0 of its approvers.*<@&555000111>/);
    expect(await s.threads()).toEqual([]);

    expect(await sandboxPosts(s)).toEqual([]);
  });

  it('stays silent, never guessing, when the app lacks the Server Members intent', async () => {
    s = await startDiscordSurface({ roles: { member: [EDITORS] } });
    s.discord.setMembersIntent(false);
    await addAccount(s, 'brand', 'youtube', 'contract-key-intent');
    await s.command(`/setup approvers=<@&${EDITORS}>`, 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Unknown holders"`, 'member');
    const card = await requestCard(s);
    expect((await s.card(card)).text).toMatch(/0\/1/);
    expect((await s.privateTo('member')).some((m) => /No approver can act/.test(m.text))).toBe(false);
  });
});
