// The words of publishing's public messages (a request's card, its thread lines, reminders) in the language
// of the channel it was asked in (`PublishRequestRecord.locale`, decided when it was made: `/setup locale=`,
// else the platform's, else English). They are written long after any interaction (a held post's time, an
// expiry, a reminder), so the request keeps its language and this file its words.
import { createCatalogue, type Translator } from '../i18n/catalogue.ts';
import { negotiateLocale } from '../i18n/locales.ts';
import { PUBLISH_MESSAGES } from './messages-bundle.ts';

const catalogue = createCatalogue([PUBLISH_MESSAGES]);

/** The translator for a request's channel language (a stored tag; English when none, for requests made before it). */
export const publishWords = (locale: string | undefined): Translator => catalogue.translator(negotiateLocale(locale));
