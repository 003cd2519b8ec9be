// "Post once" for platforms whose create call has no lasting idempotency key (Slack has none; Discord's
// nonce holds only a few minutes). A record says a post *happened*: it is written only after the
// platform confirmed the message, so a process that dies while the post waits (Slack's 1-per-second
// queue) or is in flight leaves nothing behind that would make the retry skip the post.

/** The claim primitive of the Store (and of the adapters' small claim helpers). */
export interface ClaimLike {
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** Longer than the core's retries of one post (the poller gives up after POLL_HORIZON_HOURS, default 24). */
export const POSTED_RECORD_MS = 48 * 3600_000;
/**
 * While one process posts, another (a retry, a replica) must wait, not post too. It lapses if the
 * process dies mid-post: longer than a full per-channel queue (50 posts at 1/s) plus one call timeout.
 */
export const POSTING_LOCK_MS = 90_000;

/** Another process is posting this message right now: not done yet, try again later. */
export class PostInFlightError extends Error {
  constructor(key: string) {
    super(`a post for ${key} is in flight elsewhere`);
    this.name = 'PostInFlightError';
  }
}

export interface PostOnceOptions {
  lockMs?: number;
}

/**
 * Runs `send` unless a confirmed post of `key` is recorded. `send` must resolve only when the platform
 * confirmed the message; any failure (or abandonment at shutdown) leaves no record, so a retry posts.
 * Resolves 'posted' or 'already'; rejects with PostInFlightError while another caller holds the post.
 */
export async function postOnce(
  claims: ClaimLike,
  key: string,
  send: () => Promise<void>,
  options: PostOnceOptions = {},
): Promise<'posted' | 'already'> {
  const lock = `${key}:posting`;
  const done = `${key}:posted`;
  if (!(await claims.claim(lock, options.lockMs ?? POSTING_LOCK_MS))) throw new PostInFlightError(key);
  try {
    // A 1 ms claim is a read: it wins only when no confirmed post is recorded (and lapses at once).
    if (!(await claims.claim(done, 1))) return 'already';
    await claims.release(done);
    await send();
    await claims.release(done);
    await claims.claim(done, POSTED_RECORD_MS);
    return 'posted';
  } finally {
    await claims.release(lock);
  }
}
