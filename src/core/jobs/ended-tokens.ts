// Webhook tokens of jobs ended for good, so a delivery repeated after the end (the API's retries, a replayed
// or forged delivery with a valid token) is answered from memory: no hash, no read of its token or its job.
//
// Both records never change again once the job has ended for good, and a token is never deleted, it only
// expires: submit.ts saves it with the horizon as its TTL after its job was created, so until createdAt +
// horizon the store would answer the same record; after that the store is asked again (and answers 404).
// The raw token is the key (no sha256 per repeat): it can only ever reach a job that is over.

import type { Clock } from '../ports.ts';
import { isFinal, type Job } from './model.ts';

/** About 210 bytes each (2 MB when full): every job that ended in the hours the API keeps repeating. */
export const ENDED_REMEMBERED = 10_000;

/** What the delivery of a token of a job ended for good decides. */
export interface EndedToken {
  jobId: string;
  /** The project of the token's part. */
  projectId: string | null;
}

export interface EndedTokens {
  /** The token's job and project while its record is surely still in the store; undefined otherwise. */
  find(token: string): EndedToken | undefined;
  /** Remembers the token if its job (as read) has ended for good. */
  remember(token: string, part: number, job: Job): void;
  /** A token accepted while its job ran: remembered as soon as the job ends here, so even the first repeat is free. */
  awaitEnd(token: string, part: number, jobId: string): void;
  /** Lifecycle: the job just reached a final state. */
  ended(job: Job): void;
}

/** Final, and no transition leaves it (lifecycle.ts): only `failed` may still turn into `running` by adoption. */
export const endedForGood = (job: Job) => isFinal(job.state) && job.state !== 'failed';

/** Inserts into a map that forgets its oldest entries beyond `ENDED_REMEMBERED`. */
function bounded<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > ENDED_REMEMBERED) map.delete(map.keys().next().value as K);
}

export function createEndedTokens(clock: Clock, horizonMs: number): EndedTokens {
  const known = new Map<string, EndedToken & { until: number }>();
  // Job id → its tokens awaiting the end; a job that ends in another replica is forgotten with the oldest.
  const awaiting = new Map<string, Array<{ token: string; part: number }>>();

  const remember = (token: string, part: number, job: Job) => {
    if (!endedForGood(job) || known.has(token)) return;
    const projectId = job.projectIds[part] ?? null;
    bounded(known, token, { jobId: job.id, projectId, until: job.createdAt + horizonMs });
  };

  return {
    find(token) {
      const entry = known.get(token);
      if (!entry || clock.now() < entry.until) return entry;
      known.delete(token);
      return undefined;
    },
    remember,
    awaitEnd(token, part, jobId) {
      const tokens = awaiting.get(jobId);
      if (!tokens) bounded(awaiting, jobId, [{ token, part }]);
      else if (!tokens.some((t) => t.token === token)) tokens.push({ token, part });
    },
    ended(job) {
      const tokens = awaiting.get(job.id);
      if (!tokens || !isFinal(job.state)) return;
      awaiting.delete(job.id);
      for (const { token, part } of tokens) remember(token, part, job);
    },
  };
}
