// Defect 8 of issue 11: SIGTERM exited in 21 ms with results queued for Slack (2 of 3 never posted).
// A real bot process; a container stop sends SIGTERM and kills 10 s later.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackWorld, startSlackWorld, until } from './slack-world.ts';

let world: SlackWorld;
let dir: string;
beforeAll(async () => {
  world = await startSlackWorld({ jobMs: 300 });
  dir = mkdtempSync(join(tmpdir(), 'reelbot-sigterm-'));
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('stopping with SIGTERM', () => {
  it('posts the results queued for Slack, then exits 0 within 10 s', { timeout: 60_000 }, async () => {
    const bot = world.startBot(`sqlite://${join(dir, 'bot.sqlite')}`);
    try {
      await bot.ready;
      // Three jobs in one channel: Slack takes one post per second there, so their results queue up.
      expect(await Promise.all([0, 1, 2].map(() => world.clip('C0TERM')))).toEqual([200, 200, 200]);
      const threadPosts = () => world.web.callsOf('chat.postMessage').filter((c) => c.args.thread_ts !== undefined);
      expect(await until(() => threadPosts().length >= 1, 30_000)).toBe(true);
      const sentAt = Date.now();
      bot.kill('SIGTERM');
      const { code } = await bot.exited;
      expect(code).toBe(0);
      expect(Date.now() - sentAt).toBeLessThan(10_000);
      expect(threadPosts()).toHaveLength(3);
    } finally {
      bot.kill('SIGKILL');
    }
  });
});
