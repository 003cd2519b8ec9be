import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { KeyValue, Logger, Store } from '../ports.ts';
import {
  type Job,
  jobSchema,
  type PartResult,
  type Pending,
  partResultSchema,
  pendingSchema,
  type TokenRecord,
  tokenRecordSchema,
} from './model.ts';

/** How long finished jobs are kept, so Retry and other buttons on old messages keep working. */
const FINISHED_TTL_MS = 30 * 24 * 3600_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
/** ≥ 128 bits of randomness, URL-safe. */
export const newWebhookToken = (): string => randomBytes(24).toString('base64url');
/** Short, unambiguous, fits in a button id: 10 base32 characters (50 bits). */
export function newJobId(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export interface JobsRepo {
  get(jobId: string): Promise<Job | undefined>;
  save(job: Job): Promise<void>;
  getPart(jobId: string, part: number): Promise<PartResult | undefined>;
  savePart(jobId: string, part: number, result: PartResult): Promise<void>;
  pending(): AsyncIterable<Pending>;
  getPending(jobId: string): Promise<Pending | undefined>;
  setPending(p: Pending): Promise<void>;
  removePending(jobId: string): Promise<void>;
  /** Stores only the token's hash; the record expires with the job. */
  saveToken(token: string, record: TokenRecord, ttlMs: number): Promise<void>;
  findToken(token: string): Promise<TokenRecord | undefined>;
}

export function createJobsRepo(store: Store, logger: Logger): JobsRepo {
  const jobs = store.namespace('jobs');
  const parts = store.namespace('parts');
  const pending = store.namespace('pending');
  const tokens = store.namespace('tokens');

  async function read<T>(kv: KeyValue, key: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const raw = await kv.get<unknown>(key);
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    logger.warn({ key, issues: parsed.error.issues.slice(0, 3) }, 'ignoring a stored record that does not parse');
    return undefined;
  }

  const finished = (job: Job) => job.state !== 'submitting' && job.state !== 'pending';

  return {
    get: (id) => read(jobs, id, jobSchema),
    save: (job) => jobs.set(job.id, job, finished(job) ? FINISHED_TTL_MS : undefined),
    getPart: (id, part) => read(parts, `${id}:${part}`, partResultSchema),
    savePart: (id, part, result) => parts.set(`${id}:${part}`, result, FINISHED_TTL_MS),
    async *pending() {
      for await (const [key, raw] of pending.entries<unknown>()) {
        const parsed = pendingSchema.safeParse(raw);
        if (parsed.success) yield parsed.data;
        else logger.warn({ key }, 'ignoring a pending record that does not parse');
      }
    },
    getPending: (id) => read(pending, id, pendingSchema),
    setPending: (p) => pending.set(p.jobId, p),
    removePending: async (id) => {
      await pending.delete(id);
    },
    saveToken: (token, record, ttlMs) => tokens.set(hashToken(token), record, ttlMs),
    findToken: (token) => read(tokens, hashToken(token), tokenRecordSchema),
  };
}
