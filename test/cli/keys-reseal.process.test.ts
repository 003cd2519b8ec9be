import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox, rotationKeys } from '../../src/core/channels/secret-box.ts';
import { createSettingsRepo } from '../../src/core/channels/settings-repo.ts';
import type { Logger } from '../../src/core/ports.ts';
import { createAccountsRepo } from '../../src/core/publish/accounts/accounts.ts';
import { openStore, type StoreOptions } from '../../src/infra/store/open-store.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../infra/store/helpers.ts';
import { run, stopAll } from '../support/bot-process.ts';
import { type Harness, startHarness } from '../support/harness.ts';

// `keys:reseal` rewrites every secret of the live store: an operator runs it once per rotation and then drops the
// old key if it exited 0. So it must change nothing unless asked to, and say "not everything opened" by its status.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
let bot: Harness | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
  await stopAll();
});

const CHANNEL = 'discord:guild:channel';
const API_KEY = 'mk_live_0123456789abcdef';
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let path = '';

/** A real SQLite store, as the bot leaves it: one channel's API key and one social access key sealed with `key`. */
async function storeSealedWith(key: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-reseal-'));
  dirs.push(dir);
  const file = join(dir, 'bot.sqlite');
  await sealInto({ kind: 'sqlite', path: file }, key);
  return file;
}

async function sealInto(at: StoreOptions, key: Buffer): Promise<void> {
  const store = await openStore(at);
  const box = createSecretBox(rotationKeys(key));
  await createSettingsRepo(store, box).update(CHANNEL, { apiKey: API_KEY });
  await createAccountsRepo(store, box).put(CHANNEL, { name: 'brand', platform: 'youtube' }, 'social-secret', 'admin');
  await store.close();
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
async function opensWith(at: string | StoreOptions, key: Buffer): Promise<boolean> {
  const store = await openStore(typeof at === 'string' ? { kind: 'sqlite', path: at } : at);
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
    expect(r.output()).toContain('Sealed the secrets of 1 channel(s) again with the current key (ENCRYPTION_KEY).');
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

// docs/operations.md's rotation on SQLite: the key lives in data/encryption.key (the folder of the store) unless
// ENCRYPTION_KEY is set. Whichever holds the new key, after the reseal a plain start must read every secret.
const keyFile = () => join(dirname(path), 'encryption.key');
const writeKeyFile = (key: Buffer) => writeFileSync(keyFile(), `${key.toString('base64')}\n`, { mode: 0o600 });
const keyFileHolds = () => Buffer.from(readFileSync(keyFile(), 'utf8').trim(), 'base64');
const oldKeysFile = () => join(dirname(path), 'encryption.key.old');
const oldKeysHeld = () =>
  readFileSync(oldKeysFile(), 'utf8')
    .trim()
    .split('\n')
    .map((line) => Buffer.from(line, 'base64'));

/** A start with nothing but the store: its key is the key file's. */
async function plainStart(logger?: Logger): Promise<Harness> {
  bot = await startHarness({}, { dir: dirname(path), ...(logger ? { logger } : {}) });
  return bot;
}

async function readsEverySecret(h: Harness): Promise<void> {
  expect((await h.app.inside.settings.get(CHANNEL)).apiKey).toBe(API_KEY);
  expect(await h.app.inside.publish.accounts.keys(CHANNEL, ['brand'])).toEqual({
    keys: ['social-secret'],
    missing: [],
  });
}

describe('a key rotation on SQLite', () => {
  it('with the new key written to data/encryption.key and the old one in ENCRYPTION_KEY_PREVIOUS', async () => {
    writeKeyFile(newKey);
    const r = reseal([], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64') });
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain(`Sealed the secrets of 1 channel(s) again with the current key (${keyFile()}).`);
    expect(r.output()).toContain('Sealed 1 social access key(s) again.');
    expect(keyFileHolds()).toEqual(newKey);
    await readsEverySecret(await plainStart());
  }, 30_000);

  it('with the new key in ENCRYPTION_KEY gives the key file the new key, so a start without it reads everything', async () => {
    writeKeyFile(oldKey); // as the first start left it
    const r = reseal([], rotation());
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain(`Wrote the key of ENCRYPTION_KEY into ${keyFile()} in place of the older key it held`);
    expect(keyFileHolds()).toEqual(newKey);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    await readsEverySecret(await plainStart());
  }, 30_000);

  it('with the new key in ENCRYPTION_KEY and the old one only in the key file, still opens and reseals everything', async () => {
    writeKeyFile(oldKey);
    const r = reseal([], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY: newKey.toString('base64') });
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Sealed the secrets of 1 channel(s) again');
    expect(keyFileHolds()).toEqual(newKey);
    expect(await opensWith(path, newKey)).toBe(true);
  }, 30_000);

  it('never throws the only copy of the old key away: it is kept in encryption.key.old, which opens an older backup', async () => {
    writeKeyFile(oldKey); // the only copy of the old key: ENCRYPTION_KEY_PREVIOUS is not set
    const backup = `${path}.backup`;
    copyFileSync(path, backup); // a backup made before the rotation, sealed with the old key
    const r = reseal([], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY: newKey.toString('base64') });
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain(`kept that older key in ${oldKeysFile()} (the bot reads it too)`);
    expect(keyFileHolds()).toEqual(newKey);
    expect(oldKeysHeld()).toEqual([oldKey]);
    expect(statSync(oldKeysFile()).mode & 0o777).toBe(0o600);
    // The backup restored, a plain start (no ENCRYPTION_KEY_PREVIOUS) reads it with the kept key.
    copyFileSync(backup, path);
    await readsEverySecret(await plainStart());
  }, 30_000);

  it('keeps every retired key across rotations, once each, and a dry run keeps nothing', async () => {
    writeKeyFile(oldKey);
    const dry = reseal(['--dry-run'], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY: newKey.toString('base64') });
    expect(await dry.exited).toBe(0);
    expect(dry.output()).toContain(`would keep that older key in ${oldKeysFile()}`);
    expect(existsSync(oldKeysFile())).toBe(false);
    expect(await reseal([], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY: newKey.toString('base64') }).exited).toBe(
      0,
    );
    const newest = randomBytes(32);
    const again = reseal([], { STORE_URL: `sqlite://${path}`, ENCRYPTION_KEY: newest.toString('base64') });
    expect(await again.exited).toBe(0);
    expect(oldKeysHeld()).toEqual([oldKey, newKey]);
    expect(keyFileHolds()).toEqual(newest);
    expect(await opensWith(path, newest)).toBe(true);
  }, 60_000);

  it('the bot opens what the tool opens: ENCRYPTION_KEY set, the old key only in the key file, before any reseal', async () => {
    writeKeyFile(oldKey);
    bot = await startHarness({ ENCRYPTION_KEY: newKey.toString('base64') }, { dir: dirname(path) });
    await readsEverySecret(bot);
  }, 30_000);

  it('--dry-run reports what an old key still seals and the key file it would update, and changes neither', async () => {
    writeKeyFile(oldKey);
    const r = reseal(['--dry-run'], rotation());
    expect(await r.exited).toBe(0);
    expect(r.output()).toContain('Would seal the secrets of 1 channel(s) again with the current key (ENCRYPTION_KEY).');
    expect(r.output()).toContain(`Would write the key of ENCRYPTION_KEY into ${keyFile()}`);
    expect(keyFileHolds()).toEqual(oldKey);
  }, 30_000);

  it('a second run, and a dry run after it, say there is nothing left to reseal', async () => {
    expect(await reseal([], rotation()).exited).toBe(0);
    const again = reseal([], rotation());
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('Nothing left to reseal: every stored secret is sealed with the current key');
    expect(again.output()).not.toContain('Sealed');
    const dry = reseal(['--dry-run'], rotation());
    expect(await dry.exited).toBe(0);
    expect(dry.output()).toContain('Nothing left to reseal');
    expect(dry.output()).not.toContain('Would seal');
  }, 30_000);
});

