// The words for the person who asks, in every language, as one bundle: publishing's messages-bundle.ts joins it.
import { defineMessages } from '../../i18n/messages.ts';
import { PUBLISH_ASK_DE } from './ask-messages.de.ts';
import { PUBLISH_ASK_ES } from './ask-messages.es.ts';
import { PUBLISH_ASK_FR } from './ask-messages.fr.ts';
import { PUBLISH_ASK_JA } from './ask-messages.ja.ts';
import { PUBLISH_ASK_PT_BR } from './ask-messages.pt-BR.ts';
import { PUBLISH_ASK_EN } from './ask-messages.ts';

export const PUBLISH_ASK_MESSAGES = defineMessages(PUBLISH_ASK_EN, {
  de: PUBLISH_ASK_DE,
  es: PUBLISH_ASK_ES,
  fr: PUBLISH_ASK_FR,
  'pt-BR': PUBLISH_ASK_PT_BR,
  ja: PUBLISH_ASK_JA,
});
