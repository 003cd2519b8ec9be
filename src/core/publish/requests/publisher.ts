// Where publishing is called at most once. The API's POST /publish-to-socials has no idempotency key, no
// read-back and no cancel, so an attempt is sent only by whoever moved the request to `publishing` with a
// compare-and-set write, and only after it took that attempt's claim in the once module, a claim that
// never expires: two clicks, two replicas or a restart never post twice. Then 2xx → published;
// 400/401/403/429 (and the other refusals below) → failed, nothing posted, may be tried again; anything
// else (timeout, connection error, 5xx, an unreadable answer) → unknown, never shown as posted.
import type { KeyResolver } from '../../channels/key-resolver.ts';
import { MediaApiError, StoreUnavailableError, UserError } from '../../errors.ts';
import type { Once, OnceKey } from '../../guarantees/once.ts';
import { stored } from '../../guarantees/stored.ts';
import type { Translator } from '../../i18n/catalogue.ts';
import type { Metrics } from '../../metrics.ts';
import { mention, type OutMessage } from '../../platform/message.ts';
import type { Clock, Logger, MediaApi, Store } from '../../ports.ts';
import type { AccountsRepo } from '../accounts/accounts.ts';
import { decidedText } from '../approvals/approvals.ts';
import type { Policy } from '../approvals/policy.ts';
import { publishWords } from '../words.ts';
import type { Decide, Decided, Person, PublishRequestRecord } from './model.ts';

/** Statuses the API answers before doing anything: nothing was posted. */
const REFUSED = new Set([400, 401, 403, 404, 409, 413, 422, 429]);

export type Outcome =
  | { kind: 'published'; posts: Array<{ account: string; postId: string }> }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; error: string };

/** Decides whether a request may be sent now: the record to send (attempt included), or undefined. Pure. */
export type Gate = (r: PublishRequestRecord, policy: Policy) => PublishRequestRecord | undefined;

export interface PublisherDeps {
  once: Once;
  accounts: AccountsRepo;
  keys: KeyResolver;
  media: MediaApi;
  /** Where the outcome of a call is confirmed on the replicas before it counts as recorded. */
  store: Store;
  clock: Clock;
  logger: Logger;
  /** Counts each call's outcome (reelbot_publish_total): an unknown one is what an operator must look at. */
  metrics?: Metrics;
  /** How long the outcome of a call is written again while the store is unavailable; default STORED_BOUND_MS. */
  storedBoundMs?: number;
  /**
   * The request's one way to change: compare-and-set on its record, then its card redrawn (unless `redraw` is
   * false); a redraw that fails is logged, never thrown.
   */
  update(id: string, decide: Decide, redraw?: boolean): Promise<Decided>;
  /** Redraws a request's card until it shows what is stored; rejects when the store cannot be read. */
  show(r: PublishRequestRecord): Promise<void>;
  /** Posts a request's news in its thread once. */
  say(r: PublishRequestRecord, message: OutMessage, event: string): Promise<void>;
  /**
   * Arms what shows an attempt just moved to `publishing` as outcome unknown if it is still publishing once
   * stale: a durable task, so neither an outcome that could not be written nor a crash leaves it there.
   */
  watch(r: PublishRequestRecord): Promise<void>;
}

/** The claim could not be confirmed on a replica: the API was not called (said in the request's language). */
const notReplicated = (r: PublishRequestRecord): Outcome & { kind: 'failed' } => ({
  kind: 'failed',
  error: publishWords(r.locale).t('publish.thread.not_replicated'),
});

/** To whoever asked, when the call was made and what it brought back could not be written. */
const OUTCOME_UNRECORDED =
  'This was sent to the media API, but storage is unavailable, so the bot could not record whether it was published. Do not send it again: within a few minutes the request will say “Outcome unknown”; check the accounts, then use “Mark as posted” or “Try again” there.';

