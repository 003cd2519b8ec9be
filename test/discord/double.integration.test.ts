import { afterEach, expect, it } from 'vitest';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { type Running, startAdapter } from './support.ts';

let discord: DiscordDouble;
let running: Running;

afterEach(async () => {
  await running.adapter.stop();
  await discord.close();
});

it('the Discord double acknowledges the client heartbeats', async () => {
  discord = await createDiscordDouble({ heartbeatIntervalMs: 100 });
  running = await startAdapter(discord);
  await discord.waitFor(() => discord.heartbeatsAcked() >= 2, 10_000, 'two heartbeats');
  expect(discord.heartbeatsAcked()).toBeGreaterThanOrEqual(2);
});
