import { REST, Routes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Origin } from '../../src/core/ports.ts';
import { createCardFinder } from '../../src/discord/find-card.ts';
import { createDiscordDouble, type DiscordDouble, type Dispatched } from '../doubles/discord/index.ts';

// How a card is told apart from the rest of a channel (src/discord/find-card.ts), against the Discord
// double with no bot running: the test plays the bot's earlier life with plain REST calls.

let discord: DiscordDouble;
let rest: REST;

beforeEach(async () => {
  discord = await createDiscordDouble();
  rest = new REST({ api: discord.restUrl }).setToken(discord.token);
});
afterEach(async () => {
  await discord.close();
});

const cardOf = (jobId: string, title = '🎥 B-roll: example.com/talk.mp4') => ({
  content: '🎥 B-roll · ⏳ Submitting…',
  embeds: [{ title, fields: [{ name: 'Job', value: `\`${jobId}\``, inline: true }] }],
});

/** A slash command deferred ("thinking…"), then answered with `body` unless the answer was lost. */
async function deferred(body?: object): Promise<Dispatched> {
  const cmd = discord.command('broll');
  await rest.post(`/interactions/${cmd.id}/${cmd.token}/callback`, { body: { type: 5 }, auth: false });
  if (body) await rest.patch(Routes.webhookMessage(discord.applicationId, cmd.token), { body, auth: false });
  return cmd;
}

const originOf = (cmd: Dispatched): Origin => ({
  platform: 'discord',
  workspaceId: discord.guildId,
  channelId: discord.channelId,
  userId: discord.actors.member.userId,
  interactionId: cmd.id,
});

const post = (body: object) => rest.post(Routes.channelMessages(discord.channelId), { body });

describe('finding a Discord job card whose answer a crash cut off', () => {
  it('picks the card that shows the job, not a later card quoting it, in a channel busy since', async () => {
    const cmd = await deferred(cardOf('newjob0001'));
    await post(cardOf('otherjob01', '🎥 B-roll: example.com/talk.mp4 (retry of newjob0001)'));
    for (let i = 0; i < 60; i++) await post({ content: `chatter ${i}` });

    const found = await createCardFinder(rest)(originOf(cmd), 'newjob0001:card', 'newjob0001');
    const card = discord.interactionMessages(cmd.id)[0];
    expect(found).toEqual({
      platform: 'discord',
      workspaceId: discord.guildId,
      channelId: discord.channelId,
      threadId: card?.id,
      cardMessageId: card?.id,
    });
    // The crash came before the thread: it is started now, from the card.
    expect(discord.state.channels.get(card?.id ?? '')).toMatchObject({ type: 11, parent_id: discord.channelId });
  });

  it('does not take a "thinking…" placeholder for the card (its answer never reached Discord)', async () => {
    const cmd = await deferred();
    expect(await createCardFinder(rest)(originOf(cmd), 'lostjob001:card', 'lostjob001')).toBeUndefined();
    expect([...discord.state.channels.values()].filter((c) => c.type === 11)).toEqual([]);
  });

  it('does not take the answer of another interaction, even one showing the same job id', async () => {
    const cmd = discord.command('broll');
    await deferred(cardOf('samejob001'));
    expect(await createCardFinder(rest)(originOf(cmd), 'samejob001:card', 'samejob001')).toBeUndefined();
  });
});
