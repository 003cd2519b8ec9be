import type { Translation } from '../core/i18n/messages.ts';
import type { SLACK_EN } from './messages.ts';

export const SLACK_PT_BR: Translation<typeof SLACK_EN> = {
  'slack.form_submit': 'Enviar',
  'slack.form_cancel': 'Cancelar',
  'slack.form_extras': 'Extras',
  'slack.form_choose': 'Escolha…',
};
