// The app's Home tab on the real Bolt adapter: opening it (app_home_opened) publishes the person's page
// (views.publish) with what waits for their approval, their own requests and what is scheduled; an
// Approve clicked there is the card's approval, and the page is drawn again with the answer on top.
import { afterEach, describe, expect, it } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../contract/publishing.ts';
import { type SlackSurface, startSlackSurface } from '../contract/slack-surface.ts';
import { eventually, quietFor, sandboxPosts } from '../contract/surface.ts';

let s: SlackSurface | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const APPROVE = 'Approve “Launch day”';

describe('the Slack Home tab', () => {
  it('lists what waits for an approver, and an Approve there publishes once and redraws the page', async () => {
    s = await startSlackSurface();
    const surface = s;
    await addAccount(s, 'brand', 'youtube', 'contract-key-home');
    await s.command(`/publish ${VIDEO} accounts=brand title="Launch day"`, 'member');
    const card = await requestCard(s);
    await s.command(`/publish ${VIDEO} accounts=brand title="Later post" schedule="in 2 days"`, 'member');
    await eventually(async () => (await surface.threads()).length === 2, 'the second request card');

    await s.openHome('admin');
    const home = await eventually(async () => surface.home('admin'), 'the Home view published');
    expect(home.text).toMatch(/Waiting for your approval\W+\(2\)/);
    expect(home.text).toMatch(/Launch day[\s\S]*Later post/);
    expect(home.text).toMatch(/Scheduled in the next 7 days \(1\)[\s\S]*Later post/);
    expect(home.buttons).toEqual(expect.arrayContaining([APPROVE, 'Approve “Later post”', 'Open card']));
    expect(home.links).toContain(`https://double.slack.test/archives/C0GENERAL/p${card.replace('.', '')}`);
    expect(s.web.callsOf('views.publish').at(-1)?.args.view).toMatchObject({ type: 'home' });

    await s.clickHome(APPROVE, 'admin');
    await eventually(async () => /Published/.test((await surface.card(card)).text), 'the card redrawn as Published');
    const after = await eventually(
      async () => (/Approved\./.test(surface.home('admin')?.text ?? '') ? surface.home('admin') : undefined),
      'the Home view redrawn with the answer on top',
    );
    expect(after.text).toMatch(/Waiting for your approval\W+\(1\)/);
    expect(after.buttons).not.toContain(APPROVE);
    await quietFor(300);
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Launch day']);

    // The requester's own page: nothing to approve, their open request with its state, no running job.
    await s.openHome('member');
    const mine = await eventually(async () => surface.home('member'), 'the requester’s Home');
    expect(mine.text).toMatch(/Waiting for your approval\W+\(0\)/);
    expect(mine.text).toMatch(/Your open requests \(1\)[\s\S]*Later post/);
    expect(mine.text).toMatch(/Your running jobs \(0\)/);
  });

  it('leaves out a private channel the person is not in', async () => {
    s = await startSlackSurface();
    const surface = s;
    s.web.setPrivateChannel({ id: 'C0GENERAL', members: ['U0MEMBER', 'U0LISTED'] });
    await addAccount(s, 'brand', 'youtube', 'contract-key-private');
    await s.command(`/publish ${VIDEO} accounts=brand title="Private launch"`, 'member');
    await requestCard(s);

    await s.openHome('admin');
    const home = await eventually(async () => surface.home('admin'), 'the Home view published');
    expect(home.text).toMatch(/Waiting for your approval\W+\(0\)/);
    expect(home.text).not.toContain('Private launch');
  });

  it('lists nothing, and says why, when Slack cannot say which channels the person sees', async () => {
    s = await startSlackSurface();
    const surface = s;
    await addAccount(s, 'brand', 'youtube', 'contract-key-scope');
    await s.command(`/publish ${VIDEO} accounts=brand title="Unchecked"`, 'member');
    await requestCard(s);
    s.web.failMethod('users.conversations', 'missing_scope');

    await s.openHome('admin');
    const home = await eventually(async () => surface.home('admin'), 'the Home view published');
    expect(home.text).toMatch(/did not say which channels you can see, so none is listed/);
    expect(home.text).toMatch(/channels:read, groups:read/);
    expect(home.text).not.toContain('Unchecked');
  });

  it('refuses an Approve on a page drawn before the request was edited, and says so on the page', async () => {
    s = await startSlackSurface();
    const surface = s;
    await addAccount(s, 'brand', 'youtube', 'contract-key-stale-home');
    await s.command(`/publish ${VIDEO} accounts=brand title="Launch day"`, 'member');
    const card = await requestCard(s);
    await s.openHome('admin');
    await eventually(async () => surface.home('admin')?.buttons.includes(APPROVE), 'the Home view with Approve');

    await s.click(card, 'Edit', 'member');
    await s.submitForm({ description: 'A new caption' }, 'member');
    await eventually(
      async () => (await surface.privateTo('member')).some((m) => /Saved/.test(m.text)),
      'the edit saved',
    );
    await s.clickHome(APPROVE, 'admin');
    const after = await eventually(
      async () => (/nothing was approved/.test(surface.home('admin')?.text ?? '') ? surface.home('admin') : undefined),
      'the refusal on top of the page',
    );
    // Drawn again, the page binds its Approve to what the request says now.
    expect(after.buttons).toContain(APPROVE);
    expect((await s.card(card)).text).toMatch(/0\/1/);
    expect(await sandboxPosts(s)).toEqual([]);
  });
});
