import type { Translation } from '../core/i18n/messages.ts';
import type { SLACK_EN } from './messages.ts';

export const SLACK_FR: Translation<typeof SLACK_EN> = {
  'slack.form_submit': 'Envoyer',
  'slack.form_cancel': 'Annuler',
  'slack.form_extras': 'Options en plus',
  'slack.form_choose': 'Choisir…',
};
