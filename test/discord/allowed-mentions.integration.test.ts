import { afterEach, describe, expect, it } from 'vitest';
import { cardAndThread, startWorld, type World } from './e2e-support.ts';

// Discord notifies whoever `allowed_mentions` allows, and an edit without it re-parses the content with
// the defaults: every message the bot sends or edits, through the bot token or an interaction's, says
// exactly whom it means.

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const FORGED = '<@123456789012345678> <@&987654321098765432> @everyone [trusted](https://evil.example)';

/** The message bodies the bot sent: creates, edits, interaction callbacks and webhook edits. */
function bodies(world: World): Array<{ method: string; path: string; body: Record<string, unknown> }> {
  return world.discord.state.requests.flatMap((r) => {
    const raw = (r.body ?? {}) as Record<string, unknown>;
    const body = (raw.data && typeof raw.data === 'object' ? raw.data : raw) as Record<string, unknown>;
    return typeof body.content === 'string' ? [{ method: r.method, path: r.path, body }] : [];
  });
}

describe('whom a Discord message notifies', () => {
  it('is the person the bot names, on every create and edit; a script typed with mentions notifies nobody', async () => {
    w = await startWorld();
    const { discord } = w;
    const member = discord.actors.member.userId;
    const cmd = discord.command('tts', { voice: 'Jenny', text: `${FORGED} Welcome to the show!` });
    const { card, threadId } = await cardAndThread(w, cmd.id);
    const result = await discord.waitForMessage(threadId, (m) => /ready/.test(m.content));
    await discord.waitFor(() => /Done/.test(JSON.stringify(discord.state.message(card.id)?.embeds)));

    expect(result.notified).toEqual([`user:${member}`]);
    expect(discord.state.message(card.id)?.notified).toEqual([]);
    const sent = bodies(w);
    expect(sent.some((s) => s.method === 'PATCH')).toBe(true);
    for (const s of sent) expect(s.body.allowed_mentions, `${s.method} ${s.path}`).toMatchObject({ parse: [] });
    expect(JSON.stringify(discord.state.messages)).not.toMatch(/\]\(https:\/\/evil/);
  });
});
