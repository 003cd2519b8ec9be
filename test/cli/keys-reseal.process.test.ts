import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox, rotationKeys } from '../../src/core/channels/secret-box.ts';
import { createSettingsRepo } from '../../src/core/channels/settings-repo.ts';
import { createAccountsRepo } from '../../src/core/publish/accounts.ts';
import { openStore } from '../../src/infra/store/open-store.ts';
import { run, stopAll } from '../support/bot-process.ts';

// `keys:reseal` rewrites every secret of the live store: an operator runs it once per rotation and then drops the
// old key if it exited 0. So it must change nothing unless asked to, and say "not everything opened" by its status.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(stopAll);

const CHANNEL = 'discord:guild:channel';
const API_KEY = 'mk_live_0123456789abcdef';
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let path = '';

/** A real SQLite store, as the bot leaves it: one channel's API key and one social access key sealed with `key`. */
async function storeSealedWith(key: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-reseal-'));
  dirs.push(dir);
  const file = join(dir, 'reelbot.sqlite');
  const store = await openStore({ kind: 'sqlite', path: file });
  const box = createSecretBox(rotationKeys(key));
  await createSettingsRepo(store, box).update(CHANNEL, { apiKey: API_KEY });
  await createAccountsRepo(store, box).put(CHANNEL, { name: 'brand', platform: 'youtube' }, 'social-secret', 'admin');
  await store.close();
  return file;
}

/** The stored ciphertexts, to tell whether anything was written. */
async function sealedValues(file: string): Promise<unknown[]> {
  const store = await openStore({ kind: 'sqlite', path: file });
  try {
    return [await store.namespace('settings').get(CHANNEL), await store.namespace('socials').get(CHANNEL)];
  } finally {
    await store.close();
  }
}

/** Whether the channel's API key opens with `key` alone. */
async function opensWith(file: string, key: Buffer): Promise<boolean> {
  const store = await openStore({ kind: 'sqlite', path: file });
  try {
    return (await createSettingsRepo(store, createSecretBox(rotationKeys(key))).get(CHANNEL)).apiKey === API_KEY;
  } finally {
    await store.close();
  }
}

const rotation = () => ({
  STORE_URL: `sqlite://${path}`,
  ENCRYPTION_KEY: newKey.toString('base64'),
  ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64'),
});
const reseal = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/keys-reseal.ts', ...args], env);

beforeEach(async () => {
  path = await storeSealedWith(oldKey);
});

describe('npm run keys:reseal', () => {
  it('-- --help prints the usage and leaves the store as it was', async () => {
    const before = await sealedValues(path);
    const r = run('npm', ['run', 'keys:reseal', '--', '--help'], rotation());
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Usage: npm run keys:reseal');
    expect(r.output()).toContain('--dry-run');
    expect(r.output()).not.toContain('Sealed');
    expect(await sealedValues(path)).toEqual(before);
  }, 60_000);

  it('refuses an unknown flag with exit 2 and the usage, before touching the store', async () => {
    const before = await sealedValues(path);
    const r = reseal(['--dryrun'], rotation());
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain("Unknown option '--dryrun'");
    expect(r.output()).toContain('Usage: npm run keys:reseal');
    expect(await sealedValues(path)).toEqual(before);
  }, 30_000);

  it('--dry-run says what it would seal again and writes nothing', async () => {
    const before = await sealedValues(path);
    const r = reseal(['--dry-run'], rotation());
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Dry run: nothing was written.');
    expect(r.output()).toContain('Would seal the secrets of 1 channel(s) again');
    expect(r.output()).toContain('Would seal 1 social access key(s) again');
    expect(await sealedValues(path)).toEqual(before);
    expect(await opensWith(path, newKey)).toBe(false);
  }, 30_000);

  it('after a rotation seals everything with the new key and exits 0, so the old key can go', async () => {
    const r = reseal([], rotation());
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Sealed the secrets of 1 channel(s) again with the current ENCRYPTION_KEY.');
    expect(r.output()).toContain('Sealed 1 social access key(s) again.');
    expect(await opensWith(path, newKey)).toBe(true);
  }, 30_000);

  it('with a key that opens nothing exits 1, lists what stayed sealed, and claims nothing was sealed', async () => {
    const r = reseal([], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY: newKey.toString('base64') });
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain('Sealed the secrets of 0 channel(s) again');
    expect(r.output()).toContain(`1 channel(s) hold a key no configured key opens`);
    expect(r.output()).toContain(`${CHANNEL}/brand`);
    expect(r.output()).toContain('add it to ENCRYPTION_KEY_PREVIOUS');
    // The unopened secret is kept as it was: the right old key can still open it later.
    expect(await opensWith(path, oldKey)).toBe(true);
  }, 30_000);

  it('refuses a store file that does not exist (run from the wrong folder) instead of sealing an empty one', async () => {
    const missing = join(path, '..', 'elsewhere', 'reelbot.sqlite');
    const r = reseal([], { ...rotation(), STORE_URL: `sqlite://${missing}` });
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain(`keys:reseal cannot start: STORE_URL names ${missing}, which does not exist`);
    expect(existsSync(missing)).toBe(false);
  }, 30_000);
});
