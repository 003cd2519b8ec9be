import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nonceFor } from '../../src/discord/index.ts';
import { createRedisStore } from '../../src/infra/store/redis-store.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { createMemoryStore, type Running, startAdapter } from './support.ts';

let discord: DiscordDouble;
let running: Running | undefined;

beforeEach(async () => {
  discord = await createDiscordDouble();
});

afterEach(async () => {
  await running?.adapter.stop();
  running = undefined;
  await discord.close();
});

const callbackTypes = (id: string) => discord.state.interactions.get(id)?.callbacks.map((c) => c.type) ?? [];

describe('the Discord adapter, with the real discord.js against a local Discord', () => {
  it('logs in over the gateway with the Guilds intent only and registers the commands', async () => {
    running = await startAdapter(discord);
    expect(discord.state.identifies[0]?.intents).toBe(1);
    const names = discord.state.commands.get('global')?.map((c) => c.name);
    expect(names).toEqual(running.bot.commands.map((c) => c.name));
  });

  it('answers a command with a deferral, then the card, then a thread; a later post lands in the thread', async () => {
    running = await startAdapter(discord);
    const clip = discord.command('clip', { url: 'https://youtu.be/abc' });
    const ref = await discord.waitFor(() => running?.bot.threads[0]);
    expect(callbackTypes(clip.id)).toEqual([5]);
    const card = discord.messagesIn(discord.channelId).find((m) => m.id === ref.cardMessageId);
    expect(card?.embeds).toMatchObject([{ title: 'Clip' }]);
    expect(card?.components).toMatchObject([{ type: 1, components: [{ custom_id: 'retry:k3j9x2' }] }]);
    expect(discord.state.channels.get(ref.threadId)).toMatchObject({ parent_id: discord.channelId, type: 11 });
    expect(ref).toMatchObject({ platform: 'discord', workspaceId: discord.guildId, channelId: discord.channelId });
    const threadRequest = discord.requests.find((r) => r.path.endsWith('/threads'));
    expect(threadRequest?.body).toMatchObject({ auto_archive_duration: 1440 });

    await running.outbox.post(running.adapter.chatPort, ref, { text: 'Your clips are ready' }, 'job-1:done');
    const post = await discord.waitForMessage(ref.threadId);
    expect(post.content).toBe('Your clips are ready');
    expect(post.nonce).toBe(nonceFor('job-1:done'));
    const create = discord.requests.find((r) => r.method === 'POST' && r.path === `/channels/${ref.threadId}/messages`);
    expect(create?.headers.authorization).toBe(`Bot ${discord.token}`);
    expect(create?.body).toMatchObject({ enforce_nonce: true });
  });

  it('keeps a command run inside a thread in that thread', async () => {
    running = await startAdapter(discord);
    const thread = discord.createThread('ideas');
    discord.command('clip', { url: 'https://youtu.be/abc' }, { channelId: thread.id });
    const ref = await discord.waitFor(() => running?.bot.threads[0]);
    expect(ref.threadId).toBe(thread.id);
    expect(running.bot.invocations[0]?.origin).toMatchObject({ channelId: discord.channelId, threadId: thread.id });
    expect(discord.messagesIn(thread.id).map((m) => m.id)).toContain(ref.cardMessageId);
    expect(discord.requests.some((r) => r.path.endsWith('/threads'))).toBe(false);
  });

  it('answers a validation error at once, ephemerally, with no deferral', async () => {
    running = await startAdapter(discord);
    const clip = discord.command('clip', { url: 'not a link' });
    const first = await discord.waitForCallback(clip.id);
    expect(first.type).toBe(4);
    expect(first.data).toMatchObject({ flags: 64, content: expect.stringContaining('not a link') });
    expect(callbackTypes(clip.id)).toEqual([4]);
  });

  it('opens a modal as the first answer and hands its submission to the bot', async () => {
    running = await startAdapter(discord);
    const setup = discord.command('setup', { action: 'key' }, { actor: discord.actors.manager });
    const first = await discord.waitForCallback(setup.id);
    expect(first.type).toBe(9);
    expect(first.data).toMatchObject({ custom_id: 'setup:key', title: 'Enter the API key' });

    const submit = discord.submitModal('setup:key', { api_key: 'sk-secret' }, { actor: discord.actors.manager });
    await discord.waitFor(() => discord.interactionMessages(submit.id).find((m) => !m.loading));
    expect(running.bot.submissions[0]).toMatchObject({ modalId: 'setup:key', values: { api_key: 'sk-secret' } });
    expect(running.bot.submissions[0]?.canConfigure).toBe(true);
    expect(discord.interactionMessages(submit.id)[0]).toMatchObject({ flags: 64, content: 'API key saved.' });
  });

  it('answers autocomplete at once with at most 25 choices', async () => {
    running = await startAdapter(discord);
    const ac = discord.autocomplete('clip', { url: 'https://x.y', language: 'fr' }, 'language');
    const first = await discord.waitForCallback(ac.id);
    expect(first.type).toBe(8);
    const choices = first.data?.choices as unknown[];
    expect(choices).toHaveLength(25);
    expect(choices[0]).toEqual({ name: 'language fr 0', value: 'fr-0' });
  });

  it('refuses /setup to a member without Manage Server, whatever the guild allowed', async () => {
    running = await startAdapter(discord);
    const setup = discord.command('setup', {}, { actor: discord.actors.member });
    const first = await discord.waitForCallback(setup.id);
    expect(running.bot.invocations[0]?.canConfigure).toBe(false);
    expect(first).toMatchObject({ type: 4, data: { flags: 64 } });

    discord.command('setup', {}, { actor: { ...discord.actors.member, permissions: '8' } });
    await discord.waitFor(() => running?.bot.invocations[1]);
    expect(running.bot.invocations[1]?.canConfigure).toBe(true);
  });

  it('handles a button of an old message after a restart (no state kept in memory)', async () => {
    running = await startAdapter(discord);
    discord.command('clip', { url: 'https://youtu.be/abc' });
    const ref = await discord.waitFor(() => running?.bot.threads[0]);
    await running.adapter.stop();
    running = await startAdapter(discord);

    const cardMessage = discord.state.message(ref.cardMessageId);
    if (!cardMessage) throw new Error('card missing');
    const click = discord.click(cardMessage, 'retry:k3j9x2');
    await discord.waitFor(() => discord.interactionMessages(click.id)[0]);
    expect(callbackTypes(click.id)).toEqual([6]);
    expect(running.bot.actions[0]).toMatchObject({
      actionId: 'retry:k3j9x2',
      origin: { channelId: discord.channelId },
    });
    expect(discord.interactionMessages(click.id)[0]).toMatchObject({ flags: 64, content: 'retry k3j9x2: on it' });
  });

  it('hands a menu pick to the bot as id:value', async () => {
    running = await startAdapter(discord);
    discord.command('clip', { url: 'https://youtu.be/abc' });
    const ref = await discord.waitFor(() => running?.bot.threads[0]);
    const cardMessage = discord.state.message(ref.cardMessageId);
    if (!cardMessage) throw new Error('card missing');
    discord.pick(cardMessage, 'voices:1', ['fr-FR-Denise']);
    await discord.waitFor(() => running?.bot.actions[0]);
    expect(running.bot.actions[0]?.actionId).toBe('voices:1:fr-FR-Denise');
  });

  it('handles a replayed interaction once', async () => {
    running = await startAdapter(discord, { store: createMemoryStore() });
    const help = discord.command('help');
    await discord.waitFor(() => discord.interactionMessages(help.id).find((m) => !m.loading));
    discord.redispatch(help.id);
    discord.command('help');
    await discord.waitFor(() => running?.bot.invocations.length === 2);
    expect(callbackTypes(help.id)).toEqual([5]);
  });

  it('answers promptly, without handling the command, while the store never answers a claim', async () => {
    // Like a Redis that accepted the connection and went silent: no answer, no error.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const store = createRedisStore({ url: `redis://127.0.0.1:${port}`, timeoutMs: 500, operationTimeoutMs: 500 });
    try {
      running = await startAdapter(discord, { store });
      const help = discord.command('help');
      // The double refuses a first answer after Discord's 3 s (10062), so an answer here is a prompt one.
      expect(await discord.waitForCallback(help.id)).toMatchObject({ type: 4 });
      const ac = discord.autocomplete('clip', { url: 'https://x.y', language: 'fr' }, 'language');
      expect(await discord.waitForCallback(ac.id)).toMatchObject({ type: 8 });
      // Never guessed from this process's memory: the command was not run, and the outage was logged.
      expect(running.bot.invocations).toHaveLength(0);
      const warnings = running.logger.lines.filter(
        (l) => l.level === 'warn' && /store cannot be reached/.test(String(l.msg)),
      );
      expect(warnings).toHaveLength(1);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('logs a failure once with its context and tells the user politely', async () => {
    running = await startAdapter(discord);
    const jobs = discord.command('jobs');
    const answer = await discord.waitFor(() => discord.interactionMessages(jobs.id).find((m) => !m.loading));
    expect(answer.content).toMatch(/^Sorry, something went wrong/);
    const errors = running.logger.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.obj).toMatchObject({ command: 'jobs', interactionId: jobs.id });
  });
});
