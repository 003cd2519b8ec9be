// The routes of the outside review page: `GET /review/<token>` shows the request, `POST /review/<token>` decides.
// A link that opens nothing (unknown, revoked, replaced, its request ended) gets the same plain 404 whatever the
// method; a POST without the form token of its link is refused before anything is read; a decision is idempotent
// (outside-review.ts). The token never leaves this file: logs name the request, never the link.
import { randomBytes } from 'node:crypto';
import type { HttpResult, PageRequest, PageRoute } from '../platform/http-result.ts';
import type { Logger } from '../ports.ts';
import { formToken, formTokenMatches, hashReviewToken, readPosition, TOKEN_PATTERN } from './review/links.ts';
import type { OutsideReview, ReviewDecision } from './review/outside-review.ts';
import {
  renderBadRequestPage,
  renderFailedPage,
  renderForbiddenPage,
  renderNotFoundPage,
  renderOutcomePage,
  renderReviewPage,
  renderTooManyPage,
  reviewHeaders,
} from './review-page.ts';

export const REVIEW_PREFIX = '/review/';

/** A comment longer than this is not a review note (the page's field holds 1000). */
const MAX_COMMENT = 1000;

export interface ReviewRouteDeps {
  outside: OutsideReview;
  /** The form tokens' secret (review-link.ts formSecret). */
  secret: Buffer;
  logger: Logger;
}

function html(status: number, body: (nonce: string) => string, extra: Record<string, string> = {}): HttpResult {
  const nonce = randomBytes(16).toString('base64');
  return {
    status,
    body: body(nonce),
    contentType: 'text/html; charset=utf-8',
    headers: { ...reviewHeaders(nonce), ...extra },
  };
}

const notFound = () => html(404, renderNotFoundPage);

/** What the decision form sent, or why it is not a decision. */
function readDecision(form: URLSearchParams): ReviewDecision | string {
  const seenHash = form.get('version') ?? '';
  if (!seenHash) return 'The form was incomplete.';
  const decision = form.get('decision');
  if (decision === 'approve') return { kind: 'approve', seenHash };
  if (decision !== 'changes') return 'Choose Approve or Request changes.';
  const reason = (form.get('comment') ?? '').replace(/\r\n?/g, '\n').trim();
  if (!reason) return 'Say what should change.';
  if (reason.length > MAX_COMMENT) return `Keep the comment under ${MAX_COMMENT} characters.`;
  const at = (form.get('at') ?? '').trim();
  const position = readPosition(at);
  if (at && !position) return 'Give the moment in the video as minutes and seconds, such as 0:12, or leave it empty.';
  return { kind: 'changes', seenHash, reason, position };
}

export function createReviewRoute(deps: ReviewRouteDeps): PageRoute {
  const { outside, secret } = deps;

  async function handle(req: PageRequest): Promise<HttpResult> {
    const token = req.path.slice(REVIEW_PREFIX.length).replace(/\/$/, '');
    if (!TOKEN_PATTERN.test(token)) return notFound();
    const tokenHash = hashReviewToken(token);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const view = await outside.view(tokenHash);
      if (!view) return notFound();
      return html(200, (nonce) => renderReviewPage({ ...view, nonce, formToken: formToken(secret, tokenHash) }));
    }
    if (req.method !== 'POST') return notFound();
    const form = new URLSearchParams((await req.body()).toString('utf8'));
    // Checked before the store is read: a forged form learns nothing, not even whether the link exists.
    if (!formTokenMatches(secret, tokenHash, form.get('form_token') ?? undefined))
      return html(403, renderForbiddenPage);
    const decision = readDecision(form);
    if (typeof decision === 'string') return html(400, (nonce) => renderBadRequestPage(nonce, decision));
    const outcome = await outside.decide(tokenHash, decision);
    if (outcome.kind === 'gone') return notFound();
    if (outcome.kind !== 'refused') deps.logger.info({ decision: outcome.kind }, 'an outside reviewer decided');
    return html(200, (nonce) => renderOutcomePage(outcome, nonce));
  }

  return {
    prefix: REVIEW_PREFIX,
    handle,
    tooMany: () => html(429, renderTooManyPage, { 'retry-after': '60' }),
    failed: (status) => html(status, (nonce) => renderFailedPage(nonce, status === 413)),
  };
}
