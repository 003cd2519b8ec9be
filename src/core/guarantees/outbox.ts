// "Posted exactly once", in one place: the core posts every message in a thread through here, and the
// platform adapters only send one (with its idempotency key) and, where the platform can be asked, find
// one by that key. Slack's chat.postMessage has no idempotency key and Discord's nonce holds only a few
// minutes, while the core retries a post for up to a day, so the record that a post happened lives in
// the shared store, written only after the platform confirmed the message.

import type { OutMessage } from '../platform/message.ts';
import type { ChatPort, Clock, Logger, Store, ThreadRef } from '../ports.ts';
import { ONCE_TTL_MS, type Once } from './once.ts';
import { stored } from './stored.ts';

/** How long a confirmed post is remembered: longer than the core's retries of one post (24 h horizon). */
export const POSTED_RECORD_MS = 48 * 3600_000;

/** Another process is posting this message right now: not done yet (never a success), try again later. */
export class PostInFlightError extends Error {
  constructor(key: string) {
    super(`a post for ${key} is in flight elsewhere`);
    this.name = 'PostInFlightError';
  }
}

export interface Outbox {
  /**
   * Posts `message` in `thread` through `port` once per `idempotencyKey`, across retries, replicas and
   * restarts. A process that dies while the post waits (Slack's 1-per-second queue) or is in flight
   * leaves no record, so the retry sends it; where the port can find a post by its key, an attempt that
   * was never confirmed is looked for in the thread first, so the retry does not show it twice.
   * Rejects with PostInFlightError while another caller is posting the same message.
   */
  post(port: ChatPort, thread: ThreadRef, message: OutMessage, idempotencyKey: string): Promise<'posted' | 'already'>;
}

export interface OutboxDeps {
  /** Holds the post's lock while one process posts it (renewed, so a killed process frees it in 15 s). */
  once: Once;
  /** Where confirmed posts are recorded: the same shared store as `once`. */
  store: Store;
  logger: Logger;
  clock?: Clock;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { once, logger } = deps;
  const posted = deps.store.namespace('posted');
  const now = () => deps.clock?.now() ?? Date.now();

  return {
    async post(port, thread, message, idempotencyKey) {
      const key = { kind: 'post', platform: port.platform, idempotencyKey } as const;
      // The records sit beside the lock's key, named as before the outbox, so they survive an upgrade.
      const text = `${port.platform}:post:${idempotencyKey}`;
      const record = `${text}:posted`;
      const attempt = `${text}:attempted`;
      const { findPost } = port;
      // A lookup Slack cannot answer (no history scope) posts again: twice rather than never.
      const sentBefore = findPost
        ? () =>
            findPost(thread, idempotencyKey).catch((err: unknown) => {
              logger.warn({ err, idempotencyKey }, 'could not look for an unconfirmed post in its thread; posting it');
              return false;
            })
        : undefined;
      const held = await once.hold(key, async (lock) => {
        if (await posted.get(record)) return 'already' as const;
        if (sentBefore) {
          if ((await posted.get(attempt)) && (await sentBefore())) {
            await posted.set(record, { at: now() }, POSTED_RECORD_MS);
            return 'already' as const;
          }
          // On the replicas before the message leaves: an attempt record a failover lost would make a
          // repeat post without looking for this one first. While none acknowledges (a failover settling),
          // the post waits, writing the record again on whichever primary is in use.
          // The lock goes with it: one a failover lost may have been taken by another process meanwhile.
          await stored(
            async () => {
              const since = deps.store.epoch();
              await posted.update(attempt, () => ({ at: now() }), POSTED_RECORD_MS);
              if (!(await lock.renew(ONCE_TTL_MS.post))) throw new PostInFlightError(text);
              await deps.store.replicated(since);
            },
            { logger, what: 'replicate a post attempt' },
          );
        }
        await port.send(thread, message, idempotencyKey);
        await posted.set(record, { at: now() }, POSTED_RECORD_MS);
        return 'posted' as const;
      });
      if (!held.held) throw new PostInFlightError(text);
      return held.value;
    },
  };
}
