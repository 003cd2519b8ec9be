import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { SUBMIT_QUEUE } from '../../../src/core/jobs/resume.ts';
import type { Reply } from '../../../src/core/ports.ts';
import { type Sandbox, startSandbox } from '../../../src/sandbox/server.ts';
import { embeddedScheduler } from '../../../src/start-bot.ts';
import { freePort } from '../../support/bot-process.ts';
import { countingTransport } from '../../support/counting-transport.ts';
import { type Harness, jobsRepoOf, origin, startHarness } from '../../support/harness.ts';
import type { RecordingChat } from '../../support/recording-chat.ts';

// Issue 11: a process that dies after a job's card was posted and before (or while) its creation request
// left. A restart on the same SQLite file must create the project exactly once when it was never sent,
// and never a second one when it may have been sent. The media API is the sandbox over HTTP.

const VIDEO = 'https://example.com/talk.mp4';
const KEY = 'sk-team-key-000000';
const never = new Promise<never>(() => undefined);

let sandbox: Sandbox;
let dir: string;
let port: number;
let creations: number;
const running: Harness[] = [];

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobMs: 1500, webhookRetryMs: 200 });
  dir = mkdtempSync(join(tmpdir(), 'reelbot-resume-'));
  port = await freePort();
  creations = 0;
});
afterEach(async () => {
  for (const h of running.splice(0)) await h.close().catch(() => undefined);
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One life of the bot on the shared SQLite file and public address; a restart is another call. */
async function boot(options: { hang?: boolean; submitCheckMs?: number } = {}): Promise<Harness> {
  const h = await startHarness(
    { MEDIA_API_URL: sandbox.baseUrl, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    {
      dir,
      infra: {
        mediaTransport: countingTransport(sandbox.baseUrl, () => creations++, { hang: options.hang === true }),
        scheduler: embeddedScheduler(50),
      },
      tuning: { timings: { firstPollMs: 60_000, maxPollMs: 60_000, submitCheckMs: options.submitCheckMs ?? 60_000 } },
    },
  );
  running.push(h);
  return h;
}

/** Stops a life of the bot whose command is stuck mid-way, as a kill would: nothing it was doing finishes. */
async function die(h: Harness) {
  running.splice(running.indexOf(h), 1);
  await h.close();
}

const threadPosts = (chat: RecordingChat) => chat.seen.filter((s) => s.where === 'thread');
const done = (chat: RecordingChat) => chat.seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text));
const jobIdOn = (chat: RecordingChat) => /`([a-z0-9]{10})`/.exec(JSON.stringify(chat.seen[0]?.message))?.[1] ?? '';

describe('a job a crash left "Submitting…" with its creation never sent', () => {
  it('is resumed by the check task after a restart: one project, one result, the card says Done', async () => {
    const first = await boot();
    await first.app.inside.settings.update(channelKeyOf(origin), { apiKey: KEY });
    const now = Date.now();
    const thread = {
      platform: 'console' as const,
      workspaceId: 'local',
      channelId: 'local',
      threadId: 't0',
      cardMessageId: 't0',
    };
    // What a kill after the card was posted and before the creation left leaves: the job, its card, its check.
    await jobsRepoOf(first.app).save({
      id: 'cutoffjob1',
      kind: 'broll',
      state: 'submitting',
      channelKey: channelKeyOf(origin),
      origin,
      thread,
      cardShows: 'submitting',
      summary: 'example.com/talk.mp4',
      requests: [{ videoUrl: VIDEO }],
      projectIds: [null],
      createdAt: now,
      updatedAt: now,
    });
    await first.app.inside.scheduler.schedule(SUBMIT_QUEUE, 'cutoffjob1', now + 300, {});
    await die(first);

    const again = await boot();
    await again.chat.waitFor(() => done(again.chat), 20_000);
    expect(creations).toBe(1);
    expect(threadPosts(again.chat)).toHaveLength(1);
    expect(threadPosts(again.chat)[0]?.message.text).not.toMatch(/failed|may have created/i);
  });

  it('whose card was on its way when the process died: the card is found, one project, one result', async () => {
    const first = await boot({ submitCheckMs: 1500 });
    await first.app.inside.settings.update(channelKeyOf(origin), { apiKey: KEY });
    const shows = first.chat.reply(origin);
    // The platform shows the card; the process dies before its answer comes back.
    const cutOff: Reply = {
      ...shows,
      async openThread(card, tag) {
        await shows.openThread(card, tag);
        return never;
      },
    };
    void first.command(`/broll ${VIDEO}`, { reply: cutOff });
    await first.chat.waitFor((seen) => seen.some((s) => s.where === 'card'));
    await die(first);

    const again = await boot();
    // The platform is the same one: the restarted bot finds the card there.
    again.useChat(first.chat);
    await first.chat.waitFor(() => done(first.chat), 20_000);
    expect(creations).toBe(1);
    expect(threadPosts(first.chat)).toHaveLength(1);
  });
});

describe('a job a crash left "Submitting…" while its creation request was in flight', () => {
  it('never creates a second project: the thread is told, and the project still brings its result', async () => {
    const first = await boot({ hang: true });
    await first.app.inside.settings.update(channelKeyOf(origin), { apiKey: KEY });
    void first.command(`/broll ${VIDEO}`);
    await first.chat.waitFor(() => creations === 1);
    const jobId = jobIdOn(first.chat);
    await die(first);

    const again = await boot();
    again.useChat(first.chat);
    // As the job's check task would, before the API finishes the project (1.5 s after it was made).
    await again.app.inside.jobs.resumeSubmitting(jobId);
    const told = threadPosts(first.chat)[0]?.message.text ?? '';
    expect(told).toMatch(/may have created the project anyway/);
    // The sandbox's webhook carries the job's token: the project is adopted and its result posted.
    await first.chat.waitFor(() => done(first.chat), 20_000);
    expect(creations).toBe(1);
    expect(threadPosts(first.chat)).toHaveLength(2);
  });
});
