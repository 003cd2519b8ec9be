// Publishing's public words (cards, thread lines, reminders, /scheduled) in every language, as one bundle joined
// to publishing's own (../messages-bundle.ts).
import { defineMessages } from '../../i18n/messages.ts';
import { PUBLISH_CARD_DE } from './card-messages.de.ts';
import { PUBLISH_CARD_ES } from './card-messages.es.ts';
import { PUBLISH_CARD_FR } from './card-messages.fr.ts';
import { PUBLISH_CARD_JA } from './card-messages.ja.ts';
import { PUBLISH_CARD_PT_BR } from './card-messages.pt-BR.ts';
import { PUBLISH_CARD_EN } from './card-messages.ts';

export const PUBLISH_CARD_MESSAGES = defineMessages(PUBLISH_CARD_EN, {
  de: PUBLISH_CARD_DE,
  es: PUBLISH_CARD_ES,
  fr: PUBLISH_CARD_FR,
  'pt-BR': PUBLISH_CARD_PT_BR,
  ja: PUBLISH_CARD_JA,
});
