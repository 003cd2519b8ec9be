import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { KeyValue, Logger, Store } from '../ports.ts';
import {
  isFinal,
  type Job,
  jobSchema,
  type PartResult,
  type Pending,
  type ProjectMaker,
  partResultSchema,
  pendingSchema,
  projectMakerSchema,
  type TokenRecord,
  tokenRecordSchema,
} from './model.ts';

// Job, part, pending and token records in the store. Within src only lifecycle.ts writes through it
// (every write a compare-and-set); tests seed records with it.

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

/** A change to a record, given what is stored now; undefined leaves it as it is. May run more than once. */
export type Edit<T> = (current: T | undefined) => T | undefined;

export interface JobsRepo {
  get(jobId: string): Promise<Job | undefined>;
  save(job: Job): Promise<void>;
  update(jobId: string, edit: Edit<Job>): Promise<Job | undefined>;
  getPart(jobId: string, part: number): Promise<PartResult | undefined>;
  savePart(jobId: string, part: number, result: PartResult): Promise<void>;
  updatePart(jobId: string, part: number, edit: Edit<PartResult>): Promise<PartResult | undefined>;
  pending(): AsyncIterable<Pending>;
  getPending(jobId: string): Promise<Pending | undefined>;
  setPending(p: Pending): Promise<void>;
  updatePending(jobId: string, edit: Edit<Pending>): Promise<Pending | undefined>;
  removePending(jobId: string): Promise<void>;
  /** Stores only the token's hash; the record expires with the job. */
  saveToken(token: string, record: TokenRecord, ttlMs: number): Promise<void>;
  findToken(token: string): Promise<TokenRecord | undefined>;
  /** Which job made project `projectId`; kept as long as a finished job. */
  saveMaker(projectId: string, maker: ProjectMaker): Promise<void>;
  getMaker(projectId: string): Promise<ProjectMaker | undefined>;
}

export function createJobsRepo(store: Store, logger: Logger): JobsRepo {
  const jobs = store.namespace('jobs');
  const parts = store.namespace('parts');
  const pending = store.namespace('pending');
  const tokens = store.namespace('tokens');
  const makers = store.namespace('project-makers');

  const parse = <T>(key: string, raw: unknown, schema: z.ZodType<T>): T | undefined => {
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    logger.warn({ key, issues: parsed.error.issues.slice(0, 3) }, 'ignoring a stored record that does not parse');
    return undefined;
  };
  const read = async <T>(kv: KeyValue, key: string, schema: z.ZodType<T>) => parse(key, await kv.get(key), schema);
  /** Compare-and-set of one parsed record: a record that does not parse is treated as absent. */
  const update = <T>(
    kv: KeyValue,
    key: string,
    schema: z.ZodType<T>,
    edit: Edit<T>,
    ttl?: (v: T) => number | undefined,
  ) =>
    kv.update<unknown>(
      key,
      (raw) => edit(parse(key, raw, schema)),
      ttl as (v: unknown) => number | undefined,
    ) as Promise<T | undefined>;
  const jobTtl = (job: Job) => (isFinal(job.state) ? FINISHED_TTL_MS : undefined);
  const partKey = (id: string, part: number) => `${id}:${part}`;

  return {
    get: (id) => read(jobs, id, jobSchema),
    save: (job) => jobs.set(job.id, job, jobTtl(job)),
    update: (id, edit) => update(jobs, id, jobSchema, edit, jobTtl),
    getPart: (id, part) => read(parts, partKey(id, part), partResultSchema),
    savePart: (id, part, result) => parts.set(partKey(id, part), result, FINISHED_TTL_MS),
    updatePart: (id, part, edit) => update(parts, partKey(id, part), partResultSchema, edit, () => FINISHED_TTL_MS),
    async *pending() {
      for await (const [key, raw] of pending.entries<unknown>()) {
        const parsed = pendingSchema.safeParse(raw);
        if (parsed.success) yield parsed.data;
        else logger.warn({ key }, 'ignoring a pending record that does not parse');
      }
    },
    getPending: (id) => read(pending, id, pendingSchema),
    setPending: (p) => pending.set(p.jobId, p),
    updatePending: (id, edit) => update(pending, id, pendingSchema, edit),
    removePending: async (id) => {
      await pending.delete(id);
    },
    saveToken: (token, record, ttlMs) => tokens.set(hashToken(token), record, ttlMs),
    findToken: (token) => read(tokens, hashToken(token), tokenRecordSchema),
    saveMaker: (projectId, maker) => makers.set(projectId, maker, FINISHED_TTL_MS),
    getMaker: (projectId) => read(makers, projectId, projectMakerSchema),
  };
}
