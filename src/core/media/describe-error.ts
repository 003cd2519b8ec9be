import { MediaApiError, StoreUnavailableError, UserError } from '../errors.ts';
import { RateBudgetError } from './rate-limiter.ts';

const minutes = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.ceil(s / 60)} min`;
};

/** A media API failure, explained for a team member: what happened and what to do. */
export function describeMediaError(err: MediaApiError): string {
  const said = err.apiMessage ? ` The API said: “${err.apiMessage}”.` : '';
  // The bot's own limit is not the API's 429: say whose limit it is and when it frees.
  if (err instanceof RateBudgetError) {
    const said = err.message.replace(/^reelbot's own budget: t/, 'T');
    // A share is the operator's rule for a key every workspace uses: a channel's own key is the way out.
    if (err.scope === 'workspace') {
      return `${said} This is reelbot's own limit (MEDIA_API_WORKSPACE_SHARE=${err.perHour}), so that each workspace keeps its share of the operator's key. Someone who can configure the bot can set this channel's own key with \`/setup key\`.`;
    }
    return `${said} This is reelbot's own limit (MEDIA_API_RATE_LIMIT=${err.perHour}), set to stay within the media API plan.`;
  }
  switch (true) {
    case err.status === 400:
      return `The media API refused the request (400).${said} Check the link and options, then try again.`;
    case err.status === 401:
      return 'The media API rejected the API key (401). Someone who can configure the bot can set a valid key with `/setup key`.';
    case err.status === 403:
      return `The API key is not allowed to do this (403).${said} Check the plan of the account the key belongs to.`;
    case err.status === 404:
      return `The media API does not know that project (404).${said}`;
    case err.status === 429: {
      const wait = err.retryAfterMs ? ` Try again in ${minutes(err.retryAfterMs)}.` : ' Try again in a few minutes.';
      return `Too many requests to the media API right now (429): the plan's request budget is used up.${wait}`;
    }
    case err.status >= 500:
      return `The media API had a problem (${err.status}).${said} Nothing was lost; try again in a few minutes.`;
    case err.status === 0:
      return 'Could not reach the media API (network error or timeout). Try again shortly.';
    default:
      return `The media API answered ${err.status}.${said}`;
  }
}

/** Any error, explained for a user: coded errors say what they are, anything else is hidden. */
export function describeError(err: unknown): string {
  if (err instanceof MediaApiError) return describeMediaError(err);
  if (err instanceof UserError) return err.message;
  // Nothing the person did: the bot's storage (SQLite file, Redis) did not answer in time.
  if (err instanceof StoreUnavailableError) return 'Storage is unavailable, try again shortly.';
  return 'Something went wrong on our side. It has been logged; please try again.';
}
