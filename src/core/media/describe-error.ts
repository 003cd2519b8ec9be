import { MediaApiError, StoreUnavailableError, UserError } from '../errors.ts';
import { createCatalogue, type Translator } from '../i18n/catalogue.ts';
import { defineMessages } from '../i18n/messages.ts';
import { MEDIA_DE } from './messages.de.ts';
import { MEDIA_ES } from './messages.es.ts';
import { MEDIA_FR } from './messages.fr.ts';
import { MEDIA_JA } from './messages.ja.ts';
import { MEDIA_PT_BR } from './messages.pt-BR.ts';
import { MEDIA_EN } from './messages.ts';
import { clockTime, RateBudgetError } from './rate-limiter.ts';

/** The explanations in every language: mounted with the jobs feature's messages, so any reader's translator has them. */
export const MEDIA_MESSAGES = defineMessages(MEDIA_EN, {
  de: MEDIA_DE,
  es: MEDIA_ES,
  fr: MEDIA_FR,
  'pt-BR': MEDIA_PT_BR,
  ja: MEDIA_JA,
});

/** English, for a caller that names no reader (a log line, a test). */
const ENGLISH = createCatalogue([MEDIA_MESSAGES]).translator('en');

/** `42 s` or `3 min`, in the reader's words. */
const wait = (ms: number, t: Translator): string => {
  const s = Math.ceil(ms / 1000);
  return s < 90 ? t.t('media.wait', { unit: 's', n: s }) : t.t('media.wait', { unit: 'min', n: Math.ceil(s / 60) });
};

/** `t` when its catalogue has these explanations (the bot's does, with the jobs feature); English otherwise. */
const knowing = (t: Translator | undefined): Translator => (t?.has('media.unexpected') ? t : ENGLISH);

/** A media API failure, explained for a team member in `reader`'s language: what happened and what to do. */
export function describeMediaError(err: MediaApiError, reader?: Translator): string {
  const t = knowing(reader);
  // The API's own words are quoted as it wrote them, an argument of the reader's sentence.
  const said = err.apiMessage ? t.t('media.said', { message: err.apiMessage }) : '';
  // The bot's own limit is not the API's 429: say whose limit it is and when it frees.
  if (err instanceof RateBudgetError) {
    const limit = err.use === 'command' ? err.perHour - err.reserved : err.perHour;
    const reserved =
      err.use === 'command' && err.reserved > 0 ? t.t('media.budget_reserved', { reserved: String(err.reserved) }) : '';
    const spent = t.t('media.budget_spent', {
      scope: err.scope,
      limit: String(limit),
      reserved,
      time: clockTime(err.nextFreeAt),
    });
    // A share is the operator's rule for a key every workspace uses: a channel's own key is the way out.
    const perHour = String(err.perHour);
    return err.scope === 'workspace'
      ? t.t('media.budget_workspace', { said: spent, perHour })
      : t.t('media.budget_key', { said: spent, perHour });
  }
  const status = String(err.status);
  switch (true) {
    case err.status === 400:
      return t.t('media.refused', { said });
    case err.status === 401:
      return t.t('media.bad_key');
    case err.status === 403:
      return t.t('media.forbidden', { said });
    case err.status === 404:
      return t.t('media.not_found', { said });
    case err.status === 429:
      return t.t('media.too_many', {
        wait: err.retryAfterMs ? wait(err.retryAfterMs, t) : t.t('media.wait_unknown'),
      });
    case err.status >= 500:
      return t.t('media.server', { status, said });
    case err.status === 0:
      return t.t('media.unreachable');
    default:
      return t.t('media.answered', { status, said });
  }
}

/** Any error, explained for a user in `reader`'s language: coded errors say what they are, anything else is hidden. */
export function describeError(err: unknown, reader?: Translator): string {
  const t = knowing(reader);
  if (err instanceof MediaApiError) return describeMediaError(err, t);
  if (err instanceof UserError) return err.message;
  // Nothing the person did: the bot's storage (SQLite file, Redis) did not answer in time.
  if (err instanceof StoreUnavailableError) return t.t('media.store_away');
  return t.t('media.unexpected');
}
