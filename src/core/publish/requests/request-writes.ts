// The one way a publish request changes: a decision on the stored record written by compare-and-set (two
// clicks or two replicas each re-read and re-decide, so exactly one moves it), then its card redrawn; and the
// one way its thread hears news, once per event through the outbox.
import type { Outbox } from '../../guarantees/outbox.ts';
import { MAX_CARD_REDRAWS } from '../../platform/last-edit.ts';
import type { OutMessage } from '../../platform/message.ts';
import type { ChatPort, Clock, Logger, Platform } from '../../ports.ts';
import { UNKNOWN_REQUEST } from '../approvals/decide.ts';
import type { PolicyRepo } from '../approvals/policy.ts';
import { publishWords } from '../words.ts';
import type { Decide, Decided, PublishRequestRecord } from './model.ts';
import { renderRequestCard } from './render.ts';
import type { PublishRepo } from './repo.ts';

export interface RequestWritesDeps {
  repo: PublishRepo;
  policies: PolicyRepo;
  clock: Clock;
  logger: Logger;
  chat: (platform: Platform) => ChatPort | undefined;
  /** Posts a request's news in its thread once. */
  outbox: Outbox;
}

export function createRequestWrites(deps: RequestWritesDeps) {
  const { repo, policies, clock } = deps;

  /**
   * Redraws the card, then reads the request back once the edit landed and draws it again while it shows
   * something else than what is stored: a redraw computed from an earlier record (another replica's, or
   * one read before a failover) must not be the card's last word. The edit asks the store right before it is
   * sent (`stillDue`), so one drawn from a record another replica has moved on from ("Publishing…" after its
   * "Published") is not sent at all: the card never steps back, even for a moment.
   */
  async function show(r: PublishRequestRecord): Promise<void> {
    const port = deps.chat(r.thread.platform);
    if (!port) return;
    let drawn = r;
    for (let redraws = 0; redraws <= MAX_CARD_REDRAWS; redraws++) {
      const policy = await policies.get(drawn.channelKey);
      const at = clock.now();
      const card = renderRequestCard(drawn, policy, at, publishWords(drawn.locale));
      const drawsAsCard = (stored: PublishRequestRecord | undefined) =>
        stored !== undefined &&
        JSON.stringify(renderRequestCard(stored, policy, at, publishWords(stored.locale))) === JSON.stringify(card);
      const made = await port.updateCard(drawn.thread, card, 'final', async () =>
        drawsAsCard(await repo.get(drawn.id)),
      );
      const stored = await repo.get(drawn.id);
      if (!stored || drawsAsCard(stored) || (!made && stored.updatedAt === drawn.updatedAt)) return;
      drawn = stored;
    }
    deps.logger.warn({ requestId: r.id }, 'the publish request card kept falling behind its request');
  }

  async function say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void> {
    const port = deps.chat(r.thread.platform);
    if (port) await deps.outbox.post(port, r.thread, message, `pub:${r.id}:${event}`);
  }

  /**
   * Applies a decision to a request by compare-and-set, then redraws its card (unless the caller will). Once
   * the decision is written, a redraw that fails (its read-back meeting a failover, the platform refusing the
   * edit) is logged, never thrown: the caller would take the decision for not made and skip what it calls
   * for (a held post's task, the thread's question), leaving the request in a state nobody moves on.
   */
  async function update(id: string, decide: Decide, redraw = true): Promise<Decided> {
    const gone = { refusal: UNKNOWN_REQUEST };
    const current = await repo.get(id);
    if (!current) return gone;
    const policy = await policies.get(current.channelKey);
    const now = clock.now();
    // The last call of `decide` is the one whose answer counts (earlier ones lost a race and were re-run).
    let last: Decided = gone;
    const stored = await repo.update(id, (r) => {
      const next = decide(r, policy);
      last = typeof next === 'string' ? { refusal: next } : { record: { ...next, updatedAt: now } };
      return last.record;
    });
    const result: Decided = last.record && stored ? { record: stored } : last;
    if (result.record && redraw)
      await show(result.record).catch((err: unknown) =>
        deps.logger.warn({ err, requestId: id }, 'could not redraw a publish request card'),
      );
    return result;
  }

  return { show, say, update };
}

export type RequestWrites = ReturnType<typeof createRequestWrites>;
