// Reminders across restarts and edits, on the embedded scheduler (SQLite): the task and the count of
// reminders posted live in the store, so a restart neither loses the next one nor posts one again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/ports.ts';
import { embeddedScheduler } from '../../../src/start-bot.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, button, click, lastCard, submitForm } from './support.ts';

const MIN = 60_000;
const VIDEO = 'https://cdn.example.com/reel-5.mp4';

describe('reminders', () => {
  let dir = '';
  const offset = { ms: 0 };
  const clock: Clock = { now: () => Date.now() + offset.ms };
  let h: TestBot | undefined;
  const start = async () => {
    h = await startTestBot({ dir, infra: { clock, scheduler: embeddedScheduler(50) } });
    return h;
  };
  const reminders = (x: TestBot) =>
    x.chat.seen.filter((s) => s.where === 'thread' && /🔔 Reminder/.test(s.message.text)).map((s) => s.message.text);
  const settle = () => new Promise((r) => setTimeout(r, 400));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelbot-remind-'));
    offset.ms = 0;
  });
  afterEach(async () => {
    await h?.close();
    h = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function waitingRequest(): Promise<TestBot> {
    const x = await start();
    await addAccount(x, 'brand', 'youtube', 'brand-key-0123456789');
    await x.command('/setup remind=1m');
    await x.command(`/publish ${VIDEO} accounts=brand title=Waiting`);
    return x;
  }

  it('a restart neither posts a reminder again nor loses the next one', async () => {
    const a = await waitingRequest();
    offset.ms = MIN + 1000;
    await a.chat.waitFor(() => reminders(a).length === 1);
    await a.close();

    const b = await start();
    await settle();
    expect(reminders(b)).toEqual([]);
    offset.ms = 2 * MIN + 1000;
    await b.chat.waitFor(() => reminders(b).length === 1);
    expect(reminders(b)[0]).toMatch(/Reminder 2\/3/);
  });

  it('after the bot was down over two reminders, only the newest is posted', async () => {
    const a = await waitingRequest();
    await a.close();
    offset.ms = 2 * MIN + 1000;
    const b = await start();
    await b.chat.waitFor(() => reminders(b).length === 1);
    await settle();
    expect(reminders(b)).toEqual([expect.stringMatching(/Reminder 2\/3/)]);
  });

  it('an edit starts the count again', async () => {
    const a = await waitingRequest();
    offset.ms = MIN + 1000;
    await a.chat.waitFor(() => reminders(a).length === 1);
    offset.ms = 100_000;
    const edit = await click(a, button(lastCard(a), 'Edit') ?? '');
    await submitForm(a, edit, { title: 'Waiting, retitled' });
    // The old count's second reminder would be due now (2 min after the request); the new count's first
    // comes a minute after the edit.
    offset.ms = 130_000;
    await settle();
    expect(reminders(a)).toHaveLength(1);
    offset.ms = 161_000;
    await a.chat.waitFor(() => reminders(a).length === 2);
    expect(reminders(a)[1]).toMatch(/Reminder 1\/3/);
  });

  it('none after the request is cancelled', async () => {
    const a = await waitingRequest();
    await click(a, button(lastCard(a), 'Cancel') ?? '');
    offset.ms = 4 * MIN;
    await settle();
    expect(reminders(a)).toEqual([]);
  });

  it('a remind set while a request waits applies to it at once, counted from when it was asked', async () => {
    const x = await start();
    await addAccount(x, 'brand', 'youtube', 'brand-key-0123456789');
    // Asked under the default (a day), then the channel asks for a reminder every minute.
    await x.command(`/publish ${VIDEO} accounts=brand title=Waiting`);
    await x.command('/setup remind=1m');
    offset.ms = MIN + 1000;
    await x.chat.waitFor(() => reminders(x).length === 1);
    expect(reminders(x)[0]).toMatch(/Reminder 1\/3/);
    // Turned off while it waits: no second one.
    await x.command('/setup remind=off');
    offset.ms = 2 * MIN + 1000;
    await settle();
    expect(reminders(x)).toHaveLength(1);
  });
});
