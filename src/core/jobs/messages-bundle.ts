// The jobs feature's messages in every language: what feature.ts mounts, and what its public messages (cards,
// results, progress) are written with in the channel's language (words.ts).
import { defineMessages, joinMessages } from '../i18n/messages.ts';
import { MEDIA_MESSAGES } from '../media/describe-error.ts';
import { JOBS_DE } from './messages.de.ts';
import { JOBS_ES } from './messages.es.ts';
import { JOBS_FR } from './messages.fr.ts';
import { JOBS_JA } from './messages.ja.ts';
import { JOBS_PT_BR } from './messages.pt-BR.ts';
import { JOBS_EN } from './messages.ts';

export const JOBS_MESSAGES = joinMessages(
  defineMessages(JOBS_EN, {
    de: JOBS_DE,
    es: JOBS_ES,
    fr: JOBS_FR,
    'pt-BR': JOBS_PT_BR,
    ja: JOBS_JA,
  }),
  // How a media API failure is explained: said in a job's thread and to whoever's command met it.
  MEDIA_MESSAGES,
);
