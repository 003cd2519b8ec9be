// "Only once", in one place, with typed keys: an inbound event handled once (platforms resend them), a
// result part delivered by one replica at a time, an outbound post made by one process at a time (the
// outbox, outbox.ts, records that it was made), a publish request sent once. Every answer comes from the shared store: when the store
// cannot answer, the operation fails (StoreUnavailableError, counted and logged) and never falls back
// to this process's memory, which would silently drop the guarantee between replicas.

import { StoreUnavailableError } from '../errors.ts';
import type { Clock, Lease, Logger, Platform, Store } from '../ports.ts';

export type OnceKey =
  /**
   * A platform event or interaction: Slack event_id, `trigger:<trigger_id>` of a command, click or form
   * (Slack never reuses one, so a second request with it is a replay), Discord interaction id.
   */
  | { kind: 'inbound'; platform: Platform; id: string }
  /** Posting one settled part of a job; held while posting, renewed, released after. */
  | { kind: 'delivery'; jobId: string; part: number }
  /** The lock while one process posts one outbound message, by the idempotency key the core gave it (outbox.ts). */
  | { kind: 'post'; platform: Platform; idempotencyKey: string }
  /** One publish request: never expires on its own (a repeat would post to social accounts twice). */
  | { kind: 'publish'; requestId: string }
  /** A follow-up job (subtitles, B-roll, speech) of one output: a double click starts one. */
  | { kind: 'followup'; verb: string; jobId: string; part: number; index: number }
  /**
   * A read-back of one part triggered by a webhook. Deliveries prove nothing (the API signs none), so a
   * token-bearing delivery repeated (or forged) reads the project at most once per window from the key's
   * hourly budget; the job's poll, moved a few seconds later by every delivery, still looks in time.
   */
  | { kind: 'readback'; jobId: string; part: number }
  /** Submitting a job's creations: held (renewed) by the process submitting, so no other one resumes it. */
  | { kind: 'submit'; jobId: string }
  /** Telling whoever started a job that it ended (its continuation): held while it runs, by one process at a time. */
  | { kind: 'continuation'; jobId: string };

/** The store key of each; inbound and post keys are the ones the adapters used before, so claims survive an upgrade. */
export function onceKeyText(key: OnceKey): string {
  switch (key.kind) {
    case 'inbound':
      return key.platform === 'discord' ? `discord:interaction:${key.id}` : `${key.platform}:event:${key.id}`;
    case 'delivery':
      return `deliver:${key.jobId}:${key.part}`;
    case 'post':
      return `${key.platform}:post:${key.idempotencyKey}:posting`;
    case 'publish':
      return `publish:${key.requestId}`;
    case 'followup':
      return `followup:${key.verb}:${key.jobId}:${key.part}:${key.index}`;
    case 'readback':
      return `readback:${key.jobId}:${key.part}`;
    case 'submit':
      return `submit:${key.jobId}`;
    case 'continuation':
      return `continuation:${key.jobId}`;
  }
}

/** How long each kind is remembered unless the caller says otherwise. */
export const ONCE_TTL_MS = {
  // Discord interaction tokens live 15 min; Slack resends events for about 5 min (an hour leaves room).
  inbound: { discord: 15 * 60_000, slack: 60 * 60_000, console: 15 * 60_000 },
  // Short, and renewed every 3 s while the post runs: a crash frees the part within 10 s.
  delivery: 10_000,
  // The lock while one process posts: short and renewed, so a process killed mid-post frees it in 15 s.
  post: 15_000,
  // Two clicks of one button seconds apart are one wish; a click a minute later asks for another job.
  followup: 60_000,
  // At most one webhook-triggered read of a part per 10 s (the API retries deliveries 30 s apart).
  readback: 10_000,
  // Renewed every 3 s while a process submits: a killed one frees its job for the resume within 10 s.
  submit: 10_000,
  // Renewed while a continuation runs: a killed process frees it for the task's next run within 15 s.
  continuation: 15_000,
} as const;

/** Longer than a caller keeps trying to confirm a claim (stored.ts: 30 s). */
const UNCONFIRMED_KEPT_MS = 2 * 60_000;

/** What a claim that never expires holds: when, and a nonce telling its holder from any other. */
interface Mark {
  at: number;
  nonce: string;
}

export type Held<T> = { held: true; value: T } | { held: false };

export interface Once {
  /** True for exactly one caller per key across replicas, until its window passes or it is released. */
  first(key: OnceKey, ttlMs?: number): Promise<boolean>;
  /** Frees a key whose work certainly did not happen, so a retry may do it. */
  release(key: OnceKey): Promise<void>;
  /**
   * Holds `key` while `work` runs, renewing it every third of its time to live so a long post never
   * loses it, and releases it afterwards (also on failure). `{ held: false }` when another holder has it.
   */
  hold<T>(key: OnceKey, work: (lease: Lease) => Promise<T>, ttlMs?: number): Promise<Held<T>>;
  /**
   * After `first(key)` answered true, before a call that cannot be repeated: true once the claim is on
   * the store's replicas, so a failover cannot lose it and let another replica claim the key again; false
   * when a failover lost it and another holder took the key since (then the call is theirs, not ours);
   * rejects with StoreUnavailableError when the replicas do not acknowledge in time (then do not make the
   * call). A claim that never expires is written again on the primary of the moment first: one the
   * failover lost is taken back if nobody took it meanwhile, and the replicas' acknowledgement then
   * vouches for that very write, not only for whatever this process wrote since it reconnected.
   */
  replicated(key: OnceKey): Promise<boolean>;
}

