// The ports the core owns. Adapters and infrastructure implement them; the core imports nothing else
// from outside itself (a test guards that boundary).

import type { ProjectKind } from './media/enums.ts';
import type { CreateRequests, Project, PublishRequest, PublishResult, Voice } from './media/schemas.ts';
import type { OutMessage } from './platform/message.ts';
import type { Origin, Platform, ThreadRef } from './platform/origin.ts';

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
  /** Releases the leases this instance still holds (a clean shutdown lets a restart resume at once), then closes. */
  close(): Promise<void>;
}

/** Authenticated encryption of secrets at rest; `aad` binds a ciphertext to where it is stored. */
export interface SecretBox {
  seal(plaintext: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

// ---------------------------------------------------------------- the media API

export interface MediaApi {
  create<K extends ProjectKind>(apiKey: string, kind: K, body: CreateRequests[K]): Promise<{ projectId: string }>;
  getProject(apiKey: string, projectId: string): Promise<Project>;
  listVoices(apiKey: string): Promise<Voice[]>;
  publish(apiKey: string, body: PublishRequest): Promise<PublishResult>;
}

// ---------------------------------------------------------------- chat platforms

// Declared once, as schemas, in origin.ts (jobs store them, so they are parsed when read back).
export type { Origin, Platform, ThreadRef } from './platform/origin.ts';

/** Answers to one command or click, through the platform's interaction channel. */
export interface Reply {
  /** Visible only to the person who acted (Discord ephemeral, Slack chat.postEphemeral). */
  ephemeral(message: OutMessage): Promise<void>;
  /** A message in the channel (or the thread the command ran in). */
  public(message: OutMessage): Promise<void>;
  /**
   * Posts `card` where everyone sees it and makes it the root of the job's thread (or uses the thread
   * the command ran in). Returns where later updates go. `tag` marks the card so that `ChatPort.findCard`
   * can find it again when the process died before the platform's answer came back.
   */
  openThread(card: OutMessage, tag?: string): Promise<ThreadRef>;
  /**
   * For a click only: replaces the message that holds the clicked control (e.g. paging a list). Adapters
   * that cannot edit it leave this out, and the core answers with a new ephemeral message instead. When an
   * adapter offers it, it decides how the click is acknowledged; `Prepared.ephemeral` does not.
   */
  replace?(message: OutMessage): Promise<void>;
}

/** How much a card edit matters: see `ChatPort.updateCard`. */
export type CardEdit = 'final' | 'change' | 'progress';

/**
 * Posting with the bot's own credentials, any time later (results of long jobs). The core posts through
 * its outbox (`src/core/guarantees/outbox.ts`), which makes a post happen once; the adapter only sends and finds.
 */
export interface ChatPort {
  readonly platform: Platform;
  /**
   * Sends one message in the thread, tagged with `idempotencyKey` (Discord's nonce, Slack's metadata);
   * resolves only once the platform confirmed it, since the outbox records the post as made after that.
   */
  send(thread: ThreadRef, message: OutMessage, idempotencyKey: string): Promise<void>;
  /**
   * Whether a message sent with `idempotencyKey` is in the thread, for a send whose answer never came (the
   * process died with it on its way). Absent where the platform cannot be asked by key (Discord).
   */
  findPost?(thread: ThreadRef, idempotencyKey: string): Promise<boolean>;
  /**
   * Edits the card. `kind` says how much the edit matters when the platform's budget is short (default
   * `final`): a final state is owed like a result and waits its turn however long; a `change` (e.g. now
   * working) or a `progress` refresh may be replaced by a newer edit of the card or skipped. A refresh whose
   * content equals the card's last edit from this process is not made. Resolves once the edit was made
   * (true), or false when it was not (replaced, skipped, a repeated refresh), so the caller can read back
   * what the card should show after its edit landed.
   */
  updateCard(thread: ThreadRef, message: OutMessage, kind?: CardEdit): Promise<boolean>;
  /** How long after it was posted a card may still be edited; absent, always (Discord: 1 h, error 30046). */
  readonly cardEditMs?: number;
  /**
   * The user ids in a Discord role or a Slack user group (approvers may name them). Absent where the
   * platform has no groups. Rejects when the platform cannot say (a missing scope or intent, an outage):
   * the caller then refuses or stays silent, never guesses.
   */
  membersOf?(workspaceId: string, groupId: string): Promise<readonly string[]>;
  /** The id of the group a typed `@handle` names (Slack: `/setup approvers=@editors`); undefined if none. */
  findGroup?(workspaceId: string, handle: string): Promise<string | undefined>;
  /**
   * Where the card posted with `tag` (see `Reply.openThread`) is, when it was posted at all; for a job
   * whose process died while the card was on its way. Absent where the platform cannot be asked. `shows`
   * is what the card itself displays (the job id), for platforms that keep no hidden mark on a message
   * (Discord); a card found without its thread gets it started.
   */
  findCard?(origin: Origin, tag: string, shows?: string): Promise<ThreadRef | undefined>;
  /**
   * Of `channelIds` (channels of one Discord guild or Slack team), the ones `userId` can see (Discord: the
   * View Channel permission; Slack: a public channel, or one they are in), so lists that span a workspace
   * show nobody a channel hidden from them. Absent where the bot has one channel (the console). Rejects
   * when the platform cannot say; the caller then shows less, never more.
   */
  visibleTo?(workspaceId: string, userId: string, channelIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** A web address that opens the card (its message), where the platform has one; undefined if unknown. */
  cardLink?(thread: ThreadRef): Promise<string | undefined>;
}
