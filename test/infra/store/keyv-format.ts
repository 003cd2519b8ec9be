// What the SQLite and Redis format tests share: the rows earlier versions wrote through keyv, what a store
// must read back from them, and the rows a store writes now for keyv to read.
import type Keyv from 'keyv';
import { expect } from 'vitest';
import type { Store } from '../../../src/core/ports.ts';

/** A record as the bot stores them: nested, with strings keyv escapes (a leading ':'). */
export const JOB = {
  id: 'abcdefghjk',
  state: 'running',
  summary: ':clip youtube.com',
  requests: [{ videoUrl: 'https://youtube.com/watch?v=1', note: '::two colons' }],
  projectIds: [null, '0123456789abcdef01234567'],
  sealedKey: ':base64:notreallybase64',
  createdAt: 1_763_900_000_000,
};
export const HOUR = 3_600_000;

/** What backend.ts stored through keyv: the value in an envelope, its expiry (exp) and a version (ver). */
export async function writeAsPreviousVersion(keyv: Keyv, prefix = ''): Promise<void> {
  await keyv.set(`${prefix}jobs:j1`, { v: JOB });
  await keyv.set(`${prefix}jobs:j2`, { v: ':just a string', exp: Date.now() + HOUR }, HOUR);
  await keyv.set(`${prefix}tokens:t1`, { v: { jobId: 'j1', part: 0 }, ver: 3 });
}

/** Every record written by `writeAsPreviousVersion` reads back, lists, and updates as before. */
export async function expectPreviousRecords(store: Store): Promise<void> {
  const jobs = store.namespace('jobs');
  expect(await jobs.get('j1')).toEqual(JOB);
  expect(await jobs.get('j2')).toBe(':just a string');
  expect(await store.namespace('tokens').get('t1')).toEqual({ jobId: 'j1', part: 0 });
  const listed: Array<[string, unknown]> = [];
  for await (const entry of jobs.entries()) listed.push(entry);
  expect(listed.sort(([a], [b]) => a.localeCompare(b))).toEqual([
    ['j1', JOB],
    ['j2', ':just a string'],
  ]);
  // A compare-and-set against a row keyv wrote: the row it read is the row it replaces.
  expect(await jobs.update('j1', (job?: typeof JOB) => job && { ...job, state: 'settled' })).toMatchObject({
    state: 'settled',
  });
  expect(await jobs.get('j1')).toEqual({ ...JOB, state: 'settled' });
}

/** Rows of each kind the store writes: plain, with a time to live, compare-and-set, a claim. */
export async function writeAsThisVersion(store: Store): Promise<void> {
  const jobs = store.namespace('jobs');
  await jobs.set('j1', JOB);
  await jobs.set('j2', ':with a time to live', HOUR);
  await jobs.update('j3', () => ({ ...JOB, id: 'j3' }));
  expect(await store.claim('slack:event:E1', HOUR)).toBe(true);
}

/** What keyv reads of the rows `writeAsThisVersion` wrote. */
export async function expectKeyvReads(keyv: Keyv, prefix = ''): Promise<void> {
  expect(await keyv.get(`${prefix}jobs:j1`)).toEqual({ v: JOB });
  expect(await keyv.get(`${prefix}jobs:j2`)).toMatchObject({ v: ':with a time to live' });
  expect(await keyv.get(`${prefix}jobs:j3`)).toEqual({ v: { ...JOB, id: 'j3' }, ver: 1 });
}

/**
 * Rows exactly as the store of 0bc1b50 (sqlite3 and ioredis driven directly, keyv's format written by hand)
 * wrote them, captured from that version: JOB at jobs:j1, a string with a time to live at jobs:j2, JOB as j3
 * through update(), tokens:t1 updated twice, and a claim. Only keyv's wall-clock expiry of j2 is moved
 * past 2100 so the row stays live; the claim's token (a UUID) is the one each backend stores differently.
 */
export const ROWS_OF_0BC1B50: ReadonlyArray<readonly [key: string, text: string]> = [
  [
    'jobs:j1',
    '{"value":{"v":{"id":"abcdefghjk","state":"running","summary":"::clip youtube.com","requests":[{"videoUrl":"https://youtube.com/watch?v=1","note":":::two colons"}],"projectIds":[null,"0123456789abcdef01234567"],"sealedKey":"::base64:notreallybase64","createdAt":1763900000000}}}',
  ],
  ['jobs:j2', '{"value":{"v":"::with a time to live","exp":4102444800000},"expires":4102444800000}'],
  [
    'jobs:j3',
    '{"value":{"v":{"id":"j3","state":"running","summary":"::clip youtube.com","requests":[{"videoUrl":"https://youtube.com/watch?v=1","note":":::two colons"}],"projectIds":[null,"0123456789abcdef01234567"],"sealedKey":"::base64:notreallybase64","createdAt":1763900000000},"ver":1}}',
  ],
  ['tokens:t1', '{"value":{"v":{"jobId":"j1","part":1},"ver":2}}'],
];
export const CLAIM_OF_0BC1B50 = { key: '_claim:slack:event:E1', token: '3f5be424-09eb-41df-8b4b-e06d7212a22c' };

/** Everything `ROWS_OF_0BC1B50` and its claim hold reads back, lists, updates and stays claimed. */
export async function expectRecordsOf0bc1b50(store: Store): Promise<void> {
  const jobs = store.namespace('jobs');
  expect(await jobs.get('j1')).toEqual(JOB);
  expect(await jobs.get('j2')).toBe(':with a time to live');
  expect(await jobs.get('j3')).toEqual({ ...JOB, id: 'j3' });
  const listed: string[] = [];
  for await (const [key] of jobs.entries()) listed.push(key);
  expect(listed.sort()).toEqual(['j1', 'j2', 'j3']);
  const tokens = store.namespace('tokens');
  expect(await tokens.update('t1', (t?: { jobId: string; part: number }) => t && { ...t, part: 2 })).toEqual({
    jobId: 'j1',
    part: 2,
  });
  expect(await tokens.get('t1')).toEqual({ jobId: 'j1', part: 2 });
  expect(await store.claim('slack:event:E1', HOUR)).toBe(false);
  // The claim's holder, from that version, can still let it go.
  await store.held('slack:event:E1', CLAIM_OF_0BC1B50.token).release();
  expect(await store.claim('slack:event:E1', HOUR)).toBe(true);
}
