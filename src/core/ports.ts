// The ports the core owns. Adapters and infrastructure implement them; the core imports nothing else
// from outside itself (a test guards that boundary).

import type { ProjectKind } from './media/enums.ts';
import type { CreateRequests, Project, PublishRequest, PublishResult, Voice } from './media/schemas.ts';

// ---------------------------------------------------------------- logging and time

type LogFn = (obj: object | string, msg?: string) => void;
/** The subset of pino the core uses. */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  child(bindings: Record<string, unknown>): Logger;
}

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

// ---------------------------------------------------------------- storage

/** One namespace of the key-value store. Values are JSON-serialisable. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  /** ttlMs omitted = kept until deleted. */
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Every live entry of this namespace (order unspecified). */
  entries<T>(): AsyncIterable<[string, T]>;
  /**
   * Compare-and-set: reads the value (undefined when absent or expired), and stores what `change`
   * returns only if nobody wrote the key since that read, atomically across processes; on a conflict it
   * reads again and calls `change` again (so `change` must be pure). `change` returning undefined leaves
   * the key as it is. Resolves to the value stored afterwards. `ttlMs` may depend on the new value.
   */
  update<T>(
    key: string,
    change: Change<T>,
    ttlMs?: number | ((value: T) => number | undefined),
  ): Promise<T | undefined>;
}

export type Change<T> = (current: T | undefined) => T | undefined;

/** A claim held in the store: the token proves who holds it, from this process or another. */
export interface Lease {
  readonly key: string;
  readonly token: string;
  /** Extends the claim to `ttlMs` from now; false when it had lapsed (another holder may have it). */
  renew(ttlMs: number): Promise<boolean>;
  /** Frees the claim if this token still holds it. */
  release(): Promise<void>;
}

export interface Store {
  namespace(name: string): KeyValue;
  /**
   * Atomically takes `key` for `ttlMs` across every replica sharing the store: true for exactly one
   * caller until the claim expires or is released.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Like claim, but answers a handle that can renew and release it; undefined when another holds it. */
  lease(key: string, ttlMs: number): Promise<Lease | undefined>;
  /** The handle of a claim taken earlier (possibly by another process) with this token. */
  held(key: string, token: string): Lease;
  /**
   * Throws StoreUnavailableError when the store cannot be reached or does not answer within
   * `timeoutMs` (default 600 ms, so a health check answers within a second).
   */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once every write this process made so far is on the replicas a failover could promote, so a
   * claim or compare-and-set that guards a call that cannot be repeated (a publish, a project creation)
   * is not lost with a primary that dies; throws StoreUnavailableError when they do not acknowledge in
   * time (then do not make the call). Resolves at once where there are no replicas (SQLite, memory, a
   * single Redis). Call it right after the write, with no other I/O between them. With `since` (an `epoch()`
   * read before the writes), it refuses, as unavailable, when the connection was made again since: the
   * writes may have gone with a primary that died, and the replicas' acknowledgement of later writes on the
   * new connection would vouch for nothing of them (write again, then ask again).
   */
  replicated(since?: number): Promise<void>;
  /** Changes each time the connection to the store is made again (a failover, Redis restarting); see replicated. */
  epoch(): number;
  /**
   * `host:port` of the server answering now (with Redis Sentinel, the primary of the moment), for /healthz;
   * undefined while not connected. Absent where the store has one place only (SQLite, memory).
   */
  node?(): string | undefined;
  /**
   * Whether the store can take writes now, asked of it (bounded like `ping`): for /healthz and the log. Never
   * throws: a store that cannot be reached is `down`.
   */
  health(): Promise<StoreHealth>;
  /** Releases the leases this instance still holds (a clean shutdown lets a restart resume at once), then closes. */
  close(): Promise<void>;
}

/**
 * What the store can do now, as commands meet it:
 * - `ok`: it answers and its writes are confirmed where a failover could not lose them;
 * - `degraded`: the primary answers but cannot confirm writes on a replica (none in sync, or the node was made
 *   read-only): reads work, and commands are told at once that the storage is unavailable;
 * - `down`: nothing answers (no primary, Redis stopped, the file unreadable).
 */
export type StoreState = 'ok' | 'degraded' | 'down';

export interface StoreHealth {
  state: StoreState;
  /** When the store entered this state, as this process saw it (ms since epoch). */
  since: number;
  /** Why it is not `ok`, in words an operator can act on. */
  reason?: string;
}

/** Authenticated encryption of secrets at rest; `aad` binds a ciphertext to where it is stored. */
export interface SecretBox {
  seal(plaintext: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

// ---------------------------------------------------------------- the media API

/**
 * The media API. `workspace` (`<platform>:<workspace id>`, see `workspaceOf`) names whom a request is for: with a
 * key several workspaces share, each spends its own share of the key's budget (media/rate-limiter.ts).
 */
export interface MediaApi {
  create<K extends ProjectKind>(
    apiKey: string,
    kind: K,
    body: CreateRequests[K],
    workspace?: string,
  ): Promise<{ projectId: string }>;
  getProject(apiKey: string, projectId: string, workspace?: string): Promise<Project>;
  listVoices(apiKey: string): Promise<Voice[]>;
  publish(apiKey: string, body: PublishRequest, workspace?: string): Promise<PublishResult>;
}

// ---------------------------------------------------------------- chat platforms

// The Reply and the ChatPort belong to the seam (platform/chat-port.ts), listed here with the other ports.
export type { CardEdit, ChatPort, Reply, StillDue } from './platform/chat-port.ts';
// Declared once, as schemas, in origin.ts (jobs store them, so they are parsed when read back).
export type { Origin, Platform, ThreadRef } from './platform/origin.ts';
