// Publishing's messages in every language, as one bundle: its commands' descriptions (messages.ts), its rooms'
// words (each room's `*-messages.ts` bundle) and its review page's. feature.ts mounts it; words.ts writes the
// public messages (cards, thread lines, reminders) with it in the language a request keeps.
import { defineMessages, joinMessages } from '../i18n/messages.ts';
import { APPROVALS_MESSAGES } from './approvals/messages-bundle.ts';
import { PUBLISH_DE } from './messages.de.ts';
import { PUBLISH_ES } from './messages.es.ts';
import { PUBLISH_FR } from './messages.fr.ts';
import { PUBLISH_JA } from './messages.ja.ts';
import { PUBLISH_PT_BR } from './messages.pt-BR.ts';
import { PUBLISH_EN } from './messages.ts';
import { PUBLISH_ASK_MESSAGES } from './requests/ask-messages-bundle.ts';
import { PUBLISH_CARD_MESSAGES } from './requests/card-messages-bundle.ts';
import { REVIEW_MESSAGES } from './review/review-messages.ts';

export const PUBLISH_MESSAGES = joinMessages(
  defineMessages(PUBLISH_EN, {
    de: PUBLISH_DE,
    es: PUBLISH_ES,
    fr: PUBLISH_FR,
    'pt-BR': PUBLISH_PT_BR,
    ja: PUBLISH_JA,
  }),
  PUBLISH_CARD_MESSAGES,
  REVIEW_MESSAGES,
  APPROVALS_MESSAGES,
  PUBLISH_ASK_MESSAGES,
);