/** What a failed call means, kept on the request in its language (`t`, the request's words). */
export function classify(err: unknown, t: Translator): Outcome {
  const nothing = (why: string) => t.t('publish.thread.nothing_posted', { why });
  // The API's own message is left out: a validation message can quote the request, access keys included.
  if (err instanceof UserError) return { kind: 'failed', error: nothing(err.message) };
  if (err instanceof MediaApiError && REFUSED.has(err.status)) {
    const status = String(err.status);
    const what =
      err.status === 429
        ? t.t('publish.thread.api_slow_down')
        : err.status === 401 || err.status === 403
          ? t.t('publish.thread.api_key_refused', { status })
          : t.t('publish.thread.api_refused', { status });
    return { kind: 'failed', error: nothing(what) };
  }
  const answered = err instanceof MediaApiError && err.status > 0;
  return {
    kind: 'unknown',
    error: t.t('publish.thread.api_unknown', {
      answered: answered ? 'yes' : 'no',
      status: answered ? String(err.status) : '',
    }),
  };
}

/** The thread's line for an outcome, in the request's language. */
export function outcomeText(r: PublishRequestRecord, o: Outcome): string {
  const t = publishWords(r.locale);
  if (o.kind === 'published')
    return t.t('publish.thread.published', {
      posts: o.posts.map((p) => `${p.account} (\`${p.postId}\`)`).join(', '),
      requester: mention(r.requester.userId),
    });
  if (o.kind === 'failed') return t.t('publish.thread.not_published', { error: o.error });
  return t.t('publish.thread.outcome_unknown', { error: o.error });
}