/** A logger that keeps the messages of its errors, the level an operator's alerts watch. */
function errorsLogged(): { logger: Logger; errors: string[] } {
  const errors: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (_obj, message) => {
      if (message) errors.push(message);
    },
    child: () => logger,
  };
  return { logger, errors };
}

describe('a start whose key opens none of the stored secrets', () => {
  it('says so at once, naming ENCRYPTION_KEY and ENCRYPTION_KEY_PREVIOUS', async () => {
    writeKeyFile(newKey); // replaced, with the old key nowhere
    const { logger, errors } = errorsLogged();
    await plainStart(logger);
    const said = errors.find((m) => m.includes('opens none of the'));
    expect(said).toContain(`The encryption key (${keyFile()}) opens none of the 1 stored channel API key(s) tried`);
    expect(said).toContain(
      'set ENCRYPTION_KEY to the key that sealed them, or add that key to ENCRYPTION_KEY_PREVIOUS',
    );
  }, 30_000);

  it('says nothing of the kind when its key opens them', async () => {
    writeKeyFile(oldKey);
    const { logger, errors } = errorsLogged();
    await readsEverySecret(await plainStart(logger));
    expect(errors.filter((m) => m.includes('opens none of the'))).toEqual([]);
  }, 30_000);
});

describe('a key rotation on Redis', () => {
  const prefix = uniquePrefix();
  afterAll(() => deleteRedisPrefix(prefix));

  it('seals everything with ENCRYPTION_KEY, writes no key file, and a second run has nothing left', async () => {
    const at = { kind: 'redis', url: REDIS_URL, prefix } as const;
    await sealInto(at, oldKey);
    const env = {
      STORE_URL: REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ENCRYPTION_KEY: newKey.toString('base64'),
      ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64'),
    };
    const keyFileHere = existsSync(join('data', 'encryption.key'));
    const first = reseal([], env);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Sealed the secrets of 1 channel(s) again with the current key (ENCRYPTION_KEY).');
    expect(first.output()).toContain('Sealed 1 social access key(s) again.');
    expect(first.output()).not.toContain('Wrote the key');
    expect(await opensWith(at, newKey)).toBe(true);
    const second = reseal([], env);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('Nothing left to reseal');
    expect(existsSync(join('data', 'encryption.key'))).toBe(keyFileHere);
  }, 30_000);
});
