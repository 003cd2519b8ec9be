import type { Translation } from '../core/i18n/messages.ts';
import type { SLACK_EN } from './messages.ts';

export const SLACK_DE: Translation<typeof SLACK_EN> = {
  'slack.form_submit': 'Senden',
  'slack.form_cancel': 'Abbrechen',
  'slack.form_extras': 'Extras',
  'slack.form_choose': 'Auswählen…',
};
