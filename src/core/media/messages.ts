// How the bot explains a media API failure (describe-error.ts), in English: what happened and what to do. The
// API's own words stay as it wrote them, an argument (`{message}`). Each language's version is in
// messages.<language>.ts beside this file; the jobs feature mounts them with its own (jobs/messages-bundle.ts).
export const MEDIA_EN = {
  'media.said': ' The API said: “{message}”.',
  'media.budget_spent':
    "{scope, select, workspace {This workspace has used its share of the bot's shared key,} other {This channel's key has used its}} {limit} requests this hour{reserved}; the next frees at {time} UTC.",
  'media.budget_reserved': ' for new work ({reserved} more are kept for reading results back)',
  'media.budget_workspace':
    "{said} This is reelbot's own limit (MEDIA_API_WORKSPACE_SHARE={perHour}), so that each workspace keeps its share of the operator's key. Someone who can configure the bot can set this channel's own key with `/setup key`.",
  'media.budget_key':
    "{said} This is reelbot's own limit (MEDIA_API_RATE_LIMIT={perHour}), set to stay within the media API plan.",
  'media.refused': 'The media API refused the request (400).{said} Check the link and options, then try again.',
  'media.bad_key':
    'The media API rejected the API key (401). Someone who can configure the bot can set a valid key with `/setup key`.',
  'media.forbidden':
    'The API key is not allowed to do this (403).{said} Check the plan of the account the key belongs to.',
  'media.not_found': 'The media API does not know that project (404).{said}',
  'media.too_many': "Too many requests to the media API right now (429): the plan's request budget is used up.{wait}",
  'media.wait': ' Try again in {unit, select, s {{n} s} other {{n} min}}.',
  'media.wait_unknown': ' Try again in a few minutes.',
  'media.server': 'The media API had a problem ({status}).{said} Nothing was lost; try again in a few minutes.',
  'media.unreachable': 'Could not reach the media API (network error or timeout). Try again shortly.',
  'media.answered': 'The media API answered {status}.{said}',
  'media.store_away': 'Storage is unavailable, try again shortly.',
  'media.unexpected': 'Something went wrong on our side. It has been logged; please try again.',
} as const;
