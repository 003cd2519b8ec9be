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
    '{approvals, plural, =0 {承認不要} other {承認 # 件}} · 自己承認 {self, select, yes {可} other {不可}} · 承認の有効期限 {hours} 時間 · 承認者: {who} · タイムゾーン {zone} · {remind, select, off {リマインダーなし} other {リマインダー {every}ごと（最大 3 回）}} · 外部レビュー {outside, select, required {必須} other {任意}}',
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
  'publish.thread.anyone_can_approve': 'チャンネルの誰でも承認できます。',
  'publish.thread.anyone_but_requester': '依頼者以外の誰でも承認できます。',
  'publish.thread.no_approver_left':
    '承認できる指名済みの承認者が残っていません。ボットを設定できる人が `/setup approvers` を変更できます。',
  'publish.thread.can_approve': '承認できる人: {who}。',
  'publish.thread.reminder_missing':
    '{outside, select, yes {外部レビュアーの承認} other {{count, plural, other {あと # 件の承認}}}}',
  'publish.thread.reminder_also': '（うち 1 件は外部レビュアーから）',
  'publish.thread.reminder_needs':
    '{missing}{also}が必要です · 期限まであと {unit, select, day {{n, plural, other {# 日}}} hour {{n, plural, other {# 時間}}} other {{n, plural, other {# 分}}}}',
  'publish.thread.reminder_slot':
    '🔔 この投稿は {when} に予約されていますが、まだ{needs}。{who} 承認がその時刻より後になった場合、確認なしに遅れて投稿されることはありません。',
  'publish.thread.reminder_missed':
    ' 予定時刻（{when}）を過ぎました。承認後、依頼者が「今すぐ投稿」か「日時を変更」を選びます。',
  'publish.thread.reminder': '🔔 リマインダー {n}/{max}: このリクエストは{needs}。{missed} {who}',
  'publish.thread.scheduled': '🗓️ 承認されました: {when} に投稿されます。',
  'publish.thread.missed_down': 'この投稿は {when} の予定でしたが、その時ボットが停止していました。',
  'publish.thread.missed_late': '最後の承認がこの投稿の予定時刻（{when}）より後だったため、遅れて投稿はしていません。',
  'publish.thread.missed':
    '⏰ {cause} {requester} さん、今すぐ投稿しますか、それとも新しい日時を選びますか？（「キャンセル」で取りやめます。）',
  'publish.thread.moved':
    '🗓️ {who} さんがこの投稿を {when} に変更しました（元の予定 {from}）。付いている承認は引き続き有効です。',
  'publish.thread.published': '✅ {posts} に公開しました。{requester}',
  'publish.thread.not_published': '⚠️ 公開されませんでした。{error}',
  'publish.thread.outcome_unknown': '❓ 結果不明: {error}',
  'publish.thread.nothing_posted': '何も投稿されていません: {why}',
  'publish.thread.api_slow_down':
    'メディア API から速度を落とすよう求められました（429）。数分後にもう一度お試しください。',
  'publish.thread.api_key_refused':
    'メディア API がチャンネルの API キーを拒否しました（{status}）。`/setup key` を確認してから、もう一度お試しください。',
  'publish.thread.api_refused':
    'メディア API がリクエストを拒否しました（{status}）。アクセスキー（`/setup socials`）とテキストを確認してから、もう一度お試しください。',
  'publish.thread.api_unknown':
    '{answered, select, yes {メディア API が {status} を返しました} other {メディア API が時間内に応答しませんでした（または接続できませんでした）}}。そのため投稿が作成されたかどうかわかりません。アカウントを確認してから「投稿済みにする」か「再試行」を使ってください。',
  'publish.thread.not_replicated':
    '何も投稿されていません: ストレージが利用できませんでした（この試行を確認したレプリカがありません）。少ししてからもう一度お試しください。',
  'publish.thread.accounts_gone':
    '{count, plural, other {何も投稿されていません: アカウント {names} はこのチャンネルでもう設定されていません（`/setup socials`）。}}',
  'publish.thread.no_post_id': '（ID が返されませんでした）',
  'publish.thread.stopped':
    '公開の途中でボットが停止したため、投稿が作成されたかどうかわかりません。アカウントを確認してから「投稿済みにする」か「再試行」を使ってください。',
  'publish.thread.unrecorded':
    '公開されたかどうかをボットが記録できなかったため、投稿が作成されたかどうかわかりません。アカウントを確認してから「投稿済みにする」か「再試行」を使ってください。',
  'publish.when.not_yours': '新しい日時を選べるのは、依頼した本人か、ボットを設定できる人だけです。',
  'publish.when.gone': 'その公開リクエストはもう存在しません。',
  'publish.when.moved': '変更しました: {when} に投稿されます。',
  'publish.scheduled.state_scheduled': '承認済み、予定時刻待ち',
  'publish.scheduled.state_overdue': '予定時刻を過ぎました: 今すぐ投稿、日時を変更、またはキャンセル',
  'publish.scheduled.state_publishing': '公開中',
  'publish.scheduled.state_failed': '公開されませんでした',
  'publish.scheduled.state_failed_because': '公開されませんでした: {error}',
  'publish.scheduled.state_unknown':
    '❓ 結果不明、投稿されたかどうかわかりません: アカウントを確認してから「投稿済みにする」か「再試行」を選んでください',
  'publish.scheduled.published_at': '{when} に公開',
  'publish.scheduled.when_approved': '承認されしだい',
  'publish.scheduled.right_away': 'すぐに',
  'publish.scheduled.approved_by': ' · 承認者: {who}',
  'publish.scheduled.approved_by_nobody': ' · まだ誰も承認していません',
  'publish.scheduled.version': ' · {state, select, published {投稿したバージョン} other {バージョン}} {n}',
  'publish.scheduled.version_approved':
    ' · {state, select, published {投稿したバージョン} other {バージョン}} {n}（バージョン {n} への承認）',
  'publish.scheduled.line': '`{id}` **{what}** → {accounts} · {when}{state}{version} · 依頼者 {requester}{approved}',
  'publish.scheduled.head': '**未公開: 承認、予定時刻、または判断を待っています** ({count})',
  'publish.scheduled.head_more':
    '**未公開: 承認、予定時刻、または判断を待っています** ({count}) — 以下は最初の {shown} 件',
  'publish.scheduled.nothing_waiting': '待っているものはありません。',
  'publish.scheduled.last_published': '最近公開したもの',
  'publish.scheduled.nothing_published': 'まだ何も公開されていません。',
  'publish.policy.bad_approvals': 'approvals は 0 から 20 までの整数で指定してください。',
  'publish.policy.bad_self_approve': 'self_approve は yes か no で指定してください。',
  'publish.policy.bad_expiry': 'approval_expiry は 72h や 3d のように指定してください。',
  'publish.policy.bad_timezone':
    'timezone は Asia/Tokyo や America/New_York のような IANA タイムゾーンで指定してください（「{zone}」は使えません）。',
  'publish.policy.bad_remind':
    'remind は 30m、4h、1d のような 1 分以上の待ち時間か off で指定してください（「{value}」は使えません）。',
  'publish.policy.bad_outside_review':
    'outside_review は required か optional で指定してください（「{value}」は使えません）。',
};
