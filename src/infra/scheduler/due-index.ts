import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { KeyValue, Logger } from '../../core/ports.ts';

// A due-time index kept in the key-value store, so a tick reads what is due and nothing else. Tasks live
// under `task:<queue>:<id>`; each bucket `bucket:<n>` lists the tasks due within one BUCKET_MS window; the
// directory `buckets` holds the sorted numbers of the non-empty buckets. A tick reads the directory, the
// buckets that have started and the tasks in them: a few entries however many tasks are pending, where
// scanning the namespace would read every one.
//
// Crash safety without transactions: a task's reference is added to its new bucket before the task record
// is written, and removed from the old one after. A crash in between leaves a stale reference (the
// record's dueAt no longer falls in that bucket, or the record is gone), which the next read drops.
// Every mutation runs through one in-process queue: the embedded scheduler is for one process.

export const BUCKET_MS = 1000;

const recordSchema = z.object({
  queue: z.string(),
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
  dueAt: z.number(),
  /** Runs since it was last scheduled. */
  attempts: z.number().int(),
  /** Consecutive runs that threw, for the retry backoff. */
  failures: z.number().int(),
  /** Changes on every write, so a run that finishes knows whether the task was moved or cancelled meanwhile. */
  version: z.string(),
});
export type TaskRecord = z.infer<typeof recordSchema>;

type Ref = [queue: string, id: string];
const refsSchema = z.array(z.tuple([z.string(), z.string()]));
const directorySchema = z.array(z.number());

export interface DueIndex {
  get(queue: string, id: string): Promise<TaskRecord | undefined>;
  /** Writes the task (new version) at its dueAt; returns the version written. */
  put(record: Omit<TaskRecord, 'version'>): Promise<string>;
  /** Writes only if the stored version is still `version`; false when it was moved, cancelled or re-leased. */
  putIf(version: string, record: Omit<TaskRecord, 'version'>): Promise<boolean>;
  remove(queue: string, id: string, ifVersion?: string): Promise<boolean>;
  /**
   * Up to `limit` tasks due at `now` (earliest first), each moved to `leaseUntil` so it runs again if this
   * process dies while running it. Also returns when the next known task is due.
   */
  lease(
    now: number,
    limit: number,
    leaseUntil: number,
    skip: (key: string) => boolean,
  ): Promise<{ leased: TaskRecord[]; nextDueAt: number | undefined }>;
}

export const taskKey = (queue: string, id: string) => `task:${queue}:${id}`;
const bucketOf = (dueAt: number) => Math.floor(dueAt / BUCKET_MS);
const bucketKey = (n: number) => `bucket:${n}`;
const DIRECTORY = 'buckets';

export function createDueIndex(kv: KeyValue, logger: Logger): DueIndex {
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function read<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const raw = await kv.get<unknown>(key);
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    logger.warn({ key }, 'scheduler: ignoring a stored entry that does not parse');
    return undefined;
  }

  const readRecord = (q: string, id: string) => read(taskKey(q, id), recordSchema);
  const readBucket = async (n: number) => (await read(bucketKey(n), refsSchema)) ?? [];
  const readDirectory = async () => (await read(DIRECTORY, directorySchema)) ?? [];

  async function writeBucket(n: number, refs: Ref[], directory?: number[]) {
    const dir = directory ?? (await readDirectory());
    if (refs.length === 0) {
      await kv.delete(bucketKey(n));
      if (dir.includes(n))
        await kv.set(
          DIRECTORY,
          dir.filter((b) => b !== n),
        );
      return;
    }
    await kv.set(bucketKey(n), refs);
    if (!dir.includes(n))
      await kv.set(
        DIRECTORY,
        [...dir, n].sort((a, b) => a - b),
      );
  }

  const same = (ref: Ref, q: string, id: string) => ref[0] === q && ref[1] === id;

  async function addRef(n: number, q: string, id: string) {
    const refs = await readBucket(n);
    if (!refs.some((r) => same(r, q, id))) await writeBucket(n, [...refs, [q, id]]);
  }

  async function dropRef(n: number, q: string, id: string) {
    const refs = await readBucket(n);
    if (refs.some((r) => same(r, q, id)))
      await writeBucket(
        n,
        refs.filter((r) => !same(r, q, id)),
      );
  }

  async function write(record: Omit<TaskRecord, 'version'>, previous: TaskRecord | undefined) {
    const version = randomUUID();
    await addRef(bucketOf(record.dueAt), record.queue, record.id);
    await kv.set(taskKey(record.queue, record.id), { ...record, version });
    if (previous && bucketOf(previous.dueAt) !== bucketOf(record.dueAt)) {
      await dropRef(bucketOf(previous.dueAt), record.queue, record.id);
    }
    return version;
  }

  return {
    get: (q, id) => readRecord(q, id),
    put: (record) => serial(async () => write(record, await readRecord(record.queue, record.id))),
    putIf: (version, record) =>
      serial(async () => {
        const current = await readRecord(record.queue, record.id);
        if (current?.version !== version) return false;
        await write(record, current);
        return true;
      }),
    remove: (q, id, ifVersion) =>
      serial(async () => {
        const current = await readRecord(q, id);
        if (!current || (ifVersion !== undefined && current.version !== ifVersion)) return false;
        await kv.delete(taskKey(q, id));
        await dropRef(bucketOf(current.dueAt), q, id);
        return true;
      }),
    lease: (now, limit, leaseUntil, skip) => serial(() => leaseDue(now, limit, leaseUntil, skip)),
  };

  async function leaseDue(now: number, limit: number, leaseUntil: number, skip: (key: string) => boolean) {
    const directory = await readDirectory();
    const due: TaskRecord[] = [];
    let nextDueAt: number | undefined;
    for (const n of directory) {
      if (n * BUCKET_MS > now || due.length >= limit) {
        nextDueAt = Math.min(nextDueAt ?? Number.POSITIVE_INFINITY, n * BUCKET_MS);
        break;
      }
      const refs = await readBucket(n);
      const kept: Ref[] = [];
      for (const ref of refs) {
        const record = await readRecord(ref[0], ref[1]);
        // A stale reference: the task was moved to another bucket or removed by a write a crash cut short.
        if (!record || bucketOf(record.dueAt) !== n) continue;
        kept.push(ref);
        // A task still running here (a handler slower than its lease) wakes the loop when it ends.
        if (skip(taskKey(ref[0], ref[1]))) continue;
        if (record.dueAt <= now && due.length < limit) due.push(record);
        else nextDueAt = Math.min(nextDueAt ?? Number.POSITIVE_INFINITY, Math.max(record.dueAt, now + 1));
      }
      if (kept.length !== refs.length) await writeBucket(n, kept);
    }
    due.sort((a, b) => a.dueAt - b.dueAt);
    const leased: TaskRecord[] = [];
    for (const record of due) {
      const version = await write({ ...record, dueAt: leaseUntil }, record);
      leased.push({ ...record, version });
    }
    return { leased, nextDueAt };
  }
}
