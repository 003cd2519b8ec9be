// The approvals' and outside review's chat-side words in every language, as one bundle: publishing's
// messages-bundle.ts joins it to its own, so the app mounts it, words.ts writes thread lines with it and the review
// page says the approval rule's refusals with it.
import { defineMessages } from '../../i18n/messages.ts';
import { APPROVALS_DE } from './messages.de.ts';
import { APPROVALS_ES } from './messages.es.ts';
import { APPROVALS_FR } from './messages.fr.ts';
import { APPROVALS_JA } from './messages.ja.ts';
import { APPROVALS_PT_BR } from './messages.pt-BR.ts';
import { APPROVALS_EN } from './messages.ts';

export const APPROVALS_MESSAGES = defineMessages(APPROVALS_EN, {
  de: APPROVALS_DE,
  es: APPROVALS_ES,
  fr: APPROVALS_FR,
  'pt-BR': APPROVALS_PT_BR,
  ja: APPROVALS_JA,
});
