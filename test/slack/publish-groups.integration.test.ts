// approvers= may name Slack user groups, as a mention or a typed @handle: the real Bolt adapter reads who
// is in them with usergroups.users.list (the Web API double answers), and a lookup that fails refuses the
// approval privately instead of guessing.
import { afterEach, describe, expect, it } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../contract/publishing.ts';
import { type SlackSurface, startSlackSurface } from '../contract/slack-surface.ts';
import { eventually, type Person, quietFor, sandboxPosts } from '../contract/surface.ts';

let s: SlackSurface | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function saidTo(surface: SlackSurface, who: Person, pattern: RegExp): Promise<void> {
  await eventually(async () => (await surface.privateTo(who)).some((m) => pattern.test(m.text)), `${pattern}`);
}

describe('approvers by Slack user group', () => {
  it('lets a group member approve, and says at once when the group has nobody but the requester', async () => {
    s = await startSlackSurface({ usergroups: [{ id: 'S0EDITORS', handle: 'editors', users: ['U0ADMIN'] }] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-groups');
    await s.command('/setup approvers=<!subteam^S0EDITORS|@editors>', 'admin');
    await saidTo(s, 'admin', /Saved the approval policy[\s\S]*approvers: <!subteam\^S0EDITORS>/);

    // The only editor asks: nobody else could approve, so no card waits forever.
    await s.command(`/publish ${VIDEO} accounts=brand title="Own group"`, 'admin');
    await saidTo(s, 'admin', /No approver can act on this request.*only 0 of its approvers/);
    expect(await s.threads()).toEqual([]);

    await s.command(`/publish ${VIDEO} accounts=brand title="By group"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'member');
    await saidTo(s, 'member', /cannot approve your own request/);
    await s.click(card, 'Approve', 'admin');
    const surface = s;
    await eventually(async () => (await sandboxPosts(surface)).length === 1, 'the post');
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['By group']);
    expect(s.web.callsOf('usergroups.users.list').map((c) => c.args.usergroup)).toContain('S0EDITORS');
  });

  it('resolves a typed @handle to its group and refuses someone outside it, privately', async () => {
    s = await startSlackSurface({ usergroups: [{ id: 'S0REVIEW', handle: 'reviewers', users: ['U0OWNER'] }] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-handle');
    await s.command('/setup approvers=@reviewers', 'admin');
    await saidTo(s, 'admin', /approvers: <!subteam\^S0REVIEW>/);

    await s.command(`/publish ${VIDEO} accounts=brand title="Reviewed"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await saidTo(s, 'admin', /not one of the approvers/);
    await quietFor(200);
    expect(await sandboxPosts(s)).toEqual([]);
    expect((await s.everyone()).some((m) => /not one of the approvers/.test(m.text))).toBe(false);
  });

  it('matches a person picked after @ (Slack sends their id) and refuses a typed name that is nobody', async () => {
    s = await startSlackSurface({ usergroups: [] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-person');
    // With /setup escaped (the manifest), a person picked from the @ menu arrives as <@U…|name>.
    await s.command('/setup approvers=<@U0ADMIN|admin>', 'admin');
    await saidTo(s, 'admin', /Saved the approval policy[\s\S]*approvers: <@U0ADMIN>/);
    await s.command('/setup approvers=@nobody', 'admin');
    await saidTo(s, 'admin', /No user group is called @nobody.*picked from the @ menu.*not saved/);

    await s.command(`/publish ${VIDEO} accounts=brand title="By a person"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    const surface = s;
    await eventually(async () => (await sandboxPosts(surface)).length === 1, 'the post');
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['By a person']);
  });

  it('refuses the approval with a reason when Slack cannot list the group, and posts nothing', async () => {
    s = await startSlackSurface({ usergroups: [{ id: 'S0EDITORS', handle: 'editors', users: ['U0ADMIN'] }] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-scope');
    await s.command('/setup approvers=<!subteam^S0EDITORS|@editors>', 'admin');
    // As if the app was installed before it asked for usergroups:read.
    s.web.failMethod('usergroups.users.list', 'missing_scope');
    await s.command(`/publish ${VIDEO} accounts=brand title="Unchecked"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Approve', 'admin');
    await saidTo(s, 'admin', /could not check whether you are in <!subteam\^S0EDITORS>.*usergroups:read/);
    await quietFor(200);
    expect(await sandboxPosts(s)).toEqual([]);
    expect((await s.card(card)).text).toMatch(/0\/1/);

    // A typed @handle that cannot be checked is not saved as a person who matches no one.
    s.web.failMethod('usergroups.list', 'missing_scope');
    await s.command('/setup approvers=@editors', 'admin');
    await saidTo(s, 'admin', /could not check whether @editors is a user group.*not saved/);

    // Once Slack answers again, the same click approves.
    s.web.failMethod('usergroups.users.list', undefined);
    await s.click(card, 'Approve', 'admin');
    const surface = s;
    await eventually(async () => (await sandboxPosts(surface)).length === 1, 'the post');
  });
});
