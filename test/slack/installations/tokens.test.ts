// When a rotating token is refreshed: with a quarter of its life left, so a 12-hour token is refreshed 3 hours
// before it ends and a 10-minute one 2.5 minutes before, never on every call as a fixed two hours would.
import { describe, expect, it } from 'vitest';
import type { Installation } from '../../../src/slack/installations/repo.ts';
import { refreshDue } from '../../../src/slack/installations/tokens.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const token = (lifeMs: number): Installation => ({
  id: 'T0ACME',
  enterpriseInstall: false,
  scopes: [],
  botToken: 'xoxb-1',
  refreshToken: 'xoxe-1',
  issuedAt: 0,
  expiresAt: lifeMs,
  installedAt: 0,
});

describe('a rotating token is due for a refresh', () => {
  it('with a quarter of its life left, in proportion to its life', () => {
    expect(refreshDue(token(12 * HOUR), 8 * HOUR + 59 * MIN)).toBe(false);
    expect(refreshDue(token(12 * HOUR), 9 * HOUR)).toBe(true);
    expect(refreshDue(token(10 * MIN), 7 * MIN)).toBe(false);
    expect(refreshDue(token(10 * MIN), 7.5 * MIN)).toBe(true);
  });

  it('never, for a token that does not rotate', () => {
    const { refreshToken: _r, expiresAt: _e, ...fixed } = token(HOUR);
    expect(refreshDue(fixed, 100 * HOUR)).toBe(false);
  });
});
