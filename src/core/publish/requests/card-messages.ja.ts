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
};
