// A signed click from workspace B can carry any id: carrying a publish request id of workspace A, it is answered
// as an unknown id is, and A's request stays as it was (no link, no cancel, no approval). Two workspaces on one
// bot, the real Bolt against Slack's double, both with channel C0GENERAL and the same user ids.
import { afterEach, describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/core/publish/requests/model.ts';
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
const UNKNOWN = 'That publish request no longer exists.';

let clicks = 0;

/** A signed block_actions from `teamId`'s `userId` with `value` (any id it likes); resolves to its private answer. */
async function clickFrom(bot: DistributionBot, teamId: string, userId: string, value: string): Promise<string> {
  const n = ++clicks;
  const id = `xclick${n}`;
  await bot.send('/slack/interactivity', 'interactive', {
    type: 'block_actions',
    team: { id: teamId, domain: teamId.toLowerCase() },
    user: { id: userId, username: 'someone', team_id: teamId },
    api_app_id: 'A0REELBOT',
    trigger_id: `trigger.${id}`,
    container: { type: 'message', message_ts: '1700000000.000100', channel_id: 'C0GENERAL', is_ephemeral: false },
    channel: { id: 'C0GENERAL', name: 'general' },
    message: { type: 'message', ts: '1700000000.000100', text: '' },
    response_url: bot.web.responseUrl(id),
    actions: [{ type: 'button', action_id: value, block_id: 'b', value, action_ts: '1700000300.000000' }],
  });
  const answer = () => bot.web.responses.find((r) => r.id === id);
  await waitFor(() => answer() !== undefined, `the answer to ${value}`);
  return JSON.stringify(answer()?.body);
}

describe('publish actions across two workspaces', () => {
  it('a click from Globex carrying an Acme request id gets the unknown-id answer and changes nothing', async () => {
    d = await startDistributionBot();
    const bot = d;
    expect((await bot.install(ACME)).status).toBe(200);
    expect((await bot.install(GLOBEX)).status).toBe(200);
    const forms = bot.callsOf(A, 'views.open').length;
    await bot.command(A, '/setup', 'socials add brand platform=youtube', 'U0ADMIN');
    await waitFor(() => bot.callsOf(A, 'views.open').length > forms, 'the account form');
    await bot.submitForm(A, 'U0ADMIN', { access_key: 'acme-social-key' });
    await waitFor(() => bot.privateTo(A, 'U0ADMIN').some((m) => /Saved the access key/.test(m)), 'the account');
    await bot.command(A, '/publish', `${VIDEO} accounts=brand title="Acme launch"`, 'U0MEMBER');
    await waitFor(() => JSON.stringify(bot.callsOf(A, 'chat.postMessage')).includes('Acme launch'), 'Acme’s card');
    const [request] = await bot.test.app.inside.publish.repo.openIn('slack', A);
    if (!request) throw new Error('no request');
    const before = await bot.test.app.inside.publish.repo.get(request.id);
    const updatesBefore = bot.callsOf(A, 'chat.update').length;
    const postsBefore = bot.callsOf(A, 'chat.postMessage').length;

    // The same user id in Globex as Acme's requester, and an admin of Globex.
    for (const who of ['U0MEMBER', 'U0ADMIN']) {
      for (const verb of ['approve', 'cancel', 'revoke', 'now', 'mark', 'retry']) {
        const unknown = await clickFrom(bot, G, who, `pub:${verb}:zzzzzzzzzz`);
        expect(await clickFrom(bot, G, who, `pub:${verb}:${request.id}`)).toBe(unknown);
        expect(unknown).toContain(UNKNOWN);
      }
      const hash = contentHash(request.content);
      expect(await clickFrom(bot, G, who, `pubok:${request.id}:${hash}`)).toContain(UNKNOWN);
    }
    // Invite reviewer: the form opens in Globex (it shows nothing of Acme's), and its answer gives no link.
    const opened = bot.callsOf(G, 'views.open').length;
    await clickFrom(bot, G, 'U0ADMIN', `pub:invite:${request.id}`).catch(() => undefined);
    await waitFor(() => bot.callsOf(G, 'views.open').length > opened, 'the invite form in Globex');
    await bot.submitForm(G, 'U0ADMIN', { name: 'Mallory' });
    await new Promise((r) => setTimeout(r, 300));

    expect(await bot.test.app.inside.publish.repo.get(request.id)).toEqual(before);
    expect(bot.callsOf(A, 'chat.update')).toHaveLength(updatesBefore);
    expect(bot.callsOf(A, 'chat.postMessage')).toHaveLength(postsBefore);
    expect(JSON.stringify(bot.web.calls.map((c) => c.args))).not.toMatch(/\/review\/[A-Za-z0-9_-]{43}/);
    expect(JSON.stringify(bot.callsOf(G, 'views.open'))).not.toContain('Acme launch');
  });
});
