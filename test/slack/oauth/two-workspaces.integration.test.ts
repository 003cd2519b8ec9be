// Two workspaces installed side by side, both with a channel C0GENERAL and the same user ids: each sees only
// its own cards, requests and approvals, configures only itself, and is answered with its own token.
import { afterEach, describe, expect, it } from 'vitest';
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

const sent = (bot: DistributionBot, teamId: string) =>
  JSON.stringify(bot.web.calls.filter((c) => c.token && bot.web.oauth?.teamOf(c.token) === teamId).map((c) => c.args));

async function addAccount(bot: DistributionBot, teamId: string, admin: string, key: string) {
  const forms = bot.callsOf(teamId, 'views.open').length;
  await bot.command(teamId, '/setup', 'socials add brand platform=youtube', admin);
  await waitFor(() => bot.callsOf(teamId, 'views.open').length > forms, `the account form in ${teamId}`);
  await bot.submitForm(teamId, admin, { access_key: key });
  await waitFor(
    () => bot.privateTo(teamId, admin).some((m) => /brand/.test(m) && /saved|added/i.test(m)),
    `the account saved in ${teamId}`,
  );
}

describe('two workspaces with the same channel and user ids', () => {
  it('each configures, publishes and approves only in its own workspace, with its own token', async () => {
    // U0LISTED may configure Acme (SLACK_ADMIN_USERS names them there), and nothing in Globex.
    d = await startDistributionBot({ env: { SLACK_ADMIN_USERS: `${A}:U0LISTED` } });
    const bot = d;
    expect((await bot.install(ACME)).status).toBe(200);
    expect((await bot.install(GLOBEX)).status).toBe(200);

    await addAccount(bot, A, 'U0LISTED', 'acme-social-key');
    await bot.command(G, '/setup', 'socials add brand platform=youtube', 'U0LISTED');
    await waitFor(
      () => bot.privateTo(G, 'U0LISTED').some((m) => m.includes('Only people who may configure the bot')),
      'the refusal in Globex',
    );
    expect(bot.callsOf(G, 'views.open')).toEqual([]);
    await addAccount(bot, G, 'U0ADMIN', 'globex-social-key');

    await bot.command(A, '/publish', `${VIDEO} accounts=brand title="Acme launch"`, 'U0MEMBER');
    await bot.command(G, '/publish', `${VIDEO} accounts=brand title="Globex launch"`, 'U0MEMBER');
    await waitFor(() => sent(bot, A).includes('Acme launch'), 'Acme’s request card');
    await waitFor(() => sent(bot, G).includes('Globex launch'), 'Globex’s request card');

    await bot.command(A, '/approvals', '', 'U0ADMIN');
    await bot.command(G, '/approvals', '', 'U0ADMIN');
    await waitFor(() => bot.privateTo(A, 'U0ADMIN').some((m) => m.includes('Acme launch')), 'Acme’s /approvals');
    await waitFor(() => bot.privateTo(G, 'U0ADMIN').some((m) => m.includes('Globex launch')), 'Globex’s /approvals');

    // Each admin's Home tab, drawn with its own workspace's token, lists its own request only.
    for (const team of [A, G]) {
      await bot.event(team, { type: 'app_home_opened', user: 'U0ADMIN', channel: 'D0HOME', tab: 'home' });
      await waitFor(() => bot.callsOf(team, 'views.publish').length > 0, `the Home tab in ${team}`);
    }
    const homeOf = (team: string) => JSON.stringify(bot.callsOf(team, 'views.publish').at(-1)?.args.view);
    expect(homeOf(A)).toContain('Acme launch');
    expect(homeOf(A)).not.toContain('Globex launch');
    expect(homeOf(G)).toContain('Globex launch');
    expect(homeOf(G)).not.toContain('Acme launch');

    await bot.command(A, '/clip', `${VIDEO} reels=1`, 'U0MEMBER');
    await waitFor(
      () =>
        bot
          .callsOf(A, 'chat.postMessage')
          .some((c) => c.args.thread_ts !== undefined && /Watch/.test(JSON.stringify(c.args))),
      'Acme’s clip result',
      15_000,
    );

    // Nothing of one workspace was ever sent to the other.
    expect(sent(bot, A)).not.toContain('Globex launch');
    expect(sent(bot, G)).not.toContain('Acme launch');
    expect(bot.privateTo(A, 'U0ADMIN').join('\n')).not.toContain('Globex launch');
    expect(bot.privateTo(G, 'U0ADMIN').join('\n')).not.toContain('Acme launch');
    expect(bot.callsOf(G, 'chat.postMessage').filter((c) => /Watch/.test(JSON.stringify(c.args)))).toEqual([]);
    // /metrics counts both workspaces' commands and calls without a label that names either.
    const metrics = await (await fetch(`${bot.base}/metrics`)).text();
    expect(metrics).toContain('reelbot_commands_total');
    expect(metrics).not.toMatch(/T0ACME|T0GLOBEX|Acme|Globex/);
    // Every call carried a token Slack issued (the double refuses any other) and none was refused.
    expect(bot.web.calls.filter((c) => c.response?.ok === false)).toEqual([]);
  });
});