export function createPublisher(deps: PublisherDeps) {
  const { update, say, clock } = deps;

  /** Calls the API for `r`, whose attempt is claimed; never throws. */
  async function callApi(r: PublishRequestRecord): Promise<Outcome> {
    const t = publishWords(r.locale);
    try {
      const { keys, missing } = await deps.accounts.keys(r.channelKey, r.content.accounts);
      if (missing.length > 0) {
        return {
          kind: 'failed',
          error: t.t('publish.thread.accounts_gone', { count: missing.length, names: missing.join(', ') }),
        };
      }
      const { key } = await deps.keys.resolve(r.channelKey);
      const c = r.content;
      const result = await deps.media.publish(key, {
        videoUrl: c.videoUrl,
        apiAccessKeys: keys,
        ...(c.title ? { title: c.title } : {}),
        ...(c.description ? { description: c.description } : {}),
        privacy: c.privacy,
      });
      const posts = c.accounts.map((account, i) => ({
        account,
        postId: result.posts[i] ?? t.t('publish.thread.no_post_id'),
      }));
      return { kind: 'published', posts };
    } catch (err) {
      // Only the status is logged: an error's text can quote the request, and access keys never reach a log.
      deps.logger.warn(
        { request: r.id, status: err instanceof MediaApiError ? err.status : undefined },
        'publish call failed',
      );
      return classify(err, t);
    }
  }

  /**
   * Whether the attempt's claim is on the store's replicas, waited for while a failover settles: a claim
   * a failover lost would let another replica publish the same attempt again. 'taken': the failover lost
   * it and another replica claimed the attempt since, so the call and its outcome are that replica's.
   */
  async function claimReplicated(claim: OnceKey): Promise<boolean | 'taken'> {
    try {
      const ours = await stored(() => deps.once.replicated(claim), {
        logger: deps.logger,
        what: 'replicate a publish claim',
      });
      return ours || 'taken';
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      return false;
    }
  }

  /**
   * Shows an outcome once it is kept: on the card (drawn again while the store cannot be read back), then in
   * the thread. A redraw that fails (the store away, the platform refusing an edit) is not the outcome's write
   * failing: it neither writes it again (a "not called" written twice finds itself decided and says nothing)
   * nor keeps it from the thread.
   */
  async function tell(r: PublishRequestRecord, outcome: Outcome): Promise<void> {
    await stored(() => deps.show(r), { logger: deps.logger, what: 'show a publish outcome' }).catch((err: unknown) =>
      deps.logger.warn({ err, requestId: r.id }, 'could not show a publish outcome on its card'),
    );
    await say(r, { text: outcomeText(r, outcome) }, `outcome:${r.attempt}`);
  }

  /** The one way to the API: `gate` decides on the stored record, then the attempt is claimed for good. */
  async function publish(id: string, by: Person | undefined, gate: Gate): Promise<boolean> {
    const { record: started } = await update(
      id,
      (r, policy) => {
        const next = gate(r, policy);
        return next ? { ...next, state: 'publishing', error: undefined } : decidedText(r, publishWords(r.locale));
      },
      false,
    );
    if (!started) return false;
    // Before the call, so a crash right after it still has the attempt looked at; a watch that cannot be armed
    // (the store or the scheduler away) leaves that to the next start's recovery and never stops the call.
    await deps
      .watch(started)
      .catch((err: unknown) =>
        deps.logger.warn({ err, requestId: id, attempt: started.attempt }, 'could not watch a publish attempt'),
      );
    // From here this caller alone moves the request on (any other click finds it being published, and only its
    // watch, once the attempt is stale, shows it as unknown), so nothing but the outcome may end it: a card
    // that cannot say Publishing… now (its read-back meeting a failover) is redrawn with the outcome.
    await deps
      .show(started)
      .catch((err: unknown) =>
        deps.logger.warn({ err, requestId: id }, 'could not show a publish request being published'),
      );
    const claim = { kind: 'publish', requestId: `${id}:${started.attempt}` } as const;
    const first = await deps.once.first(claim).catch((err: unknown) => {
      if (err instanceof StoreUnavailableError) return 'unavailable' as const;
      throw err;
    });
    if (first === 'unavailable') {
      // Nothing was called, and a request left publishing would wait for nobody: it is shown as not posted
      // (Try again makes a new attempt with a claim of its own), unless it was moved on since.
      const ours = (r: PublishRequestRecord) =>
        r.state === 'publishing' && r.attempt === started.attempt && r.updatedAt === started.updatedAt;
      const { record: failed } = await stored(
        () =>
          update(
            id,
            (r) =>
              ours(r)
                ? { ...r, state: 'failed', error: notReplicated(r).error }
                : decidedText(r, publishWords(r.locale)),
            false,
          ),
        { logger: deps.logger, what: 'record a publish not called' },
      );
      if (failed) await tell(failed, notReplicated(failed));
      return true;
    }
    if (!first) {
      // A store restored from an old copy gets here (the request stays `publishing` and is shown as unknown
      // by its watch or `recover`, never sent a second time), and so does a failover that lost the request's
      // move to `publishing` while its first holder took the claim back: that holder calls and decides.
      deps.logger.warn({ requestId: id, attempt: started.attempt }, 'publish attempt was already claimed');
      return false;
    }
    const replicated = await claimReplicated(claim);
    if (replicated === 'taken') {
      deps.logger.warn({ requestId: id, attempt: started.attempt }, 'publish attempt was claimed again by another');
      return false;
    }
    const called = replicated;
    const outcome = called ? await callApi(started) : notReplicated(started);
    // Counts calls made: an attempt no replica confirmed never reached the API.
    if (called) deps.metrics?.inc('reelbot_publish_total', { outcome: outcome.kind });
    // The outcome of a call that cannot be made again is kept through a failover: written again while the
    // store is unavailable or no replica has it, since a request whose outcome is lost stays publishing,
    // shown neither posted nor not, with nobody to move it on.
    const record = async () => {
      const since = deps.store.epoch();
      const changed = await update(
        id,
        (r) => {
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
        },
        false,
      );
      await deps.store.replicated(since);
      return changed;
    };
    const { record: done } = await stored(record, {
      logger: deps.logger,
      what: 'record a publish outcome',
      ...(deps.storedBoundMs !== undefined ? { boundMs: deps.storedBoundMs } : {}),
    }).catch((err: unknown) => {
      // The call was made: "storage is unavailable, send it again" would have it posted twice. The attempt's
      // watch shows the request as unknown once it is stale, and the person who asked is told to wait for that.
      deps.logger.error({ err, requestId: id, attempt: started.attempt }, 'could not record a publish outcome');
      throw new UserError(OUTCOME_UNRECORDED, { code: 'store_unavailable', cause: err });
    });
    if (done) await tell(done, outcome);
    return true;
  }

  /**
   * Try again on the attempt `seen` had, as a new attempt. Two clicks on the same attempt are one step
   * (the step is claimed once), so a click that lands after the first retry already ended never starts a third.
   */
  async function retry(
    seen: PublishRequestRecord,
    by: Person,
    allowed: (r: PublishRequestRecord) => boolean,
  ): Promise<boolean> {
    if (!(await deps.once.first({ kind: 'publish', requestId: `${seen.id}:retry:${seen.attempt}` }))) return false;
    return publish(seen.id, by, (r) =>
      r.attempt === seen.attempt && allowed(r) ? { ...r, attempt: r.attempt + 1 } : undefined,
    );
  }

  return { publish, retry };
}

export type Publisher = ReturnType<typeof createPublisher>;
