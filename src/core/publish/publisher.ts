// Calls the API for an approved request, at most once per attempt. The API has no idempotency key, no
// read-back and no cancel, so the request moves to `publishing` under a claim that never expires before
// the call; then 2xx → published, 400/401/403/429 → failed (nothing posted, may be retried), anything
// else (timeout, connection error, 5xx, an unreadable answer) → unknown, never shown as posted.
import { MediaApiError, UserError } from '../errors.ts';
import { mention } from '../platform/message.ts';
import type { PublishRequestRecord } from './model.ts';
import type { PublishDeps } from './service-deps.ts';

/** Statuses the API answers before doing anything: nothing was posted. */
const REFUSED = new Set([400, 401, 403, 404, 409, 413, 422, 429]);

export type Outcome =
  | { kind: 'published'; posts: Array<{ account: string; postId: string }> }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; error: string };

export function classify(err: unknown): Outcome {
  // The API's own message is left out: a validation message can quote the request, access keys included.
  if (err instanceof UserError) return { kind: 'failed', error: `Nothing was posted: ${err.message}` };
  if (err instanceof MediaApiError && REFUSED.has(err.status)) {
    const what =
      err.status === 429
        ? 'the media API asked us to slow down (429). Try again in a few minutes.'
        : err.status === 401 || err.status === 403
          ? `the media API refused the channel’s API key (${err.status}); check \`/setup key\`, then try again.`
          : `the media API refused the request (${err.status}); check the access keys (\`/setup socials\`) and the texts, then try again.`;
    return { kind: 'failed', error: `Nothing was posted: ${what}` };
  }
  const why =
    err instanceof MediaApiError && err.status > 0
      ? `The media API answered ${err.status}`
      : 'The media API did not answer in time (or could not be reached)';
  return {
    kind: 'unknown',
    error: `${why}, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.`,
  };
}

/** Calls the API for `r`, whose attempt the caller has claimed; never throws. */
export async function callApi(deps: PublishDeps, r: PublishRequestRecord): Promise<Outcome> {
  try {
    const { keys, missing } = await deps.accounts.keys(r.channelKey, r.content.accounts);
    if (missing.length > 0) {
      const s = missing.length === 1;
      return {
        kind: 'failed',
        error: `Nothing was posted: the account${s ? '' : 's'} ${missing.join(', ')} ${s ? 'is' : 'are'} no longer set up in this channel (\`/setup socials\`).`,
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
    const posts = c.accounts.map((account, i) => ({ account, postId: result.posts[i] ?? '(no id returned)' }));
    return { kind: 'published', posts };
  } catch (err) {
    // Only the status is logged: an error's text can quote the request, and access keys never reach a log.
    deps.logger.warn(
      { request: r.id, status: err instanceof MediaApiError ? err.status : undefined },
      'publish call failed',
    );
    return classify(err);
  }
}

export function outcomeText(r: PublishRequestRecord, o: Outcome): string {
  if (o.kind === 'published')
    return `✅ Published to ${o.posts.map((p) => `${p.account} (\`${p.postId}\`)`).join(', ')}. ${mention(r.requester.userId)}`;
  if (o.kind === 'failed') return `⚠️ Not published. ${o.error}`;
  return `❓ Outcome unknown: ${o.error}`;
}
