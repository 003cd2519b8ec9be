import { afterEach, describe, expect, it } from 'vitest';
import { answerOf, buttonsOf, cardAndThread, startWorld, textOf, type World } from './e2e-support.ts';

// Issue 40 item 2 on Discord: one bot in two servers (two teams, one operator key). A project made in one
// server is that server's: looked up from the other, its id gets the answer an id nobody made gets, privately,
// with nothing of the video. Discord signs each interaction with the server it came from (`guild_id`), which
// the bot takes as the workspace.

/** A project id nobody made: what an attacker's guess that misses looks like. */
const NOBODYS = '65a1b2c3d4e5f60718293a4b';
const VIDEO = 'https://example.com/acme-secret-launch.mp4';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/** What the command's caller is shown, with `id` taken out so two answers compare, and whether only they see it. */
async function lookUp(world: World, id: string, channelId?: string) {
  const cmd = world.discord.command('project', { id }, channelId ? { channelId } : {});
  const answer = await answerOf(world, cmd.id);
  // What a reader can open: the text, and where each link and embed leads.
  const links = [
    ...buttonsOf(answer).map((b) => b.url ?? ''),
    ...(answer.embeds as Array<{ url?: string }>).map((e) => e.url ?? ''),
  ];
  return { said: [textOf(answer), ...links].join('\n').replaceAll(id, '<id>'), private: (answer.flags & 64) !== 0 };
}

describe('a project made in one Discord server, looked up from another (issue 40 item 2)', () => {
  it('is shown in its own server and is an unknown id in the other, on the shared key', async () => {
    w = await startWorld();
    const { discord } = w;
    const cmd = discord.command('broll', { url: VIDEO });
    const { card, threadId } = await cardAndThread(w, cmd.id);
    const result = await discord.waitForMessage(threadId, (m) => /ready/.test(m.content));
    const video = (result.embeds as Array<{ url?: string }>).find((e) => e.url)?.url;
    expect(video).toBeTruthy();
    const done = await discord.waitFor(
      () => {
        const shown = textOf(discord.state.message(card.id) ?? card);
        return /Done/.test(shown) ? shown : undefined;
      },
      10_000,
      'the card Done',
    );
    const projectId = /Project: `?([0-9a-f]{24})/.exec(done)?.[1];
    if (!projectId || !video) throw new Error(`no project id or video on the card: ${done}`);

    const own = await lookUp(w, projectId);
    expect(own.said).toContain(video);

    const globex = discord.addGuild('Globex');
    const stolen = await lookUp(w, projectId, globex.channelId);
    const guessed = await lookUp(w, NOBODYS, globex.channelId);
    expect(stolen).toEqual(guessed);
    expect(stolen.private).toBe(true);
    expect(stolen.said).not.toContain(video);
    expect(stolen.said).toContain('No project `<id>` is known here');
    // Nothing was posted in the other server's channel.
    expect(discord.messagesIn(globex.channelId).filter((m) => !m.interactionId)).toEqual([]);
  });
});