/** The counter a store outage is shown on (prom-client or the hand-written registry both fit). */
export interface OnceMetrics {
  inc(name: string, labels?: Record<string, string>): void;
}

export interface OnceDeps {
  store: Store;
  logger: Logger;
  metrics?: OnceMetrics;
  clock?: Clock;
}

const defaultTtl = (key: OnceKey): number | undefined => {
  if (key.kind === 'inbound') return ONCE_TTL_MS.inbound[key.platform];
  if (key.kind === 'publish') return undefined;
  return ONCE_TTL_MS[key.kind];
};

export function createOnce(deps: OnceDeps): Once {
  const { store, logger } = deps;
  const permanent = store.namespace('once');
  const now = () => deps.clock?.now() ?? Date.now();

  /** Runs a store call; an outage is counted, logged with the key, and rethrown as it is. */
  async function ask<T>(key: OnceKey, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof StoreUnavailableError) {
        deps.metrics?.inc('reelbot_store_unavailable_total', { use: `once_${key.kind}` });
        logger.warn({ err, key: onceKeyText(key) }, 'only-once check failed: the store cannot be reached');
      }
      throw err;
    }
  }

  // The marks of the claims that never expire taken here and not yet confirmed on the replicas.
  const unconfirmed = new Map<string, Mark>();

  async function firstForever(text: string): Promise<boolean> {
    const mark = { at: now(), nonce: Math.random().toString(36).slice(2) };
    // A caller that gave up confirming (or never asked) leaves its mark: kept a while, then dropped.
    for (const [key, m] of unconfirmed) if (m.at < mark.at - UNCONFIRMED_KEPT_MS) unconfirmed.delete(key);
    // Another caller here holds the key and is still confirming it: the key is taken, even if a failover
    // lost it from the store (that caller takes it back). Only a caller in another process may find it free.
    if (unconfirmed.has(text)) return false;
    const stored = await permanent.update<Mark>(text, (current) => (current === undefined ? mark : undefined));
    if (stored?.nonce !== mark.nonce) return false;
    unconfirmed.set(text, mark);
    return true;
  }

  /** The claim `text` (ours: `mark`) written again now, and that write confirmed on the replicas. */
  async function confirmForever(text: string, mark: Mark): Promise<boolean> {
    // The primary answering now: if another one answers by the time the replicas have acknowledged, the
    // acknowledgement may be for writes on another connection, so it vouches for nothing (asked again).
    const primary = store.node?.();
    const since = store.epoch();
    const stored = await permanent.update<Mark>(text, (current) =>
      current === undefined || current.nonce === mark.nonce ? { ...mark } : undefined,
    );
    if (stored?.nonce !== mark.nonce) {
      unconfirmed.delete(text);
      logger.warn({ key: text }, 'a claim lost in a failover was taken by another holder meanwhile');
      return false;
    }
    await store.replicated(since);
    if (store.node?.() !== primary) throw new StoreUnavailableError('the primary changed while a claim was confirmed');
    unconfirmed.delete(text);
    return true;
  }

  return {
    first(key, ttlMs = defaultTtl(key)) {
      const text = onceKeyText(key);
      return ask(key, () => (ttlMs === undefined ? firstForever(text) : store.claim(text, ttlMs)));
    },
    async release(key) {
      const text = onceKeyText(key);
      await ask(key, async () => {
        if (key.kind === 'publish') await permanent.delete(text);
        else await store.release(text);
      });
    },
    hold(key, work, ttlMs = defaultTtl(key) ?? ONCE_TTL_MS.delivery) {
      return ask(key, () => holdLease(store, onceKeyText(key), ttlMs, logger, work));
    },
    replicated(key) {
      const text = onceKeyText(key);
      const mark = unconfirmed.get(text);
      return ask(key, async () => {
        if (mark) return confirmForever(text, mark);
        // A claim that never expires with no mark of ours to confirm was taken by another holder meanwhile.
        if (defaultTtl(key) === undefined) return false;
        await store.replicated();
        return true;
      });
    },
  };
}

/**
 * Runs `work` holding the claim `key`, renewed every third of `ttlMs` so slow work never loses it and
 * a process that dies frees it within `ttlMs`; released afterwards (also on failure).
 */
export async function holdLease<T>(
  store: Store,
  key: string,
  ttlMs: number,
  logger: Logger,
  work: (lease: Lease) => Promise<T>,
): Promise<Held<T>> {
  const lease = await store.lease(key, ttlMs);
  return lease ? workHolding(lease, ttlMs, logger, work) : { held: false };
}

async function workHolding<T>(
  lease: Lease,
  ttlMs: number,
  logger: Logger,
  work: (lease: Lease) => Promise<T>,
): Promise<Held<T>> {
  const stopRenewing = keepRenewed(lease, ttlMs, logger);
  try {
    return { held: true, value: await work(lease) };
  } finally {
    stopRenewing();
    // A release that fails leaves the lease to lapse on its own (at most ttlMs).
    await lease.release().catch((err: unknown) => logger.warn({ err, key: lease.key }, 'could not release a claim'));
  }
}

function keepRenewed(lease: Lease, ttlMs: number, logger: Logger): () => void {
  const timer = setInterval(
    () => {
      lease.renew(ttlMs).then(
        (kept) => kept || logger.warn({ key: lease.key }, 'a held claim lapsed before it was renewed'),
        (err: unknown) => logger.warn({ err, key: lease.key }, 'could not renew a held claim'),
      );
    },
    Math.max(Math.floor(ttlMs / 3), 10),
  );
  timer.unref();
  return () => clearInterval(timer);
}
