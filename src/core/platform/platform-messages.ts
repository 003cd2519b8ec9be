// The dispatch's messages in every shipped language, as core/app gathers them.
import { defineMessages } from '../i18n/messages.ts';
import { PLATFORM_DE } from './messages.de.ts';
import { PLATFORM_ES } from './messages.es.ts';
import { PLATFORM_FR } from './messages.fr.ts';
import { PLATFORM_JA } from './messages.ja.ts';
import { PLATFORM_PT_BR } from './messages.pt-BR.ts';
import { PLATFORM_EN } from './messages.ts';

export const PLATFORM_MESSAGES = defineMessages(PLATFORM_EN, {
  de: PLATFORM_DE,
  es: PLATFORM_ES,
  fr: PLATFORM_FR,
  'pt-BR': PLATFORM_PT_BR,
  ja: PLATFORM_JA,
});
