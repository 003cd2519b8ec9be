// Token rotation with two replicas on one Redis: Slack's token lives a short while and comes with a refresh
// token that works once. When it is due, both replicas answer commands at once, and exactly one refresh is sent
// (node-slack-sdk #2504: two refreshes break each other); every call goes out with a token Slack accepts.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../contract/surface.ts';
import { startSlackWebApi, waitFor } from '../../doubles/slack/index.ts';
import { REDIS_URL } from '../../support/redis-url.ts';
import { USERS } from '../harness.ts';
import { ACME, CLIENT_ID, CLIENT_SECRET, type DistributionBot, startDistributionBot } from './distribution-harness.ts';

const LIFE_S = 8;
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const A = ACME.teamId;

let open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.reverse()) await o.close();
  open = [];
});

async function twoReplicas(): Promise<[DistributionBot, DistributionBot]> {
  const web = await startSlackWebApi({
    users: USERS,
    oauth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, rotateEverySeconds: LIFE_S },
  });
  open.push(web);
  const env = {
    STORE_URL: REDIS_URL,
    REDIS_KEY_PREFIX: `{rotation-${randomBytes(4).toString('hex')}}:`,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const one = await startDistributionBot({ web, env });
  open.push(one);
  const two = await startDistributionBot({ web, env });
  open.push(two);
  return [one, two];
}

const results = (bot: DistributionBot) =>
  bot.callsOf(A, 'chat.postMessage').filter((c) => c.args.thread_ts !== undefined).length;

describe('a rotating token with two replicas on Redis', () => {
  it('is refreshed exactly once when it is due, and both replicas keep answering through the rotation', async () => {
    const [one, two] = await twoReplicas();
    expect((await one.install(ACME)).status).toBe(200);
    const first = one.web.calls.find((c) => c.method === 'oauth.v2.access')?.response?.access_token;

    // Three quarters of its life later: both replicas' clocks say a refresh is due; Slack's token still works.
    for (const bot of [one, two]) bot.test.clock.advance((LIFE_S * 1000 * 3) / 4 + 100);
    await Promise.all([
      one.command(A, '/clip', `${VIDEO} reels=1`),
      two.command(A, '/clip', `${VIDEO} reels=1`),
      one.command(A, '/jobs', ''),
      two.command(A, '/jobs', ''),
    ]);
    await waitFor(() => results(one) >= 2, 'both /clip results', 15_000);

    expect(one.web.oauth?.refreshesSent).toHaveLength(1);
    const refreshed = one.web.calls.filter((c) => c.method === 'oauth.v2.access').at(-1)?.response?.access_token;
    expect(refreshed).not.toBe(first);
    // Every call went out with a token Slack accepted: the old one while the refresh was under way, then the new.
    expect(one.web.calls.filter((c) => c.response?.ok === false)).toEqual([]);
    const tokens = new Set(one.callsOf(A, 'chat.postMessage').map((c) => c.token));
    expect(tokens.has(String(refreshed))).toBe(true);

    // The next due point: refreshed once again, from the new refresh token.
    for (const bot of [one, two]) bot.test.clock.advance(LIFE_S * 1000);
    await Promise.all([one.command(A, '/jobs', ''), two.command(A, '/jobs', '')]);
    await waitFor(() => (one.web.oauth?.refreshesSent.length ?? 0) === 2, 'the second refresh');
    const [sentFirst, sentSecond] = one.web.oauth?.refreshesSent ?? [];
    expect(sentFirst).not.toBe(sentSecond);
  });

  it('marks the workspace as needing a reinstall when Slack refuses the refresh, logged once, sent once', async () => {
    const [one, two] = await twoReplicas();
    await one.install(ACME);
    one.web.oauth?.revoke(A);
    for (const bot of [one, two]) bot.test.clock.advance((LIFE_S * 1000 * 3) / 4 + 100);
    for (let i = 0; i < 3; i++) await Promise.all([one.command(A, '/jobs', ''), two.command(A, '/jobs', '')]);

    const health = async (bot: DistributionBot) =>
      ((await (await fetch(`${bot.base}/healthz`)).json()) as { slackInstallations?: unknown }).slackInstallations;
    await eventually(
      async () => JSON.stringify(await health(two)) === JSON.stringify({ count: 1, needReinstall: 1 }),
      'the installation marked as needing a reinstall',
    );
    const refusedLines = [...one.logger.lines, ...two.logger.lines].filter((l) =>
      /must install reelbot again/.test(l.msg),
    );
    expect(refusedLines).toHaveLength(1);
    expect(one.web.oauth?.refreshesSent).toHaveLength(1);
    expect(JSON.stringify(refusedLines)).not.toMatch(/xox[be]-/);
  });
});
