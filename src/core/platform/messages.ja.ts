import type { Translation } from '../i18n/messages.ts';
import type { PlatformMessages } from './messages.ts';

export const PLATFORM_JA: Translation<PlatformMessages> = {
  'dispatch.apology':
    '申し訳ありません。こちら側で問題が発生しました。記録済みですので、少し経ってからもう一度お試しください。',
  'dispatch.unknown_mention': '`{name}` は分かりません。次のいずれかを付けてメンションしてください: {names}。',
  'dispatch.needs_form_command': 'フォームが必要です。`/{name}` を実行して開いてください。',
  'dispatch.needs_form': 'フォームが必要ですが、ここでは開けません。',
  'dispatch.too_long_to_edit':
    '{label}：長すぎるためここでは編集できません（{size}。このフォームの上限は {holds} 文字）。内容はそのまま保持されます。{change}',
  'dispatch.too_long_size': '{characters} 文字',
  'dispatch.too_long_size_counted': '{characters} 文字、このフォームの数え方では {counted}',
  'dispatch.too_long_change': ' 変更するには、{how}。',
};
