// The routes of the outside review page: `GET /review/<token>` shows the request, `POST /review/<token>` decides.
// A link that opens nothing (unknown, revoked, replaced, its request ended) gets the same plain 404 whatever the
// method; a POST without the form token of its link is refused before anything is read; a decision is idempotent
// (outside-review.ts). The path is a capability: the edge never logs it, and logs here name the request, never the link.
import type { ClientRate, Route, RouteAnswer } from '../../platform/route.ts';
import type { Logger } from '../../ports.ts';
import { formToken, formTokenMatches, hashReviewToken, readPosition, TOKEN_PATTERN } from './links.ts';
import type { OutsideReview, ReviewDecision } from './outside-review.ts';
import {
  badRequestPage,
  forbiddenPage,
  MAX_COMMENT,
  notFoundPage,
  outcomePage,
  POSITION_HINT,
  reviewPage,
  tooLargePage,
  tooManyPage,
  unavailablePage,
} from './page-view.ts';

export const REVIEW_PATH = '/review/:token';

/** Requests one client address may make to the review routes: 60 a minute in each process. */
export const REVIEW_RATE: ClientRate = { points: 60, windowSeconds: 60 };

/** A decision form is a comment of at most 1,000 characters and a few fields: far less than this, even escaped. */
const MAX_FORM_BYTES = 32 * 1024;

export interface ReviewRouteDeps {
  outside: OutsideReview;
  /** The form tokens' secret (review-link.ts formSecret). */
  secret: Buffer;
  logger: Logger;
  /** Requests per client address; REVIEW_RATE unless the run sets its own. */
  rate?: ClientRate;
}

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
  if (at && !position) return POSITION_HINT;
  return { kind: 'changes', seenHash, reason, position };
}

export function createReviewRoutes(deps: ReviewRouteDeps): Route[] {
  const { outside, secret } = deps;
  // One count for the page and its form: both routes share this value.
  const perClient = { rate: deps.rate ?? REVIEW_RATE, tooMany: tooManyPage };
  const refusals = { tooLarge: tooLargePage, failed: unavailablePage };
  const shared = { path: REVIEW_PATH, capability: true, perClient, refusals, maxBodyBytes: MAX_FORM_BYTES };

  const show: Route = {
    ...shared,
    method: 'GET',
    async handle(_request, ctx): Promise<RouteAnswer> {
      const token = ctx.params.token ?? '';
      if (!TOKEN_PATTERN.test(token)) return notFoundPage();
      const tokenHash = hashReviewToken(token);
      const view = await outside.view(tokenHash);
      if (!view) return notFoundPage();
      return reviewPage(view, formToken(secret, tokenHash));
    },
  };

  const decide: Route = {
    ...shared,
    method: 'POST',
    async handle(request, ctx): Promise<RouteAnswer> {
      const token = ctx.params.token ?? '';
      if (!TOKEN_PATTERN.test(token)) return notFoundPage();
      const tokenHash = hashReviewToken(token);
      const form = new URLSearchParams(await request.text());
      // Checked before the store is read: a forged form learns nothing, not even whether the link exists.
      if (!formTokenMatches(secret, tokenHash, form.get('form_token') ?? undefined)) return forbiddenPage();
      const decision = readDecision(form);
      if (typeof decision === 'string') return badRequestPage(decision);
      const outcome = await outside.decide(tokenHash, decision);
      if (outcome.kind === 'gone') return notFoundPage();
      if (outcome.kind !== 'refused') deps.logger.info({ decision: outcome.kind }, 'an outside reviewer decided');
      return outcomePage(outcome);
    },
  };

  return [show, decide];
}
