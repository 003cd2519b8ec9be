import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/core/jobs/model.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import type { RunningBot } from '../../src/start-bot.ts';
import { createDiscordDouble, type DiscordDouble, type StoredMessage } from '../doubles/discord/index.ts';
import { silentLogger, startTestBot } from '../support/bot.ts';
import { freePort } from '../support/bot-process.ts';
import { countingTransport } from '../support/counting-transport.ts';
import { buttonsOf, textOf } from './e2e-support.ts';

// Issue 11 on Discord: the bot dies after Discord showed a job's card and before its answer reached the
// bot, so the job record does not know where its card is. A restart on the same SQLite file finds the card
// in the channel, starts its thread if the crash came first, and runs the job once; a card that never
// reached Discord ends the job with nothing sent. The real discord.js client talks to the Discord double,
// the media API is the sandbox over HTTP.

const VIDEO = 'https://example.com/talk.mp4';
const ORIGINAL = /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/;

let sandbox: Sandbox;
let discord: DiscordDouble;
let dir: string;
let port: number;
let creations: number;
const lives: Life[] = [];

interface Life {
  app: RunningBot;
}

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobMs: 300, webhookRetryMs: 200 });
  discord = await createDiscordDouble();
  dir = mkdtempSync(join(tmpdir(), 'reelbot-findcard-'));
  port = await freePort();
  creations = 0;
});
afterEach(async () => {
  for (const life of lives.splice(0)) await die(life);
  await discord.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One life of the bot on the shared SQLite file and public address; a restart is another call. */
async function boot(): Promise<Life> {
  const bot = await startTestBot({
    online: true,
    dir,
    env: {
      MEDIA_API_URL: sandbox.baseUrl,
      MEDIA_API_KEY: 'sk-team-key-000000',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DISCORD_TOKEN: discord.token,
      DISCORD_API_URL: discord.restUrl,
    },
    logger: silentLogger,
    infra: { mediaTransport: countingTransport(sandbox.baseUrl, () => creations++) },
    tuning: {
      // The check of a job left "Submitting…" comes 1.5 s after it opened (12 s in production).
      timings: { firstPollMs: 60_000, maxPollMs: 60_000, submitCheckMs: 1_500 },
    },
  });
  const life = { app: bot.app };
  lives.push(life);
  return life;
}

/** Ends a life whose command is stuck waiting for Discord, as a kill would: nothing it was doing finishes. */
async function die(life: Life) {
  lives.splice(lives.indexOf(life), 1);
  await life.app.stop();
}

/** Job cards: the messages that show a job id in their "Job" field. */
const cardsIn = (channelId: string) => discord.messagesIn(channelId).filter((m) => /^Job: `/m.test(textOf(m)));
const resultsIn = (threadId: string) => discord.messagesIn(threadId).filter((m) => /ready/.test(m.content));
const failuresIn = (threadId: string) => discord.messagesIn(threadId).filter((m) => /fail|stopped/i.test(m.content));
const now = (m: StoredMessage) => discord.state.message(m.id) ?? m;
const cardDone = (card: StoredMessage) => discord.waitFor(() => /Done/.test(textOf(now(card))), 20_000, 'card Done');
const historyReads = () => discord.requests.filter((r) => r.method === 'GET' && /\/messages$/.test(r.path));

async function jobs(app: RunningBot): Promise<Job[]> {
  const all: Job[] = [];
  for await (const [, job] of app.inside.store.namespace('jobs').entries<Job>()) all.push(job);
  return all;
}

describe('a Discord job card shown while the bot died before hearing Discord answer', () => {
  it('is found after a restart: its thread is started, one project, one result there, the card says Done', async () => {
    const first = await boot();
    // Discord shows the card; its answer never reaches the bot (nor does any retry of a dead process).
    discord.faults.hang({ method: 'PATCH', path: ORIGINAL, afterHandling: true });
    discord.faults.hang({ method: 'PATCH', path: ORIGINAL, afterHandling: false, times: 5 });
    const cmd = discord.command('broll', { url: VIDEO });
    const card = await discord.waitFor(() => discord.interactionMessages(cmd.id).find((m) => !m.loading));
    expect(textOf(card)).toMatch(/Submitting/);
    await die(first);

    await boot();
    const thread = await discord.waitFor(() => discord.state.channels.get(card.id), 15_000, 'the card thread');
    await cardDone(card);
    await discord.waitFor(() => resultsIn(thread.id).length > 0, 10_000, 'the result');
    expect(creations).toBe(1);
    expect(resultsIn(thread.id)).toHaveLength(1);
    expect(failuresIn(thread.id)).toEqual([]);
    expect(cardsIn(discord.channelId)).toHaveLength(1);
    // One page of the channel just after the command, read once.
    expect(historyReads().map((r) => r.query)).toEqual([{ limit: '50', after: cmd.id }]);
  });

  it('whose thread was started too: Discord says the thread exists, the result goes there', async () => {
    const first = await boot();
    discord.faults.hang({ method: 'POST', path: /^\/channels\/\d+\/messages\/\d+\/threads$/, afterHandling: true });
    const cmd = discord.command('broll', { url: VIDEO });
    const card = await discord.waitFor(() => discord.interactionMessages(cmd.id).find((m) => !m.loading));
    const thread = await discord.waitFor(() => discord.state.channels.get(card.id), 10_000, 'the thread');
    await die(first);

    await boot();
    await cardDone(card);
    await discord.waitFor(() => resultsIn(thread.id).length > 0, 10_000, 'the result');
    const starts = discord.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/threads'));
    expect(starts.map((r) => r.status)).toEqual([undefined, 400]);
    expect(creations).toBe(1);
    expect(resultsIn(thread.id)).toHaveLength(1);
    expect([...discord.state.channels.values()].filter((c) => c.type === 11)).toHaveLength(1);
  });

  it('started by a click in a thread (a card posted with the bot token): found there, one more result', async () => {
    const first = await boot();
    const cmd = discord.command('broll', { url: VIDEO });
    const card = await discord.waitFor(() => discord.interactionMessages(cmd.id).find((m) => !m.loading));
    const result = await discord.waitFor(() => resultsIn(card.id)[0], 15_000, 'the first result');
    const subtitles = buttonsOf(result).find((b) => b.custom_id?.startsWith('then_subtitles:'));
    // The follow-up's card is created in the thread; Discord's answer never reaches the bot.
    discord.faults.hang({ method: 'POST', path: new RegExp(`^/channels/${card.id}/messages$`), afterHandling: true });
    discord.click(result, subtitles?.custom_id ?? '');
    const followUp = await discord.waitFor(() => cardsIn(card.id).find((m) => /Subtitles/.test(textOf(m))));
    expect(textOf(followUp)).toMatch(/Submitting/);
    await die(first);

    await boot();
    await cardDone(followUp);
    await discord.waitFor(() => resultsIn(card.id).length > 1, 10_000, 'the follow-up result');
    expect(creations).toBe(2);
    expect(resultsIn(card.id)).toHaveLength(2);
    expect(cardsIn(card.id)).toHaveLength(1);
    expect(failuresIn(card.id)).toEqual([]);
  });
});

describe('a Discord job card that never reached Discord', () => {
  it('ends the job after a restart with nothing sent: no project, no thread, no post', async () => {
    const first = await boot();
    // The card's edit is lost on its way: Discord still shows "thinking…".
    discord.faults.hang({ method: 'PATCH', path: ORIGINAL, afterHandling: false, times: 5 });
    const cmd = discord.command('broll', { url: VIDEO });
    await discord.waitForRequest((r) => r.method === 'PATCH' && ORIGINAL.test(r.path), 'the card edit');
    await die(first);
    const messagesBefore = discord.state.messages.length;

    const again = await boot();
    await discord.waitFor(() => historyReads().length > 0, 15_000, 'the card lookup');
    await expect.poll(async () => (await jobs(again.app)).map((j) => j.state), { timeout: 5_000 }).toEqual(['failed']);
    expect(creations).toBe(0);
    expect(discord.state.messages).toHaveLength(messagesBefore);
    expect(discord.interactionMessages(cmd.id).map((m) => m.loading)).toEqual([true]);
    expect([...discord.state.channels.values()].filter((c) => c.type === 11)).toEqual([]);
  });
});
