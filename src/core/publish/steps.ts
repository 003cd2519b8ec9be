// The steps every publish action is made of. A request changes only by compare-and-set on its record
// (`PublishRepo.update`): two clicks or two replicas each re-read and re-decide, so exactly one of them
// moves it. The API is called only by whoever moved the request to `publishing`, and only after that
// attempt's never-expiring claim in the `once` module is taken, so clicks, replicas and restarts never
// post twice.
import type { Once } from '../guarantees/once.ts';
import type { OutMessage } from '../platform/message.ts';
import { decidedText, quorumReached } from './approvals.ts';
import type { Person, PublishRequestRecord } from './model.ts';
import type { Policy } from './policy.ts';
import { callApi, outcomeText } from './publisher.ts';
import { renderRequestCard } from './render.ts';
import { formatWhen } from './schedule.ts';
import { PUBLISH_QUEUE, type PublishDeps } from './service-deps.ts';

/** Decides a change from the stored record: a refusal (shown to the clicker) or the new record. Pure. */
export type Change = (r: PublishRequestRecord, policy: Policy) => PublishRequestRecord | string;
/** Decides whether a request may be sent now: the record to send (attempt included), or undefined. Pure. */
export type Gate = (r: PublishRequestRecord, policy: Policy) => PublishRequestRecord | undefined;

export interface Changed {
  record?: PublishRequestRecord;
  refusal?: string;
}

export function createSteps(deps: PublishDeps & { once: Once }) {
  const { repo, policies, clock } = deps;

  async function show(r: PublishRequestRecord): Promise<void> {
    const policy = await policies.get(r.channelKey);
    await deps.chat(r.thread.platform)?.updateCard(r.thread, renderRequestCard(r, policy, clock.now()));
  }
  async function say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void> {
    const port = deps.chat(r.thread.platform);
    if (port) await deps.outbox.post(port, r.thread, message, `pub:${r.id}:${event}`);
  }

  /** Changes a request by compare-and-set, then redraws its card. */
  async function update(id: string, change: Change): Promise<Changed> {
    const gone = { refusal: 'That publish request no longer exists.' };
    const current = await repo.get(id);
    if (!current) return gone;
    const policy = await policies.get(current.channelKey);
    const now = clock.now();
    // The last call of `change` is the one whose answer counts (earlier ones lost a race and were re-run).
    let last: Changed = gone;
    const stored = await repo.update(id, (r) => {
      const next = change(r, policy);
      last = typeof next === 'string' ? { refusal: next } : { record: { ...next, updatedAt: now } };
      return last.record;
    });
    const result: Changed = last.record && stored ? { record: stored } : last;
    if (result.record) await show(result.record);
    return result;
  }

  /** The one way to the API: `gate` decides on the stored record, then the attempt is claimed for good. */
  async function publish(id: string, by: Person | undefined, gate: Gate): Promise<boolean> {
    const { record: started } = await update(id, (r, policy) => {
      const next = gate(r, policy);
      return next ? { ...next, state: 'publishing', error: undefined } : decidedText(r);
    });
    if (!started) return false;
    if (!(await deps.once.first({ kind: 'publish', requestId: `${id}:${started.attempt}` }))) {
      // Only a store restored from an old copy gets here: the request stays `publishing` and is shown
      // as unknown by `recover`, never sent a second time.
      deps.logger.warn({ requestId: id, attempt: started.attempt }, 'publish attempt was already claimed');
      return false;
    }
    const outcome = await callApi(deps, started);
    const { record: done } = await update(id, (r) => {
      const now = clock.now();
      return outcome.kind === 'published'
        ? {
            ...r,
            state: 'published',
            posts: outcome.posts,
            error: undefined,
            decidedBy: by ?? r.requester,
            decidedAt: now,
          }
        : { ...r, state: outcome.kind, error: outcome.error };
    });
    if (done) await say(done, { text: outcomeText(done, outcome) }, `outcome:${done.attempt}`);
    return true;
  }

  /** After approvals change: publish now, hold for its time, or keep waiting. */
  async function advance(r: PublishRequestRecord, by: Person | undefined): Promise<void> {
    const policy = await policies.get(r.channelKey);
    if (r.state !== 'pending' || !quorumReached(r, policy, clock.now())) return;
    const at = r.content.scheduleAt;
    const ready = (cur: PublishRequestRecord, p: Policy) =>
      cur.state === 'pending' && quorumReached(cur, p, clock.now());
    if (at !== null && at > clock.now()) {
      const { record } = await update(r.id, (cur, p) =>
        ready(cur, p) ? { ...cur, state: 'scheduled' } : decidedText(cur),
      );
      if (record) {
        await deps.scheduler.schedule(PUBLISH_QUEUE, r.id, at, { id: r.id });
        await say(record, { text: `🗓️ Approved: it will be posted ${formatWhen(at, policy.timezone)}.` }, 'scheduled');
      }
      return;
    }
    await publish(r.id, by, (cur, p) => (ready(cur, p) ? cur : undefined));
  }

  return { show, say, update, publish, advance };
}

export type Steps = ReturnType<typeof createSteps>;
