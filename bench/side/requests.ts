// Signed requests as Slack and Discord send them, built ahead of the measured loop. Each /clip goes to
// its own channel so Slack's deliberate 1-post-per-second pacing per channel never enters the figures.
import { type KeyObject, randomBytes } from 'node:crypto';
import { signedHeaders } from '../../test/doubles/discord/http-delivery.ts';
import type { DiscordDouble } from '../../test/doubles/discord/index.ts';
import { slashCommand as discordSlash } from '../../test/doubles/discord/interactions.ts';
import { encodeBody, type SlackWebApiDouble, slackSignature } from '../../test/doubles/slack/index.ts';
import type { PreparedRequest } from './load.ts';

export const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
export const SLACK_SECRET = 'bench-signing-secret';

let seq = 0;

/** A signed Slack `/clip <video> reels=1` in channel `channel`, with a trigger_id never used before. */
export function slackClip(web: SlackWebApiDouble, channel: string, video = VIDEO): PreparedRequest {
  const id = `bench${++seq}${randomBytes(4).toString('hex')}`;
  const payload = {
    token: 'legacy-verification-token',
    team_id: 'T0TEAM',
    team_domain: 'double',
    channel_id: channel,
    channel_name: channel.toLowerCase(),
    user_id: 'U0MEMBER',
    user_name: 'casey',
    command: '/clip',
    text: `${video} reels=1`,
    api_app_id: 'A0REELBOT',
    is_enterprise_install: 'false',
    response_url: web.responseUrl(id),
    trigger_id: `trigger.${id}`,
  };
  const { body, type } = encodeBody('command', payload);
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    path: '/slack/commands',
    headers: {
      'content-type': type,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(SLACK_SECRET, timestamp, body),
    },
    body,
  };
}

/**
 * A signed Discord `/clip url:<video>` interaction, registered with the Discord double (so the bot's
 * follow-ups through REST find it) but sent by the benchmark's own client.
 */
export function discordClip(discord: DiscordDouble, privateKey: KeyObject): PreparedRequest {
  const channel = discord.state.channels.get(discord.channelId);
  if (!channel) throw new Error('discord double has no general channel');
  const id = String(BigInt(Date.now()) * 4_194_304n + BigInt(++seq));
  const token = `itoken.${randomBytes(16).toString('hex')}`;
  discord.state.interactions.set(id, { id, token, channelId: channel.id, dispatchedAt: Date.now(), callbacks: [] });
  const ctx = {
    id,
    token,
    applicationId: discord.applicationId,
    guildId: discord.guildId,
    channel,
    actor: discord.actors.member,
  };
  const commandId = [...discord.state.commands.values()].flat().find((c) => c.name === 'clip')?.id ?? '1';
  const body = JSON.stringify(discordSlash(ctx, String(commandId), 'clip', { url: VIDEO, reels: 1 }));
  return { path: '/discord/interactions', headers: signedHeaders(privateKey, body), body };
}
