// The console's own words in the terminal's language (LANG and its kin: `fr_FR.UTF-8` → French; English when it
// names none we ship). The console is no feature: it keeps its own small catalogue, as the Slack adapter does.
import { createCatalogue, type Translator } from '../core/i18n/catalogue.ts';
import { negotiateLocale } from '../core/i18n/locales.ts';
import { defineMessages } from '../core/i18n/messages.ts';
import { CONSOLE_DE } from './messages.de.ts';
import { CONSOLE_ES } from './messages.es.ts';
import { CONSOLE_FR } from './messages.fr.ts';
import { CONSOLE_JA } from './messages.ja.ts';
import { CONSOLE_PT_BR } from './messages.pt-BR.ts';
import { CONSOLE_EN } from './messages.ts';

export const CONSOLE_MESSAGES = defineMessages(CONSOLE_EN, {
  de: CONSOLE_DE,
  es: CONSOLE_ES,
  fr: CONSOLE_FR,
  'pt-BR': CONSOLE_PT_BR,
  ja: CONSOLE_JA,
});

const catalogue = createCatalogue([CONSOLE_MESSAGES]);

/** The console's words for a terminal whose language is `locale` (a LANG-like tag; English when none). */
export const consoleWords = (locale: string | undefined): Translator => catalogue.translator(negotiateLocale(locale));
