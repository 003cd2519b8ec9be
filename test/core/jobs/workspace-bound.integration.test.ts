import { afterEach, describe, expect, it } from 'vitest';
import type { Origin } from '../../../src/core/ports.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';

// Issue 40 item 2: project ids are guessable (a time and a counter) and a key shared between workspaces (the
// team's MEDIA_API_KEY, the sandbox's) reads every project made with it. What one workspace's jobs made is shown
// to that workspace only; from anywhere else the id gets the answer an id nobody made gets.

const VIDEO = 'https://example.com/acme-secret-launch.mp4';
const ACME: Partial<Origin> = { workspaceId: 'acme', channelId: 'general', userId: 'ana' };
const GLOBEX: Partial<Origin> = { workspaceId: 'globex', channelId: 'general', userId: 'bo' };
/** A project id nobody made: what an attacker's guess that misses looks like. */
const NOBODYS = '65a1b2c3d4e5f60718293a4b';

let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const texts = (bot: TestBot, from: number) => bot.chat.seen.slice(from).map((s) => JSON.stringify(s.message));

/** What `who` is told by `/project id`, with the id itself taken out so two answers can be compared. */
async function lookUp(bot: TestBot, id: string, who: Partial<Origin>): Promise<{ said: string; public: boolean }> {
  const from = bot.chat.seen.length;
  await bot.command(`/project ${id}`, { origin: who });
  const shown = bot.chat.seen.slice(from);
  return {
    said: shown.map((s) => JSON.stringify(s.message).replaceAll(id, '<id>')).join('\n'),
    public: shown.some((s) => s.where === 'public'),
  };
}

/** Acme's B-roll job, finished: its job id, project id and the video it made (what no one else may see). */
async function acmeJob(bot: TestBot): Promise<{ jobId: string; projectId: string; video: string }> {
  await bot.command(`/broll ${VIDEO}`, { origin: ACME });
  const field = (name: string) =>
    bot.chat.seen
      .filter((s) => s.where === 'card-update' && /Done/.test(s.message.text))
      .flatMap((s) => s.message.cards?.[0]?.fields ?? [])
      .find((f) => f.name === name)
      ?.value.replaceAll('`', '');
  await bot.chat.waitFor(() => field('Project') !== undefined);
  const projectId = field('Project');
  const jobId = field('Job');
  const video = bot.chat.seen
    .filter((s) => s.where === 'thread')
    .flatMap((s) => s.message.cards ?? [])
    .find((c) => c.url?.endsWith('.mp4'))?.url;
  if (!projectId || !jobId || !video) throw new Error('no project id, job id or video in Acme’s thread');
  return { projectId, jobId, video };
}

describe('a project made in one workspace, looked up from another (issue 40 item 2)', () => {
  it('is shown in its own workspace and is an unknown id everywhere else, on the shared key', async () => {
    h = await startTestBot();
    const { projectId, video } = await acmeJob(h);

    const own = await lookUp(h, projectId, ACME);
    expect(own.public).toBe(true);
    expect(own.said).toContain(video);

    const from = h.chat.seen.length;
    const stolen = await lookUp(h, projectId, GLOBEX);
    const guessed = await lookUp(h, NOBODYS, GLOBEX);
    expect(stolen).toEqual(guessed);
    expect(stolen.public).toBe(false);
    expect(stolen.said).toContain('No project `<id>` is known here');
    // Another channel of Acme's that cannot be shown to be visible (the console cannot say) is told the same.
    expect(await lookUp(h, projectId, { ...ACME, channelId: 'private-plans', userId: 'eve' })).toEqual(guessed);
    expect(texts(h, from).join()).not.toContain(video);
  });

  it('with a channel’s own key, the API answers for that key alone: another workspace’s project is a 404 like any', async () => {
    h = await startTestBot();
    const { projectId, video } = await acmeJob(h);
    const form = await h.command('/setup key', { origin: GLOBEX });
    await h.submit(form, { api_key: 'globex-own-key-0123456789' }, GLOBEX);

    const from = h.chat.seen.length;
    const stolen = await lookUp(h, projectId, GLOBEX);
    const guessed = await lookUp(h, NOBODYS, GLOBEX);
    expect(stolen).toEqual(guessed);
    expect(stolen.said).toContain('does not know that project (404)');
    expect(texts(h, from).join()).not.toContain(video);
  });

  it('a Retry or follow-up click carrying Acme’s job id, sent from Globex, is answered as an unknown id', async () => {
    h = await startTestBot();
    const { jobId, video } = await acmeJob(h);
    const cards = () => h?.chat.seen.filter((s) => s.where === 'card').length ?? 0;
    const before = cards();
    const from0 = h.chat.seen.length;

    for (const [forged, unknown] of [
      [`retry:${jobId}`, 'retry:nobodysjob'],
      [`then_subtitles:${jobId}:0:0`, 'then_subtitles:nobodysjob:0:0'],
      [`then_broll:${jobId}:0:0`, 'then_broll:nobodysjob:0:0'],
    ] as const) {
      const from = h.chat.seen.length;
      await h.click(forged, GLOBEX);
      const forgedSaid = texts(h, from).join().replaceAll(jobId, '<id>');
      const mid = h.chat.seen.length;
      await h.click(unknown, GLOBEX);
      expect(forgedSaid).toBe(texts(h, mid).join().replaceAll('nobodysjob', '<id>'));
    }
    expect(cards()).toBe(before);
    expect(texts(h, from0).join()).not.toContain(video);
  });
});
