import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resealStore } from '../../../src/cli/reseal.ts';
import { loadConfig } from '../../../src/config.ts';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { origin, runPrepared, startTestBot, type TestBot } from '../../support/bot.ts';

// The key lifecycle as a channel's admins and the operator meet it: a bad key never replaces a good one,
// a rotated ENCRYPTION_KEY never locks a channel out.

const GOOD = 'sk-live-good-0123456789abcd';
const SOCIAL = 'social-access-key-0123456789';
const CHANNEL = channelKeyOf(origin);
let h: TestBot | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const said = (x: TestBot) => {
  const m = x.chat.ephemerals().at(-1)?.message;
  return [m?.text, ...(m?.cards ?? []).flatMap((c) => (c.fields ?? []).map((f) => `${f.name}: ${f.value}`))].join('\n');
};

async function submitKey(x: TestBot, key: string, force = false) {
  const form = await x.command(force ? '/setup key force' : '/setup key');
  if (form.kind !== 'modal') throw new Error(`expected a form, got ${form.kind}`);
  const submitted = x.bot.prepareModal({
    modalId: form.modal.id,
    values: { api_key: key },
    origin,
    canConfigure: true,
  });
  await runPrepared(submitted, x.chat.reply(origin));
  return said(x);
}

describe('/setup key checks before it saves', () => {
  it('keeps the working key when the API rejects the new one (401), and says so', async () => {
    h = await startTestBot();
    expect(await submitKey(h, GOOD)).toMatch(/Saved the API key/);
    const answer = await submitKey(h, 'invalid-typo-0000000000');
    expect(answer).toMatch(/The key was not saved: .*rejected the API key \(401\)/);
    expect(answer).toContain('keeps its current key (••••••abcd)');
    expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBe(GOOD);
  });

  it('does not save while the API cannot answer, and `force` saves without asking it', async () => {
    h = await startTestBot();
    const down = 'error500-sure-of-this-key';
    expect(await submitKey(h, down)).toMatch(/not saved, because checking it failed: .*\(500\).*`\/setup key force`/s);
    expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBeUndefined();
    expect(await submitKey(h, down, true)).toMatch(/Saved the API key for this channel without checking it \(force\)/);
    expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBe(down);
  });
});

describe('a stored key that no encryption key opens', () => {
  it('is reported as unreadable instead of "Something went wrong", and /setup key and clear_key work', async () => {
    h = await startTestBot();
    // What a lost data/encryption.key leaves behind: a sealed value the bot's key does not open.
    const foreign = `k00000000.${randomBytes(12).toString('base64url')}.${randomBytes(16).toString('base64url')}.AAAA`;
    await h.app.inside.store.namespace('settings').set(CHANNEL, { apiKey: foreign, language: 'french' });

    await h.command('/clip https://example.com/talk.mp4');
    expect(said(h)).toMatch(/The stored key can no longer be read — set it again with `\/setup key`/);
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(0);
    await h.command('/setup');
    expect(said(h)).toContain('API key: ⚠️ the stored key can no longer be read — set it again');
    expect(said(h)).toContain('Default language: french');

    await h.command('/setup clear_key');
    expect(said(h)).toMatch(/Removed this channel’s API key/);
    await h.app.inside.store.namespace('settings').set(CHANNEL, { apiKey: foreign });
    expect(await submitKey(h, GOOD)).toMatch(/Saved the API key/);
    expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBe(GOOD);
  });
});

describe('rotating ENCRYPTION_KEY', () => {
  it('opens old secrets with ENCRYPTION_KEY_PREVIOUS, and after keys:reseal the old key can go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-rotate-'));
    dirs.push(dir);
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const store = `sqlite://${join(dir, 'bot.sqlite')}`;
    h = await startTestBot({ env: { ENCRYPTION_KEY: oldKey }, dir });
    await h.app.inside.settings.update(CHANNEL, { apiKey: GOOD });
    await h.app.inside.publish.accounts.put(CHANNEL, { name: 'brand', platform: 'youtube' }, SOCIAL, 'admin');
    await h.close();

    h = await startTestBot({ env: { ENCRYPTION_KEY: newKey, ENCRYPTION_KEY_PREVIOUS: oldKey }, dir });
    expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBe(GOOD);
    await h.close();
    h = undefined;

    const report = await resealStore(
      loadConfig({ STORE_URL: store, ENCRYPTION_KEY: newKey, ENCRYPTION_KEY_PREVIOUS: oldKey }),
    );
    expect(report).toEqual({
      resealed: 1,
      unreadable: [],
      malformed: [],
      socials: { resealed: 1, unreadable: [] },
      currentKey: 'ENCRYPTION_KEY',
      sealedWithOldKey: { channels: 1, socials: 1 },
    });
    // The old key is gone: the API key and the social access key both still open.
    h = await startTestBot({ env: { ENCRYPTION_KEY: newKey }, dir });
    expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBe(GOOD);
    expect(await h.app.inside.publish.accounts.keys(CHANNEL, ['brand'])).toEqual({ keys: [SOCIAL], missing: [] });
  });
});

describe('the request budget in /jobs and /setup', () => {
  it('shows what is left of the channel key’s hour, with the share kept for reading results', async () => {
    h = await startTestBot({ env: { MEDIA_API_RATE_LIMIT: '50' } });
    await h.command('/jobs');
    expect(said(h)).toMatch(
      /Request budget: \d+ of 40 requests left this hour for new work \(10 more kept for reading results back\)/,
    );
    await h.command('/setup');
    expect(said(h)).toMatch(/Request budget: \d+ of 40 requests left this hour for new work/);
  });
});
