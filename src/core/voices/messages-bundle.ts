// The voices feature's messages in every language: what feature.ts mounts, and what a /voices page is written
// with (words.ts).
import { defineMessages } from '../i18n/messages.ts';
import { VOICES_DE } from './messages.de.ts';
import { VOICES_ES } from './messages.es.ts';
import { VOICES_FR } from './messages.fr.ts';
import { VOICES_JA } from './messages.ja.ts';
import { VOICES_PT_BR } from './messages.pt-BR.ts';
import { VOICES_EN } from './messages.ts';

export const VOICES_MESSAGES = defineMessages(VOICES_EN, {
  de: VOICES_DE,
  es: VOICES_ES,
  fr: VOICES_FR,
  'pt-BR': VOICES_PT_BR,
  ja: VOICES_JA,
});
