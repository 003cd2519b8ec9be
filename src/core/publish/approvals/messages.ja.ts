// Publishing's approvals and outside review on the chat side in Japanese (です/ます).
import type { Translation } from '../../i18n/messages.ts';
import type { APPROVALS_EN } from './messages.ts';

export const APPROVALS_JA: Translation<typeof APPROVALS_EN> = {
  'decide.unknown': 'その公開リクエストはもう存在しません。',
  'decide.expired':
    'このリクエストは期限切れです（承認の期限が過ぎました）。依頼者が「編集」すると、もう一度依頼できます。',
  'decide.self': 'このチャンネルでは自分のリクエストを承認できません（self_approve=no）。承認できる人: {approvers}。',
  'decide.anyoneElse': 'チャンネル内のほかの人なら誰でも',
  'decide.notApprover': 'あなたはこのチャンネルの承認者ではありません。承認できる人: {approvers}。',
  'decide.editedMember':
    'クリックした一覧が表示された後にこのリクエストが編集されたため、承認されていません。カードを開いて現在の内容を確認し、そこで承認してください。',
  'decide.alreadyApproved': 'このリクエストはすでに承認済みです（承認は 1 回だけ数えられます）。',
  'decide.ownRequest': '自分のリクエストを変更するには「編集」を使ってください。',
  'decide.alreadyAsked': 'この修正はすでに依頼済みです。カードに表示されています。',
  'decide.notYoursVersion':
    'このリクエストの新しいバージョンを作成できるのは、依頼者か、ボットを設定できる人だけです。',
  'decide.publishedVersion':
    'このリクエストはすでに公開されています。別の動画を投稿するには、/publish で新しいリクエストを作成してください。',
  'decide.making':
    'バージョン {n} を作成中です（{how}）。ジョブが完了するとこのリクエストの動画になり、失敗した場合はカードに表示されます。完了を待ってから、次のバージョンを作成してください。',
  'decide.tooManyVersions':
    'このリクエストには {max} 個のバージョンがあり、これが上限です。続けるには、キャンセルしてから /publish <動画のリンク> でもう一度依頼してください。',
  // A job's version that could not land, said in its request's thread.
  'decide.noLongerMaking': 'そのバージョンはもう作成中ではありません。',
  'decide.versionsAtMost': '1 つのリクエストのバージョンは最大 {max} 個です。',
  'approvals.groupsUnchecked':
    '{groups} に所属しているか確認できなかったため（プラットフォームから応答がありません）、承認されていません。1 分ほどしてから再度お試しください。失敗が続く場合は、ボットをインストールした人に権限の確認を依頼してください（Slack: usergroups:read スコープ）。',
  'approvals.quorumImpossible':
    'このリクエストを承認できる人がいません。このチャンネルでは {needed, plural, other {# 件の承認}}が必要ですが、承認できるのは承認者のうち {able} 人だけです{self, select, no {} other {（自分のリクエストは承認できません）}}{named, select, no {} other {（{groups} の全員を含む）}}。ボットを設定できる人に /setup approvals または approvers の変更を依頼してください。',
  'approvals.noSuchGroup':
    '{handle} という名前のユーザーグループはありません。また、人は入力ではなく @ メニューから選ぶ必要があります（誰なのかを特定するため）。/setup approvers= をもう一度実行し、@ を入力すると表示される一覧から承認者を選んでください。ポリシーは保存されていません。',
  'approvals.groupUnchecked':
    '{handle} がユーザーグループかどうか確認できなかったため（プラットフォームから応答がありません）、ポリシーは保存されていません。1 分ほどしてから再度試すか、@ メニューからグループを選んでください。失敗が続く場合は、ボットをインストールした人に権限の確認を依頼してください（Slack: usergroups:read スコープ）。',
  'approvals.approved': '承認しました。',
  'approvals.askedForChanges':
    '修正を依頼しました。依頼者が新しいバージョンか編集で対応するまで、カードに理由が表示されます。',
  'approvals.asksForChangesLine': '✏️ {member} が {requester} に修正を依頼しました:',
  'approvals.openTheCard': 'カードを開く',
  'approvals.onItsCard': 'チャンネル内のカードから',
  'approvals.openCard': 'カードを開く',
  'approvals.approveTitled': '「{title}」を承認',
  'approvals.quotedName': '「{name}」',
  'approvals.lookAgainLine': '• **{title}**: {names} に送ったリンクには、現在バージョン {n} が表示されます · {where}',
  'approvals.lookAgainTitle': '外部レビュアーにもう一度見てもらえます',
  'approvals.lookAgainFooter': 'ボットからは連絡できません。リンクをもう一度送ってください（同じリンクです）。',
  'approvals.requestedBy': '依頼者: {requester} · {where}',
  'approvals.waitingSince': '{since} から待機中 · 期限: {expires}',
  'approvals.state.pending': '承認待ち: {approval}',
  'approvals.state.scheduledAt': '承認済み、{when} に投稿予定',
  'approvals.state.scheduledSoon': '承認済み、まもなく投稿',
  'approvals.state.overdue':
    'ボットの停止中に予定時刻を過ぎました。カードで「今すぐ投稿」か「キャンセル」を選んでください',
  'approvals.state.publishing': '公開中',
  'approvals.state.failed': '公開されませんでした。カードで「再試行」か「キャンセル」を選んでください',
  'approvals.state.unknown': '結果が不明です。アカウントを確認してから、カードで判断してください',
  'approvals.mineLine': '• **{title}** — {state} · {where}',
  'approvals.mineMore': '…ほか {count} 件（各チャンネルの /scheduled を参照）',
  'approvals.mineTitle': 'あなたの未完了のリクエスト（{count}）',
  'approvals.mineNone': '待機中の公開リクエストはありません。',
  'approvals.nothingToApprove':
    '見られるチャンネルに、あなたの承認を待っているものはありません。あなたが承認できる場所で誰かが /publish で依頼すると、ここと、チャンネル内のカードに表示されます。',
  'approvals.unchecked':
    'どのチャンネルを見られるかプラットフォームから返答がなかったため、依頼したチャンネルだけを表示しています。1 分ほどしてから再度お試しください。',
  'approvals.waitingHead': '**あなたの承認待ち**（{count}）',
  'approvals.waitingHeadOldest': '**あなたの承認待ち**（{count}）— 古いものから {shown} 件を表示',
  'approvals.home.unchecked':
    'どのチャンネルを見られるか Slack から返答がなかったため、何も表示していません。1 分ほどしてからホームを開き直してください。続く場合は、ボットをインストールした人に、現在のマニフェストを貼り付けて再インストールするよう依頼してください（スコープ channels:read、groups:read）。',
  'approvals.home.upcomingLine': '• {when} — **{title}** → {accounts} · {state}',
  'approvals.home.ifApproved': '期限内に承認されれば',
  'approvals.home.approved': '承認済み',
  'approvals.home.card': 'カード',
  'approvals.home.upcomingTitle': '今後 7 日間の予定（{count}）',
  'approvals.home.upcomingNone': '見られるチャンネルに予定はありません。',
  'invite.title': 'レビュアーを招待',
  'invite.name': 'レビュアーの名前',
  'invite.namePlaceholder': 'チームに表示されます（例: Ana (Acme)）',
  'invite.language': 'レビュアーの言語（任意）',
  'invite.nameEmpty': 'チームが分かる名前をレビュアーに付けてください（例: 「Ana (Acme)」）。',
  'invite.nameTooLong': 'レビュアーの名前は {max} 文字以内にしてください。',
  'invite.badLanguage':
    'レビュアーの言語は {languages} のいずれかです。空欄にすると、レビュアーのブラウザーの言語になります。',
  'invite.answer':
    '「{name}」用のレビューリンクです。ご自身で送ってください。個人用のリンクで、あなたにだけ表示されています:\n{url}\nリクエストが公開・キャンセルされるか期限切れになったとき、または誰かが「レビュアーのリンクを無効にする」を使ったときに無効になります。',
  'invite.opensIn': 'ページの言語: {language}（ページ上で切り替えられます）。',
  'invite.opensInBrowser': 'ページはレビュアーのブラウザーの言語で開きます（ページ上で切り替えられます）。',
  'invite.localOnly':
    '⚠️ PUBLIC_URL が設定されていないため、これはリスナー自身のアドレスです。このマシンからローカルでしかアクセスできません。',
  'invite.notYours': 'レビューリンクを管理できるのは、依頼者か、ボットを設定できる人だけです。',
  'invite.expired':
    'このリクエストは期限切れです（承認の期限が過ぎました）。編集してもう一度依頼してから、招待してください。',
  'invite.tooManyLinks':
    '1 つのリクエストに作成できるレビューリンクは {max} 個までです。やり直すには、無効化してください。',
  'invite.createdLine':
    '🔗 {inviter} が外部レビュアー「{name}」用のレビューリンクを作成しました{replaced, select, yes {（以前のリンクはもう開けません）} other {}}。',
  'invite.approvedLine':
    '✅ {name} が承認しました{counted, select, yes { · {given} / {of}} other {}}{notCounted, select, yes { — 必要な {needed, plural, other {# 件の承認}}には数えられません: {inviter} はこのリクエストを承認できません} other {}}',
  'invite.changesLine': '✏️ {name} が修正を依頼しました{at, select, yes {（{position}）} other {}}:',
  'invite.noLinks': 'このリクエストには無効化できるレビューリンクがありません。',
  'invite.alreadyRevoked': 'そのレビューリンクはすでに無効化されています（または作成されていません）。',
  'invite.revokedLine':
    '🔒 {revoker} が {names} の{count, plural, other {レビューリンク}}を無効化しました。もう何も開けません{consequence, select, waits {。承認も数えられなくなりました。リクエストが再び承認をそろえるまで何も投稿されないため、承認を待っています} publishing {。ただし、リクエストはすでに公開中だったため、承認された内容はそのまま有効です} sent {。ただし、リクエストはすでに送信済みだったため、承認された内容はそのまま有効です} voided {。承認も数えられなくなりました} other {}}。',
  'invite.revoked': '{count, plural, other {# 件のレビューリンク}}を無効化しました。',
  'invite.revokedWaits':
    '{count, plural, other {# 件のレビューリンク}}を無効化しました。投稿の予約は解除され、再び承認を待っています。',
};
