import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/ports.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, lastCard, lastEphemeral } from './support.ts';

const VIDEO = 'https://cdn.example.com/reel-3.mp4';
const HOUR = 3600_000;

describe('scheduled posts', () => {
  let dir = '';
  const offset = { ms: 0 };
  const clock: Clock = { now: () => Date.now() + offset.ms };
  let h: TestBot | undefined;
  const start = () => startTestBot({ dir, infra: { clock } });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelbot-sched-'));
    offset.ms = 0;
  });
  afterEach(async () => {
    await h?.close();
    h = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('survives a restart, posts at its time, and one cancelled from /scheduled never posts', async () => {
    h = await start();
    await addAccount(h, 'brand', 'linkedin', 'brand-key-0123456789');
    await h.command('/setup timezone=Europe/Paris');
    await h.command(`/publish ${VIDEO} accounts=brand title=Later schedule="in 2 hours"`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    expect(lastCard(h).text).toMatch(/approved, scheduled/);
    expect(JSON.stringify(lastCard(h))).toMatch(/\(Europe\/Paris\) · .* UTC/);
    await h.command(`/publish ${VIDEO} accounts=brand title=Never schedule="in 3 hours"`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));

    await h.command('/scheduled');
    const list = h.chat.ephemerals().at(-1)?.message;
    expect(list?.cards?.map((c) => c.title)).toEqual(['Later', 'Never', 'Last published']);
    const cancel = list?.cards?.[1]?.controls?.find((c) => c.kind === 'action' && c.label === 'Cancel');
    await click(h, cancel?.kind === 'action' ? cancel.id : '', as('ana'));
    expect(lastEphemeral(h)).toBe('Cancelled.');
    await h.close();
    h = undefined;

    // Back 5 minutes after the first one's time (within the 15-minute grace), before the cancelled one's.
    offset.ms = 2 * HOUR + 5 * 60_000;
    h = await start();
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /Published to brand/.test(s.message.text)));
    offset.ms = 3 * HOUR + 5 * 60_000;
    await new Promise((r) => setTimeout(r, 300));
    // The sandbox restarted with the bot: its post log holds what this process posted.
    expect(h.posts().map((p) => p.title)).toEqual(['Later']);
    expect(h.posts()[0]?.scheduleTime).toBeNull();
  });

  it('a post whose time passed while the bot was down asks before posting', async () => {
    h = await start();
    await addAccount(h, 'brand', 'facebook', 'brand-key-0123456789');
    await h.command(`/publish ${VIDEO} accounts=brand title=Missed schedule="in 1 hour"`);
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    await h.close();
    h = undefined;

    offset.ms = HOUR + 20 * 60_000;
    h = await start();
    await h.chat.waitFor((seen) =>
      seen.some((s) => s.where === 'thread' && /while the bot was down/.test(s.message.text)),
    );
    expect(h.posts()).toEqual([]);
    await click(h, button(lastCard(h), 'Post now') ?? '', as('ana'));
    expect(h.posts().map((p) => p.title)).toEqual(['Missed']);
  });
});
