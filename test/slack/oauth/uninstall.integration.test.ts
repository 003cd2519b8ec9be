// Uninstalls in distribution mode: app_uninstalled and tokens_revoked remove the workspace's tokens at once, in
// either order, idempotently, and never a newer installation from a reinstall that arrived first. The
// workspace's running jobs stop (one log line each), its scheduled posts are cancelled and say so, and the
// other workspace goes on.
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../contract/surface.ts';
import { waitFor } from '../../doubles/slack/index.ts';
import { ACME, type DistributionBot, GLOBEX, startDistributionBot } from './distribution-harness.ts';

let d: DistributionBot | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const A = ACME.teamId;
const G = GLOBEX.teamId;
const UNINSTALLED = { type: 'app_uninstalled' };
const REVOKED = { type: 'tokens_revoked', tokens: { oauth: [], bot: [`U0BOT${A}`] } };

const stored = async (bot: DistributionBot, id: string) =>
  (await bot.app.inside.store.namespace('slack-installations').get<Record<string, unknown>>(id)) ?? undefined;

const health = async (bot: DistributionBot) =>
  ((await (await fetch(`${bot.base}/healthz`)).json()) as { slackInstallations?: unknown }).slackInstallations;

const clipAnswered = async (bot: DistributionBot, teamId: string) => {
  const before = bot.callsOf(teamId, 'chat.postMessage').filter((c) => c.args.thread_ts !== undefined).length;
  await bot.command(teamId, '/clip', `${VIDEO} reels=1`);
  await waitFor(
    () => bot.callsOf(teamId, 'chat.postMessage').filter((c) => c.args.thread_ts !== undefined).length > before,
    `a /clip result in ${teamId}`,
    15_000,
  );
};

