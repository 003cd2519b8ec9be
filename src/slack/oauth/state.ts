// The OAuth `state` of an install: signed with SLACK_STATE_SECRET (HMAC-SHA256), valid 10 minutes, used once.
// Bolt's InstallProvider binds it to the browser that started the install (its state cookie, compared with the
// state Slack sends back) and hands it here to verify; a used state is claimed in the store, so a replay is
// refused on every replica.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/bolt';
import type { Clock, Store } from '../../core/ports.ts';

/** Bolt's own state cookie lasts 10 minutes; the state is refused after the same time. */
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

export interface StateOptions {
  secret: string;
  store: Store;
  clock: Clock;
  /** What the callback needs back (scopes, redirect_uri): the same for every install. */
  installOptions: InstallURLOptions;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function createInstallStateStore(options: StateOptions): StateStore {
  const { secret, store, clock } = options;
  return {
    async generateStateParam() {
      const payload = `${clock.now().toString(36)}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(secret, payload)}`;
    },
    async verifyStateParam(_now, state) {
      const parts = state.split('.');
      const [issued, nonce, mac] = parts;
      if (parts.length !== 3 || !issued || !nonce || !mac) throw new InstallStateError('forged');
      const expected = Buffer.from(sign(secret, `${issued}.${nonce}`));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InstallStateError('forged');
      const age = clock.now() - Number.parseInt(issued, 36);
      if (!Number.isFinite(age) || age > STATE_TTL_MS || age < -SKEW_MS) throw new InstallStateError('expired');
      if (!(await store.claim(`slack-install-state:${nonce}`, STATE_TTL_MS + SKEW_MS)))
        throw new InstallStateError('replayed');
      return options.installOptions;
    },
  };
}
