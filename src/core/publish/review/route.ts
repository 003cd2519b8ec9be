// The routes of the outside review page: `GET /review/<token>` shows the request, `POST /review/<token>` decides.
// A link that opens nothing (unknown, revoked, replaced, its request ended) gets the same plain 404 whatever the
// method; a POST without the form token of its link is refused before anything is read; a decision is idempotent
// (outside-review.ts). The path is a capability: the edge never logs it, and logs here name the request, never the link.
// Every page is in its reader's language: the one they chose on the page (`?lang=`, or the decision form's `lang`),
// else the one their inviter chose, else their browser's (`Accept-Language`), else English.
import { acceptedLocale } from '../../i18n/accept-language.ts';
import { createCatalogue, type Translator } from '../../i18n/catalogue.ts';
import {
  LOCALE_NAMES,
  type Locale,
  matchLocale,
  SHIPPED_LOCALES,
  SOURCE_LOCALE,
  shippedLocale,
} from '../../i18n/locales.ts';
import type { ClientRate, Route, RouteAnswer } from '../../platform/route.ts';
import type { Logger } from '../../ports.ts';
import { PUBLISH_MESSAGES } from '../messages-bundle.ts';
import { formToken, formTokenMatches, hashReviewToken, readPosition, TOKEN_PATTERN } from './links.ts';
import type { OutsideReview, ReviewDecision } from './outside-review.ts';
import {
  badRequestPage,
  forbiddenPage,
  type LanguageChoice,
  MAX_COMMENT,
  notFoundPage,
  outcomePage,
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

/** The switcher's languages: every shipped one, by its own name, as a query of the page itself. */
const LANGUAGES: readonly LanguageChoice[] = SHIPPED_LOCALES.map((lang) => ({
  lang,
  name: LOCALE_NAMES[lang],
  href: `?lang=${lang}`,
}));

/**
 * The language a reader chose on the page: `?lang=` on the page, the form's `lang` on a decision. The pseudo-locale
 * is read too (a tester's choice; it is never offered).
 */
const chosenLocale = (request: Request, form?: URLSearchParams): Locale | undefined =>
  matchLocale(form?.get('lang') ?? undefined) ??
  matchLocale(new URL(request.url).searchParams.get('lang') ?? undefined);

/** What the browser prefers, among the languages offered to people. */
const browserLocale = (request: Request): Locale | undefined => {
  const found = acceptedLocale(request.headers.get('accept-language'));
  return found && shippedLocale(found);
};

/** What the decision form sent, or why it is not a decision (in the reader's language). */
function readDecision(form: URLSearchParams, t: Translator): ReviewDecision | string {
  const seenHash = form.get('version') ?? '';
  if (!seenHash) return t.t('review.incomplete');
  const decision = form.get('decision');
  if (decision === 'approve') return { kind: 'approve', seenHash };
  if (decision !== 'changes') return t.t('review.chooseDecision');
  const reason = (form.get('comment') ?? '').replace(/\r\n?/g, '\n').trim();
  if (!reason) return t.t('review.sayWhat');
  if (reason.length > MAX_COMMENT) return t.t('review.commentTooLong', { max: MAX_COMMENT });
  const at = (form.get('at') ?? '').trim();
  const position = readPosition(at);
  if (at && !position) return t.t('review.positionHint');
  return { kind: 'changes', seenHash, reason, position };
}

export function createReviewRoutes(deps: ReviewRouteDeps): Route[] {
  const { outside, secret } = deps;
  // Publishing's catalogue (the app's is made after the features mount): the page's words, and those of the
  // approval rule's refusals and of how a version was made, which the page shows too. Its dates are UTC's, since
  // the server does not know the reader's zone (the page's script shows theirs).
  const catalogue = createCatalogue([PUBLISH_MESSAGES], {
    onError: ({ locale, key, err }) => deps.logger.error({ err, locale, key }, 'a message could not be formatted'),
  });
  const reader = (...choices: (Locale | undefined)[]): Translator =>
    catalogue.translator(choices.find((l) => l !== undefined) ?? SOURCE_LOCALE, 'UTC');
  /** A reader known only by the request: a page that says nothing of the link. */
  const anyone = (request: Request) => reader(chosenLocale(request), browserLocale(request));
  // One count for the page and its form: both routes share this value.
  const perClient = { rate: deps.rate ?? REVIEW_RATE, tooMany: (r: Request) => tooManyPage(anyone(r)) };
  const refusals = {
    tooLarge: (r: Request) => tooLargePage(anyone(r)),
    failed: (r: Request) => unavailablePage(anyone(r)),
  };
  const shared = { path: REVIEW_PATH, capability: true, perClient, refusals, maxBodyBytes: MAX_FORM_BYTES };

  const show: Route = {
    ...shared,
    method: 'GET',
    async handle(request, ctx): Promise<RouteAnswer> {
      const token = ctx.params.token ?? '';
      if (!TOKEN_PATTERN.test(token)) return notFoundPage(anyone(request));
      const tokenHash = hashReviewToken(token);
      const view = await outside.view(tokenHash);
      if (!view) return notFoundPage(anyone(request));
      const t = reader(chosenLocale(request), view.reviewer.locale, browserLocale(request));
      return reviewPage(view, formToken(secret, tokenHash), t, LANGUAGES);
    },
  };

  const decide: Route = {
    ...shared,
    method: 'POST',
    async handle(request, ctx): Promise<RouteAnswer> {
      const token = ctx.params.token ?? '';
      if (!TOKEN_PATTERN.test(token)) return notFoundPage(anyone(request));
      const tokenHash = hashReviewToken(token);
      const form = new URLSearchParams(await request.text());
      // The page's form carries the language it was shown in; the answer is in it.
      const t = reader(chosenLocale(request, form), browserLocale(request));
      // Checked before the store is read: a forged form learns nothing, not even whether the link exists.
      if (!formTokenMatches(secret, tokenHash, form.get('form_token') ?? undefined)) return forbiddenPage(t);
      const decision = readDecision(form, t);
      if (typeof decision === 'string') return badRequestPage(t, decision);
      const outcome = await outside.decide(tokenHash, decision, t);
      if (outcome.kind === 'gone') return notFoundPage(t);
      if (outcome.kind !== 'refused') deps.logger.info({ decision: outcome.kind }, 'an outside reviewer decided');
      return outcomePage(outcome, t);
    },
  };

  return [show, decide];
}
