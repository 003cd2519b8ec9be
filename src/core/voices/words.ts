// The words of a /voices page in a language; English when none is given (tools and tests rendering a page alone).
import { createCatalogue, type Translator } from '../i18n/catalogue.ts';
import { negotiateLocale } from '../i18n/locales.ts';
import { VOICES_MESSAGES } from './messages-bundle.ts';

const catalogue = createCatalogue([VOICES_MESSAGES]);

export const voiceWords = (locale?: string): Translator => catalogue.translator(negotiateLocale(locale));
