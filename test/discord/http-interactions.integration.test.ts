import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBot } from '../../src/start-bot.ts';
import { signedHeaders } from '../doubles/discord/http-delivery.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { slashCommand } from '../doubles/discord/interactions.ts';
import { silentLogger, startTestBot, type TestBot } from '../support/bot.ts';

// Discord's HTTP interactions mode: Discord signs each interaction and POSTs it to the bot's listener, so
// interactions spread over replicas. Real Ed25519 signatures, the real listener and discord.js; later
// answers and results go through the Discord REST double.

interface Setup {
  bot: TestBot;
  app: RunningBot;
  discord: DiscordDouble;
  url: string;
  privateKey: KeyObject;
}

let s: Setup | undefined;

beforeEach(async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The Developer Portal shows the raw 32-byte key in hex: the last 32 bytes of the SPKI DER.
  const publicHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const discord = await createDiscordDouble();
  const bot = await startTestBot({
    online: true,
    env: { DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.restUrl, DISCORD_PUBLIC_KEY: publicHex },
    logger: silentLogger,
  });
  const url = `http://127.0.0.1:${bot.port}/discord/interactions`;
  discord.deliverInteractionsTo({ url, privateKey });
  s = { bot, app: bot.app, discord, url, privateKey };
});

afterEach(async () => {
  if (!s) return;
  await s.bot.close();
  await s.discord.close();
  s = undefined;
});

const ping = JSON.stringify({ id: '1', application_id: '2', type: 1, token: 't', version: 1 });

describe('Discord interactions over HTTP', () => {
  it('answers PING with PONG when the signature is right', async () => {
    if (!s) throw new Error('no setup');
    const res = await fetch(s.url, { method: 'POST', headers: signedHeaders(s.privateKey, ping), body: ping });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
  });

  it('refuses with 401 a wrong signature, a missing one, another key, and a stale timestamp', async () => {
    if (!s) throw new Error('no setup');
    const good = signedHeaders(s.privateKey, ping);
    const flipped = `${good['x-signature-ed25519'].slice(0, -2)}${good['x-signature-ed25519'].endsWith('00') ? '01' : '00'}`;
    const other = generateKeyPairSync('ed25519').privateKey;
    const attempts: Array<Record<string, string>> = [
      { ...good, 'x-signature-ed25519': flipped },
      { 'content-type': 'application/json' },
      signedHeaders(other, ping),
      signedHeaders(s.privateKey, ping, Math.floor(Date.now() / 1000) - 3600),
    ];
    for (const headers of attempts) {
      const res = await fetch(s.url, { method: 'POST', headers, body: ping });
      expect(res.status).toBe(401);
    }
    // The body is not the one signed.
    const tampered = await fetch(s.url, { method: 'POST', headers: good, body: ping.replace('"t"', '"u"') });
    expect(tampered.status).toBe(401);
  });

  it('runs a slash command: the deferred answer in the HTTP response, the card, and the result in its thread', async () => {
    if (!s) throw new Error('no setup');
    const { discord } = s;
    const cmd = discord.command('broll', { url: 'https://example.com/talk.mp4' });
    const delivery = await discord.httpDelivery(cmd.id);
    expect(delivery).toMatchObject({ status: 200, body: { type: 5 } });
    const card = await discord.waitFor(
      () => discord.interactionMessages(cmd.id).find((m) => !m.loading),
      10_000,
      'the card',
    );
    const thread = await discord.waitFor(() => discord.state.channels.get(card.id), 10_000, 'job thread');
    const result = await discord.waitForMessage(thread.id, (m) => /ready/.test(m.content));
    expect(result.content).toContain(`<@${discord.actors.member.userId}>`);
    // Nothing went through a gateway: the bot never connected to one.
    expect(discord.state.identifies).toHaveLength(0);
  });

  it('makes one job when the same signed interaction is sent again, and leaves the first answer alone', async () => {
    if (!s) throw new Error('no setup');
    const { discord, privateKey, url } = s;
    const options = { url: 'https://example.com/talk.mp4' };
    const { id, token } = discord.command('broll', options);
    const card = await discord.waitFor(() => discord.interactionMessages(id).find((m) => !m.loading), 10_000, 'card');
    const thread = await discord.waitFor(() => discord.state.channels.get(card.id), 10_000, 'job thread');
    await discord.waitForMessage(thread.id, (m) => /ready/.test(m.content));
    const messages = discord.state.messages.length;
    const channels = discord.state.channels.size;
    // The same interaction (id and token) signed and sent again, as a captured request would be.
    const channel = discord.state.channels.get(discord.channelId);
    if (!channel) throw new Error('no channel');
    const commandId = [...discord.state.commands.values()].flat().find((c) => c.name === 'broll')?.id ?? '1';
    const ctx = { id, token, applicationId: discord.applicationId, guildId: discord.guildId, channel };
    const body = JSON.stringify(
      slashCommand({ ...ctx, actor: discord.actors.member }, String(commandId), 'broll', options),
    );
    const replay = await fetch(url, { method: 'POST', headers: signedHeaders(privateKey, body), body });
    // Answered like any request (the answer goes to whoever sent it) and nothing more: no second card
    // or thread, and the first answer is neither edited nor removed.
    expect(replay.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(discord.state.messages.length).toBe(messages);
    expect(discord.state.channels.size).toBe(channels);
    expect(discord.interactionMessages(id).map((m) => m.id)).toEqual([card.id]);
  });

  it('answers autocomplete in the HTTP response', async () => {
    if (!s) throw new Error('no setup');
    const { discord } = s;
    const ask = discord.autocomplete('tts', { voice: 'Jen', text: 'hi' }, 'voice');
    const delivery = await discord.httpDelivery(ask.id);
    expect(delivery?.status).toBe(200);
    expect(delivery?.body).toMatchObject({ type: 8 });
  });
});
