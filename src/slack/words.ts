// The words of Slack's own forms in the reader's language: the adapter's messages and the command table's
// descriptions (a command form's hints), from one catalogue. The Slack adapter is no feature, so it keeps its
// own, as the Discord adapter does for its commands' description_localizations.
import { MESSAGES } from '../core/app/commands.ts';
import { createCatalogue, type Translator } from '../core/i18n/catalogue.ts';
import { negotiateLocale } from '../core/i18n/locales.ts';
import { defineMessages } from '../core/i18n/messages.ts';
import { SLACK_DE } from './messages.de.ts';
import { SLACK_ES } from './messages.es.ts';
import { SLACK_FR } from './messages.fr.ts';
import { SLACK_JA } from './messages.ja.ts';
import { SLACK_PT_BR } from './messages.pt-BR.ts';
import { SLACK_EN } from './messages.ts';

export const SLACK_MESSAGES = defineMessages(SLACK_EN, {
  de: SLACK_DE,
  es: SLACK_ES,
  fr: SLACK_FR,
  'pt-BR': SLACK_PT_BR,
  ja: SLACK_JA,
});

const catalogue = createCatalogue([...MESSAGES, SLACK_MESSAGES]);

/** A Slack user's words, from the locale users.info gave (`ja-JP`); English when unknown. */
export const slackWords = (locale: string | undefined): Translator => catalogue.translator(negotiateLocale(locale));