describe('uninstalling reelbot from a workspace', () => {
  it('removes its tokens at once, stops its jobs, cancels its scheduled posts, and the other workspace goes on', async () => {
    d = await startDistributionBot({ bot: { sandbox: { jobMs: 1500 } } });
    const bot = d;
    await bot.install(ACME);
    await bot.install(GLOBEX);

    // A scheduled post in Acme: an account, a request for in two days, approved.
    await bot.command(A, '/setup', 'socials add brand platform=youtube', 'U0ADMIN');
    await waitFor(() => bot.callsOf(A, 'views.open').length > 0, 'the account form');
    await bot.submitForm(A, 'U0ADMIN', { access_key: 'acme-social-key' });
    await waitFor(() => bot.privateTo(A, 'U0ADMIN').some((m) => /saved|added/i.test(m)), 'the account saved');
    await bot.command(A, '/publish', `${VIDEO} accounts=brand title="Acme later" schedule="in 2 days"`, 'U0MEMBER');
    await waitFor(() => JSON.stringify(bot.callsOf(A, 'chat.postMessage')).includes('Approve'), 'the request card');
    await bot.click(A, 'U0ADMIN', 'Approve');
    await waitFor(
      () => bot.callsOf(A, 'chat.postMessage').some((c) => /will be posted/.test(String(c.args.text))),
      'the request scheduled',
    );
    // A running job in Acme.
    const cards = () => bot.callsOf(A, 'chat.postMessage').filter((c) => c.args.thread_ts === undefined).length;
    const before = cards();
    await bot.command(A, '/clip', `${VIDEO} reels=1`);
    await waitFor(() => cards() > before, 'Acme’s job card');

    const from = bot.logger.lines.length;
    bot.web.oauth?.revoke(A);
    expect((await bot.event(A, UNINSTALLED)).status).toBe(200);
    await eventually(async () => (await stored(bot, A))?.removedAt !== undefined, 'the installation removed');
    const record = await stored(bot, A);
    expect(record?.botToken).toBeUndefined();
    expect(record?.refreshToken).toBeUndefined();
    expect(await health(bot)).toEqual({ count: 1, needReinstall: 0 });

    const sinceUninstall = () => bot.logger.lines.slice(from);
    await waitFor(() => sinceUninstall().some((l) => /job stopped/.test(l.msg)), 'the job stopped', 10_000);
    expect(sinceUninstall().filter((l) => /job stopped/.test(l.msg))).toHaveLength(1);
    const requests: Array<{ state: string; error?: string }> = [];
    for await (const [, r] of bot.app.inside.store.namespace('publish').entries<{ state: string; error?: string }>())
      requests.push(r);
    expect(requests).toEqual([
      expect.objectContaining({ state: 'cancelled', error: 'reelbot was removed from this workspace' }),
    ]);

    // Globex is not touched; Acme's job finishing on the media API later posts nothing and logs no failure.
    await clipAnswered(bot, G);
    await new Promise((r) => setTimeout(r, 2000));
    expect(sinceUninstall().filter((l) => l.level === 'error')).toEqual([]);
    expect(bot.web.calls.filter((c) => c.response?.ok === false)).toEqual([]);
  });

  it.each([
    ['app_uninstalled, then tokens_revoked', [UNINSTALLED, REVOKED]],
    ['tokens_revoked, then app_uninstalled', [REVOKED, UNINSTALLED]],
  ])('takes %s as one uninstall', async (_, events) => {
    d = await startDistributionBot();
    const bot = d;
    await bot.install(ACME);
    for (const e of events) expect((await bot.event(A, e)).status).toBe(200);
    await waitFor(
      () => bot.logger.lines.filter((l) => l.msg === 'uninstall event').length === 2,
      'both events handled',
    );
    const outcomes = bot.logger.lines
      .filter((l) => l.msg === 'uninstall event')
      .map((l) => (l.obj as { outcome: string }).outcome);
    // Slack's events are acknowledged before they are handled, so the second may be handled first: one of the two
    // removes the installation, the other finds it removed.
    expect(outcomes.sort()).toEqual(['already removed', 'removed']);
    expect((await stored(bot, A))?.botToken).toBeUndefined();
    expect(await health(bot)).toEqual({ count: 0, needReinstall: 0 });
  });

  it('keeps the installation of a reinstall that arrived before the old installation’s uninstall events', async () => {
    d = await startDistributionBot();
    const bot = d;
    await bot.install(ACME);
    const uninstalledAt = Math.floor(Date.now() / 1000);
    await new Promise((r) => setTimeout(r, 1100));
    await bot.install(ACME);
    // The old installation's events, delivered late.
    await bot.event(A, REVOKED, uninstalledAt);
    await bot.event(A, UNINSTALLED, uninstalledAt);
    await waitFor(
      () => bot.logger.lines.filter((l) => l.msg === 'uninstall event').length === 2,
      'both events handled',
    );
    const outcomes = bot.logger.lines
      .filter((l) => l.msg === 'uninstall event')
      .map((l) => (l.obj as { outcome: string }).outcome);
    expect(outcomes).toEqual(['kept newer installation', 'kept newer installation']);
    expect(await health(bot)).toEqual({ count: 1, needReinstall: 0 });
    await clipAnswered(bot, A);
  });

  it('takes a reinstall after an uninstall, and serves the workspace again', async () => {
    d = await startDistributionBot();
    const bot = d;
    await bot.install(ACME);
    await bot.event(A, UNINSTALLED);
    await eventually(async () => (await stored(bot, A))?.removedAt !== undefined, 'the installation removed');
    await new Promise((r) => setTimeout(r, 5));
    expect((await bot.install(ACME)).status).toBe(200);
    expect(await health(bot)).toEqual({ count: 1, needReinstall: 0 });
    await clipAnswered(bot, A);
  });

  it('keeps the workspace’s channel records 30 days for a reinstall, then removes them, and only them', async () => {
    d = await startDistributionBot();
    const bot = d;
    await bot.install(ACME);
    await bot.install(GLOBEX);
    for (const team of [A, G]) {
      const forms = bot.callsOf(team, 'views.open').length;
      await bot.command(team, '/setup', 'socials add brand platform=youtube', 'U0ADMIN');
      await waitFor(() => bot.callsOf(team, 'views.open').length > forms, `the account form in ${team}`);
      await bot.submitForm(team, 'U0ADMIN', { access_key: `${team}-social-key` });
      await waitFor(() => bot.privateTo(team, 'U0ADMIN').some((m) => /saved|added/i.test(m)), `the account in ${team}`);
    }
    const socials = bot.app.inside.store.namespace('socials');
    const acmeKey = `slack:${A}:C0GENERAL`;
    const globexKey = `slack:${G}:C0GENERAL`;
    await bot.event(A, UNINSTALLED);
    await eventually(async () => (await stored(bot, A))?.removedAt !== undefined, 'the installation removed');

    bot.test.clock.advance(29 * 24 * 3600_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await socials.get(acmeKey)).toBeDefined();

    bot.test.clock.advance(2 * 24 * 3600_000);
    await eventually(async () => (await socials.get(acmeKey)) === undefined, 'Acme’s accounts removed');
    expect(await socials.get(globexKey)).toBeDefined();
    expect(await stored(bot, A)).toBeUndefined();
  });
});
