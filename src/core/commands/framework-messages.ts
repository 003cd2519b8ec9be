// The framework's messages in every shipped language, as core/app gathers them, and the English translator
// the framework speaks when it is handed none (tools, tests of the framework alone).
import { createCatalogue, type Translator } from '../i18n/catalogue.ts';
import { defineMessages } from '../i18n/messages.ts';
import { COMMANDS_DE } from './messages.de.ts';
import { COMMANDS_ES } from './messages.es.ts';
import { COMMANDS_FR } from './messages.fr.ts';
import { COMMANDS_JA } from './messages.ja.ts';
import { COMMANDS_PT_BR } from './messages.pt-BR.ts';
import { COMMANDS_EN } from './messages.ts';

export const COMMANDS_MESSAGES = defineMessages(COMMANDS_EN, {
  de: COMMANDS_DE,
  es: COMMANDS_ES,
  fr: COMMANDS_FR,
  'pt-BR': COMMANDS_PT_BR,
  ja: COMMANDS_JA,
});

export const ENGLISH: Translator = createCatalogue([COMMANDS_MESSAGES]).translator('en');
