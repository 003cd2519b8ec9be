// The OAuth `state` of an install: signed with SLACK_STATE_SECRET (HMAC-SHA256), valid 10 minutes, used once. The
// install flow binds it to the browser that started the install (a cookie, compared with the state Slack sends
// back); a used state is claimed in the store, so a replay is refused on every replica. A state whose code exchange
// never reached Slack is given back: the person retries with the same link.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock, Store } from '../../core/ports.ts';

/** How long an install link (its state and its cookie) lasts: Slack's own install flow keeps it 10 minutes. */
export const STATE_TTL_MS = 10 * 60_000;
/** A clock a little behind another replica's still accepts the state it signed. */
const SKEW_MS = 60_000;

export type StateProblem = 'forged' | 'expired' | 'replayed';

/** A state this bot did not sign, too old, or used already: the install stops and stores nothing. */
export class InstallStateError extends Error {
  readonly code = 'reelbot_install_state';
  constructor(readonly problem: StateProblem) {
    super(`install state ${problem}`);
    this.name = 'InstallStateError';
  }
}

export interface InstallState {
  /** A new state: the time, a random nonce, their signature. */
  issue(): string;
  /** Checks a state Slack sent back and takes it; throws InstallStateError when forged, expired or used. */
  take(state: string): Promise<void>;
  /** Gives a taken state back (its exchange never reached Slack): the same link may be used again. */
  giveBack(state: string): Promise<void>;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
const claimOf = (nonce: string) => `slack-install-state:${nonce}`;

export function createInstallState(options: { secret: string; store: Store; clock: Clock }): InstallState {
  const { secret, store, clock } = options;
  /** The state's nonce when its signature holds. */
  function nonceOf(state: string): string {
    const parts = state.split('.');
    const [issued, nonce, mac] = parts;
    if (parts.length !== 3 || !issued || !nonce || !mac) throw new InstallStateError('forged');
    const expected = Buffer.from(sign(secret, `${issued}.${nonce}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InstallStateError('forged');
    const age = clock.now() - Number.parseInt(issued, 36);
    if (!Number.isFinite(age) || age > STATE_TTL_MS || age < -SKEW_MS) throw new InstallStateError('expired');
    return nonce;
  }
  return {
    issue() {
      const payload = `${clock.now().toString(36)}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(secret, payload)}`;
    },
    async take(state) {
      if (!(await store.claim(claimOf(nonceOf(state)), STATE_TTL_MS + SKEW_MS)))
        throw new InstallStateError('replayed');
    },
    async giveBack(state) {
      await store.release(claimOf(nonceOf(state)));
    },
  };
}
