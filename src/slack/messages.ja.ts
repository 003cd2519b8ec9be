import type { Translation } from '../core/i18n/messages.ts';
import type { SLACK_EN } from './messages.ts';

export const SLACK_JA: Translation<typeof SLACK_EN> = {
  'slack.form_submit': '送信',
  'slack.form_cancel': 'キャンセル',
  'slack.form_extras': 'オプション',
  'slack.form_choose': '選択…',
};
