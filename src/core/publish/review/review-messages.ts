// The review page's words in every language, as one bundle: the publish feature mounts it with its own (so the
// parity and limit tests read it), and the review routes read it to answer each reader in their language.
import { defineMessages } from '../../i18n/messages.ts';
import { REVIEW_DE } from './messages.de.ts';
import { REVIEW_ES } from './messages.es.ts';
import { REVIEW_FR } from './messages.fr.ts';
import { REVIEW_JA } from './messages.ja.ts';
import { REVIEW_PT_BR } from './messages.pt-BR.ts';
import { REVIEW_EN } from './messages.ts';

export const REVIEW_MESSAGES = defineMessages(REVIEW_EN, {
  de: REVIEW_DE,
  es: REVIEW_ES,
  fr: REVIEW_FR,
  'pt-BR': REVIEW_PT_BR,
  ja: REVIEW_JA,
});
