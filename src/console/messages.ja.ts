import type { Translation } from '../core/i18n/messages.ts';
import type { CONSOLE_EN } from './messages.ts';

export const CONSOLE_JA: Translation<typeof CONSOLE_EN> = {
  'console.only_you': '（あなただけ）',
  'console.press': '入力:',
  'console.thumbnail': 'サムネイル:',
  'console.form_title': '{title} —{keep} {cancel} でフォームを閉じます。',
  'console.form_keep': ' Enter で [ ] 内の回答をそのまま使います。',
  'console.choose_from': '選択肢: {choices}',
  'console.not_shown': 'ほかの人には表示されません',
  'console.form_closed': 'フォームを閉じました。何も送信していません。',
  'console.fix': '上の回答を直してください{keep}。{cancel} でフォームを閉じます。',
  'console.fix_keep': '（ほかの回答は Enter でそのまま使えます）',
  'console.slash':
    'コマンドはスラッシュで始まります（例: `/clip https://youtu.be/… reels=2`）。一覧は /help で表示できます。',
  'console.as_bad': '⚠️ `/as <name>`: 名前は英数字で指定してください（例: `/as bea`）。`/as` だけで自分に戻ります。',
  'console.as_back': '{who} に戻りました（ボットを設定できます）。',
  'console.as_member': '{who} になりました。ボットを設定できないメンバーです。`/as` で戻ります。',
  'console.welcome': 'reelbot コンソール — /help で始め、quit で終了します。',
  'console.listening': '{url} で待ち受けています（ヘルスチェック: {healthz}）。',
  'console.still_running':
    '{count, plural, other {# 件のジョブがまだ実行中ですが、失われてはいません。このデータフォルダーで次に起動したときに引き継がれ、結果が表示されます。}}',
  'console.stopped_waiting':
    '{seconds} 秒で待機を終了しました。未完了のジョブは保存されたままで、次の起動時に引き継がれます。',
  'console.refused': '{count, plural, other {# 件のコマンドが拒否されました}}',
  'console.failed': '{count, plural, other {# 件のジョブが失敗しました}}',
  'console.resuming':
    '{count, plural, other {このデータフォルダーで実行中のまま残っていた # 件のジョブを再開します。結果はできしだいここに表示されます。}}',
};
