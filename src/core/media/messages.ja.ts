import type { Translation } from '../i18n/messages.ts';
import type { MEDIA_EN } from './messages.ts';

export const MEDIA_JA: Translation<typeof MEDIA_EN> = {
  'media.said': ' API のメッセージ:「{message}」。',
  'media.budget_spent':
    '{scope, select, workspace {このワークスペースは、ボットの共有キーの割り当て分として、} other {このチャンネルのキーは、}}この 1 時間の {limit} リクエスト{reserved}を使い切りました。次の枠は {time} UTC に空きます。',
  'media.budget_reserved': '（新しい処理用。結果の取得用にさらに {reserved} 件を確保しています）',
  'media.budget_workspace':
    '{said} これは reelbot 自身の上限（MEDIA_API_WORKSPACE_SHARE={perHour}）で、各ワークスペースが運営者のキーの割り当て分を確保できるようにするためのものです。ボットを設定できる人が `/setup key` でこのチャンネル独自のキーを設定できます。',
  'media.budget_key':
    '{said} これは reelbot 自身の上限（MEDIA_API_RATE_LIMIT={perHour}）で、メディア API のプランの範囲内に収めるためのものです。',
  'media.refused':
    'メディア API がリクエストを拒否しました（400）。{said} リンクとオプションを確認してから、もう一度お試しください。',
  'media.bad_key':
    'メディア API が API キーを拒否しました（401）。ボットを設定できる人が `/setup key` で有効なキーを設定できます。',
  'media.forbidden':
    'この API キーではこの操作は許可されていません（403）。{said} キーが属するアカウントのプランを確認してください。',
  'media.not_found': 'メディア API はそのプロジェクトを認識していません（404）。{said}',
  'media.too_many': '現在メディア API へのリクエストが多すぎます（429）。プランのリクエスト枠を使い切りました。{wait}',
  'media.wait': ' {unit, select, s {{n} 秒} other {{n} 分}}後にもう一度お試しください。',
  'media.wait_unknown': ' 数分後にもう一度お試しください。',
  'media.server':
    'メディア API で問題が発生しました（{status}）。{said} 失われたものはありません。数分後にもう一度お試しください。',
  'media.unreachable':
    'メディア API に接続できませんでした（ネットワークエラーまたはタイムアウト）。しばらくしてからもう一度お試しください。',
  'media.answered': 'メディア API の応答: {status}。{said}',
  'media.store_away': 'ストレージを利用できません。しばらくしてからもう一度お試しください。',
  'media.unexpected': 'こちら側で問題が発生しました。記録済みです。もう一度お試しください。',
};
