// A busy team's workspace (busy-workspace-scenario.ts) against each way Slack may count its Tier 3: a fixed
// minute, a sliding minute and a token bucket with bursts of 5. Time runs ten times faster on both sides
// (Slack's minute is 6 s for the double and the bot), so the load against each limit is the real one and each
// run lasts about half a minute. BUSY_MINUTE_MS=60000 runs it at Slack's own speed (about 5 minutes a model;
// `npm run bench -- --only=busy-workspace` does that for the three at once).
import { describe, expect, it } from 'vitest';
import { TIER_MODELS } from '../doubles/slack/index.ts';
import { runBusyWorkspace } from './busy-workspace-scenario.ts';

const MINUTE = Number(process.env.BUSY_MINUTE_MS ?? 6_000);
const scaled = (ms: number) => (ms * MINUTE) / 60_000;

const COUNTED_AS = { fixed: 'a fixed minute', sliding: 'a sliding minute', bucket: 'a token bucket with bursts of 5' };

describe.each(TIER_MODELS.map((model) => [COUNTED_AS[model], model] as const))(
  'a busy workspace against a Slack counting Tier 3 as %s',
  (_, model) => {
    it(
      'posts every result promptly, leaves every card Done within its bound, and draws few 429s',
      async () => {
        const run = await runBusyWorkspace({ model, minuteMs: MINUTE });
        expect(run.problems).toEqual([]);
        expect(run.cards).toBe(120);
        // At most 10 % of chat.update calls refused, and /metrics counts what Slack refused.
        expect(run.updatesRefused / run.updates).toBeLessThanOrEqual(0.1);
        expect(run.refusedCounted).toBe(run.refused);
        // Every card says Done within (cards ÷ 45) minutes + 30 s of its result.
        expect(run.cardLagMs).toHaveLength(120);
        expect(run.cardLagMs.filter((lag) => lag > run.cardBoundMs)).toEqual([]);
        // Results never wait behind card edits, which may queue for minutes: each is posted within the time the
        // bot takes to read and record it (5 s, not compressed: the issue measured a p95 of 4 s at Slack's
        // speed, and on a loaded machine this is CPU time) and its channel's pacing (5 s).
        expect(run.resultLagMs).toHaveLength(120);
        expect(run.resultLagMs.filter((lag) => lag > 5_000 + scaled(5_000))).toEqual([]);
      },
      scaled(900_000),
    );
  },
);
