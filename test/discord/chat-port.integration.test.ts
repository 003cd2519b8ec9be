import { REST, Routes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card, Control } from '../../src/core/platform/message.ts';
import type { ThreadRef } from '../../src/core/ports.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { type Running, startAdapter } from './support.ts';

let discord: DiscordDouble;
let running: Running;
let thread: ThreadRef;

const MESSAGES = /^\/channels\/\d+\/messages$/;

beforeEach(async () => {
  discord = await createDiscordDouble();
  running = await startAdapter(discord);
  discord.command('clip', { url: 'https://youtu.be/abc' });
  thread = await discord.waitFor(() => running.bot.threads[0]);
});

afterEach(async () => {
  await running.adapter.stop();
  await discord.close();
});

const creates = () =>
  discord.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${thread.threadId}/messages`);

describe('posting results with the bot token', () => {
  it('waits as long as a 429 says, then posts once', async () => {
    discord.faults.rateLimit({ method: 'POST', path: MESSAGES, retryAfter: 1 });
    await running.outbox.post(running.adapter.chatPort, thread, { text: 'Clips ready' }, 'job:done');
    const [limited, posted] = creates();
    expect(limited?.status).toBe(429);
    expect(posted?.status).toBe(200);
    expect((posted?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(discord.messagesIn(thread.threadId).map((m) => m.content)).toEqual(['Clips ready']);
  });

  it('honours a global 429 too', async () => {
    discord.faults.rateLimit({ method: 'POST', path: MESSAGES, retryAfter: 1, global: true });
    await running.outbox.post(running.adapter.chatPort, thread, { text: 'Clips ready' }, 'job:done');
    const [limited, posted] = creates();
    expect((posted?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(discord.messagesIn(thread.threadId)).toHaveLength(1);
  });

  it('does not post twice when Discord made the message but answered 500 (discord.js retries)', async () => {
    discord.faults.serverError({ method: 'POST', path: MESSAGES, afterHandling: true });
    await running.outbox.post(running.adapter.chatPort, thread, { text: 'Clips ready' }, 'job:done');
    expect(creates().map((r) => r.status)).toEqual([500, 200]);
    expect(discord.messagesIn(thread.threadId)).toHaveLength(1);
  });

  it('(without a nonce, the same fault would have posted twice)', async () => {
    discord.faults.serverError({ method: 'POST', path: MESSAGES, afterHandling: true });
    const rest = new REST({ api: discord.restUrl }).setToken(discord.token);
    await rest.post(Routes.channelMessages(thread.threadId), { body: { content: 'Clips ready' } });
    expect(discord.messagesIn(thread.threadId)).toHaveLength(2);
  });

  it('makes a repeated post with the same idempotency key harmless', async () => {
    await running.outbox.post(running.adapter.chatPort, thread, { text: 'Clips ready' }, 'job:done');
    await running.outbox.post(running.adapter.chatPort, thread, { text: 'Clips ready' }, 'job:done');
    expect(discord.messagesIn(thread.threadId)).toHaveLength(1);
  });

  it('updates the card in place', async () => {
    await running.adapter.chatPort.updateCard(thread, {
      text: 'Clip finished',
      cards: [{ title: 'Clip', body: '3 clips', tone: 'success' }],
    });
    const card = discord.state.message(thread.cardMessageId);
    expect(card).toMatchObject({ content: 'Clip finished', embeds: [{ title: 'Clip', description: '3 clips' }] });
  });

  it('never edits the card into what it already shows (each edit spends the route’s bucket)', async () => {
    const edits = () =>
      discord.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${thread.cardMessageId}`));
    const before = edits().length;
    const working = { text: 'Working', cards: [{ title: 'Clip', body: '⏱ 1 min elapsed' }] };
    await running.adapter.chatPort.updateCard(thread, working, 'progress');
    await running.adapter.chatPort.updateCard(thread, working, 'progress');
    await running.adapter.chatPort.updateCard(thread, { ...working, text: 'Done' });
    expect(edits().length - before).toBe(2);
  });

  it('leaves the card on its final state when a change drawn before it is asked for after it', async () => {
    const port = running.adapter.chatPort;
    expect(await port.updateCard(thread, { text: '✅ Done' })).toBe(true);
    // Not shown: the job's read-back after a change it made does not run for this one.
    expect(await port.updateCard(thread, { text: '⏳ Working on it' }, 'change')).toBe(false);
    expect(discord.state.message(thread.cardMessageId)?.content).toBe('✅ Done');
  });

  it('does not send a change that is no longer due when its turn comes (another replica showed the end meanwhile)', async () => {
    const port = running.adapter.chatPort;
    const content = () => discord.state.message(thread.cardMessageId)?.content;
    let due = true;
    // The first edit is on its way: the change waits behind it, and the job ends meanwhile.
    const first = port.updateCard(thread, { text: '⏳ Submitting' }, 'change');
    const working = port.updateCard(thread, { text: '⏳ Working on it' }, 'change', async () => due);
    due = false;
    expect(await Promise.all([first, working])).toEqual([true, false]);
    expect(content()).toBe('⏳ Submitting');
    // A final state asks too (issue 43): one drawn from a record another replica moved on from is not sent.
    expect(await port.updateCard(thread, { text: '⏳ Publishing…' }, 'final', async () => false)).toBe(false);
    expect(content()).toBe('⏳ Submitting');
    expect(await port.updateCard(thread, { text: '✅ Done' }, 'final', async () => true)).toBe(true);
    expect(content()).toBe('✅ Done');
  });

  it('posts an oversized result within Discord limits instead of failing', async () => {
    const buttons: Control[] = Array.from({ length: 30 }, (_, i) => ({
      kind: 'action',
      label: `Do ${i}`,
      id: `do:${i}`,
    }));
    const cards: Card[] = Array.from({ length: 12 }, (_, i) => ({
      title: `Reel ${i + 1}`,
      body: 'caption '.repeat(800),
      fields: [{ name: 'Virality', value: `${90 - i}` }],
      imageUrl: `https://cdn.example/thumb-${i}.jpg`,
    }));
    const tooLongId: Control = { kind: 'action', label: 'Oops', id: 'x'.repeat(101) };
    const message = { text: 'Results '.repeat(400), cards, controls: [tooLongId, ...buttons] };
    await running.outbox.post(running.adapter.chatPort, thread, message, 'job:results');
    const posted = await discord.waitForMessage(thread.threadId);
    expect(posted.content.length).toBeLessThanOrEqual(2000);
    expect(posted.content).toContain('2 more not shown');
    expect(posted.embeds).toHaveLength(10);
    const rows = posted.components as Array<{ components: Array<{ custom_id?: string }> }>;
    expect(rows).toHaveLength(5);
    expect(rows.flatMap((r) => r.components).map((c) => c.custom_id)).not.toContain('x'.repeat(101));
  });
});
