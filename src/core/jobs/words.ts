// The words of a job's public messages (its card, results, failures, progress) in the language of the channel it
// was started in (`Job.locale`, decided at start: `/setup locale=`, else the platform's, else English). Those are
// written long after any interaction (a webhook, a poll), so the job keeps its language and this file its words.
import { createCatalogue, type Translator } from '../i18n/catalogue.ts';
import { negotiateLocale } from '../i18n/locales.ts';
import { JOBS_MESSAGES } from './messages-bundle.ts';

const catalogue = createCatalogue([JOBS_MESSAGES]);

/** The translator for a job's channel language (a stored tag; English when none, for jobs started before it). */
export const jobWords = (locale: string | undefined): Translator => catalogue.translator(negotiateLocale(locale));
