// An org-wide (Enterprise Grid) install end to end: one installation, one token, serves every workspace of the
// organisation, and its records (requests, accounts, settings) are kept by workspace. When the organisation removes
// the app (app_uninstalled or tokens_revoked, naming the organisation), every one of its workspaces ends: nothing
// more is posted or published there, their scheduled requests are cancelled with the reason, and the 30-day
// removal covers each workspace's records.
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../contract/surface.ts';
import { waitFor } from '../../doubles/slack/index.ts';
import { type DistributionBot, INITECH, startDistributionBot } from './distribution-harness.ts';

let d: DistributionBot | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const ORG = INITECH.enterpriseId;
const [EAST = '', WEST = ''] = INITECH.teams;
const DAY = 24 * 3600_000;

const stored = async (bot: DistributionBot, id: string) =>
  (await bot.app.inside.store.namespace('slack-installations').get<Record<string, unknown>>(id)) ?? undefined;

const requests = async (bot: DistributionBot) => {
  const all: Array<{ state: string; error?: string; origin?: { workspaceId?: string } }> = [];
  for await (const [, r] of bot.app.inside.store.namespace('publish').entries<(typeof all)[number]>()) all.push(r);
  return all;
};

/** An account with a key, and a post of it scheduled in two days and approved, in `team`'s #general. */
async function schedulePost(bot: DistributionBot, team: string): Promise<void> {
  const forms = bot.callsOf(team, 'views.open').length;
  await bot.command(team, '/setup', 'socials add brand platform=youtube', 'U0ADMIN');
  await waitFor(() => bot.callsOf(team, 'views.open').length > forms, `the account form in ${team}`);
  const saved = bot.privateTo(team, 'U0ADMIN').length;
  await bot.submitForm(team, 'U0ADMIN', { access_key: `${team}-social-key` });
  await waitFor(() => bot.privateTo(team, 'U0ADMIN').length > saved, `the account saved in ${team}`);
  const scheduled = () =>
    bot.callsOf(team, 'chat.postMessage').filter((c) => /will be posted/.test(String(c.args.text))).length;
  const before = scheduled();
  const cards = bot.callsOf(team, 'chat.postMessage').length;
  await bot.command(team, '/publish', `${VIDEO} accounts=brand title="${team} later" schedule="in 2 days"`);
  await waitFor(
    () => JSON.stringify(bot.callsOf(team, 'chat.postMessage').slice(cards)).includes('Approve'),
    `the request card in ${team}`,
  );
  await bot.click(team, 'U0ADMIN', 'Approve');
  await waitFor(() => scheduled() > before, `the request scheduled in ${team}`);
}

describe('an org-wide (Enterprise Grid) install', () => {
  it.each([
    ['app_uninstalled naming the organisation', ORG, { type: 'app_uninstalled' }],
    [
      'tokens_revoked from one of its workspaces',
      EAST,
      { type: 'tokens_revoked', tokens: { oauth: [], bot: [`U0BOT${ORG}`] } },
    ],
  ])('ends every workspace of the organisation on %s', async (_, from, event) => {
    d = await startDistributionBot({ bot: { sandbox: { jobMs: 3000 } } });
    const bot = d;
    const installed = await bot.install(INITECH);
    expect(installed.status).toBe(200);
    expect(installed.text).toContain('reelbot is installed in Initech');
    expect((await stored(bot, ORG))?.enterpriseInstall).toBe(true);

    // Both workspaces use it: a post scheduled in each, an account in each, a job running in one.
    await schedulePost(bot, EAST);
    await schedulePost(bot, WEST);
    const socials = bot.app.inside.store.namespace('socials');
    for (const team of [EAST, WEST]) expect(await socials.get(`slack:${team}:C0GENERAL`)).toBeDefined();
    const cards = () => bot.callsOf(EAST, 'chat.postMessage').filter((c) => c.args.thread_ts === undefined).length;
    const beforeJob = cards();
    await bot.command(EAST, '/clip', `${VIDEO} reels=1`);
    await waitFor(() => cards() > beforeJob, 'the job’s card');

    const posted = bot.web.callsOf('chat.postMessage').length;
    const from0 = bot.logger.lines.length;
    bot.web.oauth?.revoke(ORG);
    expect((await bot.event(from, event)).status).toBe(200);
    await eventually(async () => (await stored(bot, ORG))?.removedAt !== undefined, 'the installation removed');

    // At once: both workspaces' scheduled requests are cancelled with the reason, the job stops.
    await eventually(
      async () => (await requests(bot)).every((r) => r.state === 'cancelled'),
      'every request cancelled',
    );
    expect(await requests(bot)).toEqual([
      expect.objectContaining({ state: 'cancelled', error: 'reelbot was removed from this workspace' }),
      expect.objectContaining({ state: 'cancelled', error: 'reelbot was removed from this workspace' }),
    ]);
    const since = () => bot.logger.lines.slice(from0);
    await waitFor(() => since().some((l) => /job stopped/.test(l.msg)), 'the job stopped', 10_000);

    // Two days later, when the posts were due: nothing was published, nothing posted in Slack.
    bot.test.clock.advance(2 * DAY + 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(bot.test.posts()).toEqual([]);
    expect(bot.web.callsOf('chat.postMessage').slice(posted)).toEqual([]);

    // Kept 30 days for a reinstall, then every workspace's accounts and settings go, and the installation.
    bot.test.clock.advance(27 * DAY);
    await new Promise((r) => setTimeout(r, 300));
    expect(await socials.get(`slack:${EAST}:C0GENERAL`)).toBeDefined();
    bot.test.clock.advance(2 * DAY);
    await eventually(
      async () =>
        (await socials.get(`slack:${EAST}:C0GENERAL`)) === undefined &&
        (await socials.get(`slack:${WEST}:C0GENERAL`)) === undefined,
      'both workspaces’ accounts removed',
    );
    await eventually(async () => (await stored(bot, ORG)) === undefined, 'the installation forgotten');
    expect(since().filter((l) => l.level === 'error')).toEqual([]);
  });
});
