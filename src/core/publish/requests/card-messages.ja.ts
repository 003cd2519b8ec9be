// Publishing's card, thread lines and shared words in Japanese (です/ます).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_CARD_EN } from './card-messages.ts';

export const PUBLISH_CARD_JA: Translation<typeof PUBLISH_CARD_EN> = {
  'publish.card.outside_reviewer': '{name}（外部レビュアー）',
  'publish.card.outside_reviewer_invited': '{name}（{inviter} さんが招待した外部レビュアー）',
  'publish.card.decided':
    '{state, select, published {このリクエストはすでに公開されています。} cancelled {このリクエストはキャンセルされました。} publishing {このリクエストは現在公開中です。} unknown {このリクエストの結果は不明です。ボットを設定できる人が「投稿済みにする」か「再試行」を選べます。} scheduled {このリクエストはすでに承認され、予約されています。} other {このリクエストはすでに決定済みです。}}',
  'publish.card.how':
    '{how, select, asked {最初に依頼された動画} subtitles {字幕} broll {B ロール} cut {新しいカット} thread {スレッドの動画} other {動画リンク}}',
  'publish.when.utc': '{local} UTC',
  'publish.when.zoned': '{local}（{zone}）· {utc} UTC',
  'publish.when.unreadable':
    '日時「{text}」を読み取れませんでした。`now`、`tomorrow 6pm`、`in 2 hours`、`2026-12-01 18:00` のように入力してください。',
  'publish.when.past': '日時 {when} はすでに過ぎています。もっと後の日時か `now` を選んでください。',
  'publish.when.too_far': '日時 {when} は 1 年以上先です。もっと前の日時を選んでください。',
  'publish.policy.approvers_anyone': 'チャンネルの誰でも',
  'publish.policy.duration': '{unit, select, d {{n} 日} h {{n} 時間} other {{n} 分}}',
  'publish.policy.describe':
    '{approvals, plural, =0 {承認不要} other {承認 # 件}} · 自己承認 {self, select, yes {可} other {不可}} · 承認の有効期限 {hours} 時間 · 承認者: {who} · タイムゾーン {zone} · {remind, select, off {リマインダーなし} other {リマインダー {every} ごと（最大 3 回）}} · 外部レビュー {outside, select, required {必須} other {任意}}',
  'publish.card.at': '（{position} の時点）',
  'publish.card.approve': '承認',
  'publish.card.request_changes': '修正を依頼',
  'publish.card.edit': '編集',
  'publish.card.cancel': 'キャンセル',
  'publish.card.post_now': '今すぐ投稿',
  'publish.card.new_time': '日時を変更',
  'publish.card.try_again': '再試行',
  'publish.card.mark_posted': '投稿済みにする',
  'publish.card.invite': 'レビュアーを招待',
  'publish.card.new_version': '新しいバージョン…',
  'publish.card.revoke': 'レビュアーのリンクを無効にする',
  'publish.card.revoke_one': 'レビュアー 1 人のリンクを無効にする',
  'publish.card.watch': '▶ 動画',
  'publish.card.head':
    '{state, select, pending {📝 公開リクエスト — 承認待ち} scheduled {🗓️ 公開リクエスト — 承認済み・予約済み} overdue {⏰ 公開リクエスト — 予定時刻を過ぎました。今すぐ投稿するか、新しい日時を選んでください} publishing {⏳ 公開中…} published {✅ 公開済み} failed {⚠️ 公開されませんでした} unknown {❓ 結果不明 — 投稿されたかどうかわかりません} other {🚫 キャンセル済み}}',
  'publish.card.head_changes': '✏️ 公開リクエスト — 修正依頼あり',
  'publish.card.head_expired': '⌛ 公開リクエスト — 承認の期限切れ（依頼者が「編集」で再依頼できます）',
  'publish.card.head_making': '{head} · バージョン {n} を作成中',
  'publish.card.text': '{head}: {title}{ask}',
  'publish.card.latest_ask': ' — {who} からの依頼: 「{reason}」',
  'publish.card.field_version': 'バージョン',
  'publish.card.field_title': 'タイトル',
  'publish.card.field_description': '説明',
  'publish.card.none': '（なし）',
  'publish.card.field_accounts': 'アカウント',
  'publish.card.field_privacy': '公開範囲',
  'publish.card.privacy': '{privacy, select, public {公開} private {非公開} unlisted {限定公開} other {{privacy}}}',
  'publish.card.field_schedule': '公開日時',
  'publish.card.when_approved': '承認されしだい',
  'publish.card.field_requested_by': '依頼者',
  'publish.card.field_approval': '承認',
  'publish.card.field_posts': '投稿',
  'publish.card.field_approved_by': '承認者',
  'publish.card.field_moved_by': '日時の変更',
  'publish.card.moved': '{who}（{when}、元の予定 {from}）',
  'publish.card.field_decided_by':
    '{state, select, published {公開した人} cancelled {キャンセルした人} other {最後の操作}}',
  'publish.card.decided_at': '{who}（{when}）',
  'publish.card.field_changes': '修正依頼',
  'publish.card.field_changes_by_version': 'バージョンごとの修正依頼',
  'publish.card.field_reviewers': '外部レビュアー',
  'publish.card.footer': 'リクエスト {id} · 承認は {hours} 時間で期限切れになります',
  'publish.card.change_on_version': '（バージョン {n} に対して）',
  'publish.card.change_line': '{who}{at}{on}: {reason}',
  'publish.card.changes_more': '…ほか以前の依頼 {count} 件',
  'publish.card.changes_tail':
    '承認は引き続き有効です。依頼者の「新しいバージョン…」または「編集」でこれらに対応します。',
  'publish.card.by_version_open': '未対応: {who}',
  'publish.card.by_version_answers': '対応済み: {who}',
  'publish.card.by_version_answer': '{who}{at}（バージョン {n} への依頼）',
  'publish.card.by_version': 'バージョン {n}（{how}）: {parts}',
  'publish.card.by_version_none': '修正依頼なし',
  'publish.card.version_made': 'バージョン {n}/{total}: {how}（{who}）',
  'publish.card.version_sent':
    '{made}。{state, select, published {投稿済み} publishing {投稿中} other {投稿予定}}: バージョン {n}（バージョン {n} への承認による）。',
  'publish.card.version_making':
    '🛠️ バージョン {n} を作成中（{how}、{who}）: ジョブが完了するとこれが動画になります。それまではバージョン {current} が有効です。',
  'publish.card.version_unmade':
    '⚠️ バージョン {n} を作成できませんでした: {error} バージョン {current} がその承認とともに残ります。',
  'publish.card.not_counted': '{who}（カウント外）',
  'publish.card.waiting_outside': ' · 外部レビュアーの承認待ち',
  'publish.card.needs_outside': '外部レビュアーの承認が必要です',
  'publish.card.no_approval_needed': '承認は不要です',
  'publish.card.expired': ' · ⌛ 期限切れ',
  'publish.card.from_members': '承認できるメンバー',
  'publish.card.from_nobody': '該当者なし（指名された承認者が残っていません。/setup approvers を変更してください）',
  'publish.card.awaited':
    ' · {from} からあと {short} 件の承認待ち（外部レビュアーの承認は、招待した承認者の分として数えます）',
  'publish.card.of_version': '（バージョン {n}）',
  'publish.card.needs':
    '承認 {approvals, plural, other {# 件}} が必要 ({counted}/{total}){of}{names}{awaited}{outside}{expired}',
};
