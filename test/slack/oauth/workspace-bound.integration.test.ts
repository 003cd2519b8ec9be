// Issue 40 items 2 and 5 (jobs), on a real bot with two Slack workspaces installed from the public install page,
// both on the operator's shared key (the sandbox's here, MEDIA_API_KEY in production) and both with a channel
// C0GENERAL and the same user ids. Globex learns Acme's project id (ids are a time and a counter: guessable) and
// job id (a forwarded screenshot), then asks for them with /project and with signed clicks carrying them.
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../doubles/slack/index.ts';
import { CHANNEL } from '../harness.ts';
import { ACME, type DistributionBot, GLOBEX, startDistributionBot } from './distribution-harness.ts';

let d: DistributionBot | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const A = ACME.teamId;
const G = GLOBEX.teamId;
/** A project id nobody made, and a job id nobody has: what a guess that misses gets. */
const NOBODYS_PROJECT = '65a1b2c3d4e5f60718293a4b';
const NOBODYS_JOB = 'nobodysjob';

/** Everything Globex's people and channels were sent: posts, edits, ephemerals and response_url answers. */
const globexSaw = (bot: DistributionBot) =>
  JSON.stringify([
    ...bot.web.calls.filter((c) => c.token && bot.web.oauth?.teamOf(c.token) === G).map((c) => c.args),
    ...bot.web.responses.map((r) => r.body),
  ]);

/** A signed click from `teamId`'s user, on a button whose id the sender chose. */
function forgedClick(bot: DistributionBot, teamId: string, userId: string, actionId: string, n: number) {
  return bot.send('/slack/interactivity', 'interactive', {
    type: 'block_actions',
    team: { id: teamId, domain: teamId.toLowerCase() },
    user: { id: userId, username: 'someone', team_id: teamId },
    api_app_id: 'A0REELBOT',
    trigger_id: `trigger.forged${n}`,
    container: { type: 'message', message_ts: '1700000000.000100', channel_id: CHANNEL, is_ephemeral: false },
    channel: { id: CHANNEL, name: 'general' },
    message: { type: 'message', ts: '1700000000.000100', text: '' },
    response_url: bot.web.responseUrl(`forged${n}`),
    actions: [{ type: 'button', action_id: actionId, block_id: 'b', value: actionId, action_ts: '1700000300.000000' }],
  });
}

/** What Globex was told since `from`: posts and ephemerals in Globex, and response_url answers. */
const toldSince = (bot: DistributionBot, from: { calls: number; responses: number }) =>
  [
    ...bot.web.calls
      .slice(from.calls)
      .filter((c) => /^chat\.post/.test(c.method) && c.token && bot.web.oauth?.teamOf(c.token) === G)
      .map((c) => JSON.stringify(c.args)),
    ...bot.web.responses.slice(from.responses).map((r) => JSON.stringify(r.body)),
  ].join('\n');

const mark = (bot: DistributionBot) => ({ calls: bot.web.calls.length, responses: bot.web.responses.length });

describe('two workspaces on one shared key', () => {
  it('Globex gets, for Acme’s project and job ids, exactly what ids nobody made get', async () => {
    d = await startDistributionBot();
    const bot = d;
    await bot.install(ACME);
    await bot.install(GLOBEX);

    await bot.command(A, '/clip', `${VIDEO} reels=1`, 'U0MEMBER');
    await waitFor(
      () =>
        bot
          .callsOf(A, 'chat.postMessage')
          .some((c) => c.args.thread_ts !== undefined && /Watch/.test(JSON.stringify(c.args))),
      'Acme’s clip result',
      15_000,
    );
    const acme = JSON.stringify(bot.callsOf(A, 'chat.postMessage').map((c) => c.args));
    const projectId = /\/project ([0-9a-f]{24})/.exec(acme)?.[1];
    const jobId = /then_subtitles:([a-z0-9]{10}):0:0/.exec(acme)?.[1];
    const video = /"(http[^"]+\.mp4)"/.exec(acme)?.[1];
    if (!projectId || !jobId || !video) throw new Error(`Acme's result lacks its ids or video: ${acme.slice(0, 400)}`);

    // Acme itself still reads its project.
    await bot.command(A, '/project', projectId, 'U0MEMBER');
    await waitFor(
      () =>
        bot
          .callsOf(A, 'chat.postMessage')
          .some(
            (c) => String(c.args.text).startsWith(`Project \`${projectId}\``) && JSON.stringify(c.args).includes(video),
          ),
      'Acme’s /project',
    );

    // /project from Globex: Acme's id, then an id nobody made.
    const asked = async (id: string) => {
      const from = mark(bot);
      await bot.command(G, '/project', id, 'U0MEMBER');
      await waitFor(() => toldSince(bot, from).length > 0, `Globex's answer to /project ${id}`);
      return toldSince(bot, from).replaceAll(id, '<id>');
    };
    const stolen = await asked(projectId);
    expect(stolen).toBe(await asked(NOBODYS_PROJECT));
    expect(stolen).toContain('No project');

    // Signed clicks from Globex carrying Acme's job id: follow-ups and Retry.
    let n = 0;
    for (const verb of ['then_subtitles', 'then_broll', 'then_speak', 'retry']) {
      const id = (job: string) => (verb === 'retry' ? `retry:${job}` : `${verb}:${job}:0:0`);
      const clicked = async (job: string) => {
        const from = mark(bot);
        await forgedClick(bot, G, 'U0MEMBER', id(job), ++n);
        await waitFor(() => toldSince(bot, from).length > 0, `Globex's answer to ${id(job)}`);
        return toldSince(bot, from).replaceAll(job, '<id>');
      };
      expect(await clicked(jobId)).toBe(await clicked(NOBODYS_JOB));
    }

    // Nothing of Acme's reached Globex, and no job started there.
    const seen = globexSaw(bot);
    expect(seen).not.toContain(video);
    expect(seen).not.toContain('Reel');
    const welcome = /^Thanks for installing/;
    expect(bot.callsOf(G, 'chat.postMessage').filter((c) => !welcome.test(String(c.args.text)))).toEqual([]);
  });
});

describe('the shared key’s budget, in shares', () => {
  it('Acme spending its whole share stops Acme alone: Globex still gets its results', async () => {
    // 6 requests an hour on the key (5 for new work, 1 kept for reading results back), 3 per workspace.
    d = await startDistributionBot({ env: { MEDIA_API_RATE_LIMIT: '6', MEDIA_API_WORKSPACE_SHARE: '3' } });
    const bot = d;
    await bot.install(ACME);
    await bot.install(GLOBEX);
    const threadPosts = (team: string) =>
      bot.callsOf(team, 'chat.postMessage').filter((c) => c.args.thread_ts !== undefined);

    // Acme asks for twice its share: before shares, its first five spent the key's whole budget for new work.
    for (let i = 0; i < 6; i++) await bot.command(A, '/broll', `${VIDEO}&t=${i}`, 'U0MEMBER');
    const refused = () =>
      threadPosts(A).filter((c) => /used its share of the bot's shared key/.test(String(c.args.text)));
    await waitFor(() => refused().length === 3, 'Acme refused after its share', 15_000);
    expect(String(refused()[0]?.args.text)).toContain('/setup key');

    await bot.command(G, '/broll', VIDEO, 'U0MEMBER');
    await waitFor(
      () => threadPosts(G).some((c) => /Watch/.test(JSON.stringify(c.args))),
      'Globex’s B-roll result',
      15_000,
    );
    expect(threadPosts(G).filter((c) => /budget|share/.test(String(c.args.text)))).toEqual([]);
  });
});
