import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonsOf,
  callbackTypes,
  cardAndThread,
  messageCreates,
  startWorld,
  textOf,
  type World,
} from './e2e-support.ts';

// A team on Discord runs the media commands; the real core and the sandbox do the work; results land in
// each job's thread, posted with the bot token.

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

interface Embed {
  title?: string;
  url?: string;
  image?: { url: string };
}

const CASES = [
  { command: 'clip', options: { url: 'https://youtu.be/abc123', reels: 2 }, results: 2, image: true, link: 'Watch' },
  { command: 'ttv', options: { script: 'Three tips for better sleep.' }, results: 1, image: false, link: 'Watch' },
  { command: 'subtitles', options: { url: 'https://example.com/talk.mp4' }, results: 1, image: true, link: 'Watch' },
  { command: 'broll', options: { url: 'https://example.com/talk.mp4' }, results: 1, image: true, link: 'Watch' },
  {
    command: 'tts',
    options: { voice: 'Jenny', text: 'Welcome to the show!' },
    results: 1,
    image: false,
    link: 'Listen',
  },
] as const;

describe('a media command on Discord, from the slash command to the result in its thread', () => {
  it.each(CASES)('/$command: deferred, the card as reply, a thread from it, the result posted there', async (c) => {
    w = await startWorld();
    const { discord } = w;
    const cmd = discord.command(c.command, c.options);
    const { card, threadId } = await cardAndThread(w, cmd.id);
    expect(callbackTypes(w, cmd.id)).toEqual([5]);
    expect(card.flags & 64).toBe(0);
    expect(discord.state.channels.get(threadId)).toMatchObject({ parent_id: discord.channelId, type: 11 });

    const result = await discord.waitForMessage(threadId, (m) => /ready/.test(m.content));
    expect(result.content).toContain(`<@${discord.actors.member.userId}>`);
    const embeds = result.embeds as Embed[];
    expect(embeds).toHaveLength(c.results);
    for (const e of embeds) {
      expect(e.title).toBeTruthy();
      expect(e.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      if (c.image) expect(e.image?.url).toMatch(/\.png$/);
    }
    const links = buttonsOf(result).filter((b) => b.style === 5);
    expect(links).toHaveLength(c.results);
    expect(links[0]?.label).toContain(c.link);

    const [create, ...again] = messageCreates(w, threadId);
    expect(again).toEqual([]);
    expect(create?.headers.authorization).toBe(`Bot ${discord.token}`);
    expect(create?.body).toMatchObject({ nonce: result.nonce, enforce_nonce: true });
    const done = await discord.waitFor(() => /Done/.test(textOf(discord.state.message(card.id) ?? card)));
    expect(done).toBe(true);
  });
});

describe('a failed project on Discord', () => {
  it('posts the failure with a Retry button in the thread, and Retry works after a restart', async () => {
    w = await startWorld();
    const { discord } = w;
    const cmd = discord.command('clip', { url: 'https://example.com/fail-this.mp4' });
    const { threadId } = await cardAndThread(w, cmd.id);
    const failure = await discord.waitForMessage(threadId, (m) => /failed/.test(m.content));
    expect(failure.content).toContain(`<@${discord.actors.member.userId}>`);
    const retry = buttonsOf(failure).find((b) => b.custom_id?.startsWith('retry:'));
    expect(retry?.label).toContain('Retry');

    await w.restart();
    const click = discord.click(failure, retry?.custom_id ?? '', { actor: discord.actors.manager });
    const failures = () => discord.messagesIn(threadId).filter((m) => /failed/.test(m.content));
    await discord.waitFor(() => failures().length === 2, 10_000, 'the retried job to fail again');
    expect(callbackTypes(w, click.id)).toEqual([6]);
    const retried = discord.messagesIn(threadId).find((m) => /retry of/.test(textOf(m)));
    expect(retried?.embeds).toHaveLength(1);
    expect(failures()[1]?.content).toContain(`<@${discord.actors.manager.userId}>`);
    expect(buttonsOf(failures()[1] ?? failure)[0]?.custom_id).not.toBe(retry?.custom_id);
  });
});

describe('/jobs on Discord', () => {
  it('lists a running job, only to the person who asked', async () => {
    w = await startWorld({ jobMs: 60_000 });
    const { discord } = w;
    const clip = discord.command('clip', { url: 'https://youtu.be/abc123' });
    const { card } = await cardAndThread(w, clip.id);
    await discord.waitFor(() => /Working on it/.test(textOf(discord.state.message(card.id) ?? card)));

    const jobs = discord.command('jobs', {}, { actor: discord.actors.manager });
    const answer = await discord.waitFor(() =>
      discord.interactionMessages(jobs.id).find((m) => !m.loading && m.content !== ''),
    );
    expect(answer.flags & 64).toBe(64);
    expect(answer.content).toMatch(/1 job running here/);
    expect(answer.content).toContain(`<@${discord.actors.member.userId}>`);
  });
});
