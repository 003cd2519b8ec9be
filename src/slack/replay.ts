// Refusing replayed Slack requests. A signed request captured on the way (a proxy log, a leaked
// capture) stays valid for Bolt as long as its timestamp is within 5 minutes in the past, and Bolt never
// checks the future (the receiver, http-receiver.ts, refuses both ways), so the same signed /clip sent again
// within the window would make another project. Each command, click and form submission carries a trigger_id
// Slack never reuses, so a second request with one is a replay.
import type { Once } from '../core/guarantees/once.ts';
import type { Entry } from '../core/platform/interaction.ts';
import type { Logger } from '../core/ports.ts';

/** Slack's window for a request timestamp, applied both ways. */
export const MAX_SKEW_SECONDS = 5 * 60;
/** Longer than any timestamp the skew check lets through (5 minutes either side). */
const SEEN_MS = 15 * 60_000;

/**
 * The replay check of a command, click or form submission, for the core's dispatch: the second request
 * with a trigger_id is acknowledged like any other and does nothing. It is checked after the ack (with
 * the work, before it), so the store write is off the acknowledgement path: the ack of a replay is the
 * HTTP answer to whoever replayed it, and shows no one anything.
 */
export function triggerReplayCheck(
  deps: { once: Once; logger: Logger },
  triggerId: string | undefined,
): Pick<Entry, 'firstTime' | 'firstTimeAfterAck'> {
  if (!triggerId) return {};
  return {
    firstTimeAfterAck: true,
    async firstTime() {
      const first = await deps.once.first({ kind: 'inbound', platform: 'slack', id: `trigger:${triggerId}` }, SEEN_MS);
      if (!first) deps.logger.warn({ triggerId }, 'refused a replayed Slack request (trigger_id seen before)');
      return first;
    },
  };
}
