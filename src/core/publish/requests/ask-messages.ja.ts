// Publishing's words for the person who asks, in Japanese (です/ます).
import type { Translation } from '../../i18n/messages.ts';
import type { PUBLISH_ASK_EN } from './ask-messages.ts';

export const PUBLISH_ASK_JA: Translation<typeof PUBLISH_ASK_EN> = {
  'publish.form.title': 'ソーシャルアカウントに公開',
  'publish.form.label.title': 'タイトル',
  'publish.form.label.description': '説明',
  'publish.form.label.accounts': 'アカウント',
  'publish.form.label.privacy': '公開設定',
  'publish.form.label.schedule': '公開日時',
  'publish.form.accountsNone': 'アカウントはまだありません: /setup socials add',
  'publish.form.privacyHint': 'public、private、unlisted のいずれか',
  'publish.form.scheduleHint': 'now、tomorrow 6pm、in 2 hours、2026-12-01 18:00',
  'publish.form.elsewhereEdit':
    'このリクエストをキャンセルし、/publish <動画のリンク> {option}="…" でもう一度リクエストしてください',
  'publish.form.elsewhereNew': 'このフォームの代わりに /publish <動画のリンク> {option}="…" を使ってください',
  'publish.form.noAccounts':
    'このチャンネルにはまだソーシャルアカウントがないため、公開先がありません。ボットを設定できる人が `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>` で追加します。',
  'publish.form.chooseAccount': 'アカウントを 1 つ以上選んでください: {accounts}。',
  'publish.form.unknownAccount':
    'このチャンネルに「{name}」というアカウントはありません。このチャンネルのアカウント: {accounts}。',
  'publish.form.badPrivacy':
    '公開設定は public、private、unlisted のいずれかにしてください（「{privacy}」は使えません）。',
  'publish.form.tooLong': '長すぎます: {problem}。短くしてからもう一度送信してください。',
  'publish.form.scheduledFor': '{when} に予約しました。',
  'publish.form.newTime.title': '新しい日時に投稿',
  'publish.form.newTime.label': '新しい日時',
  'publish.form.newTime.hint': 'tomorrow 6pm、in 2 hours、2026-12-01 18:00',
  'publish.form.newTime.notAhead':
    '`tomorrow 6pm` や `in 2 hours` のように、これから先の日時を入力してください。すぐに投稿するには「今すぐ投稿」を使ってください。',
  'publish.caption.tooLong': '{platform} では{field, select, title {タイトル} other {説明}}が {n}/{max} 文字です',
  'publish.ask.changes.title': '修正を依頼',
  'publish.ask.changes.label': '何を変えるべきですか？',
  'publish.ask.sayWhat': '何を変えるべきか書いてください。',
  'publish.ask.resultGone': 'その結果はもう利用できません。`/publish <video link>` を使ってください。',
  'publish.ask.formGone': 'このフォームは期限切れです。もう一度「公開…」をクリックしてください。',
  'publish.ask.onlyRequesterEdits': 'このリクエストを編集できるのはリクエストした人だけです。',
  'publish.ask.askedAgain': 'もう一度リクエストしました。承認は最初からやり直しです。',
  'publish.ask.savedVoided': '保存しました。変更により、これまでの承認は無効になりました。',
  'publish.ask.saved': '保存しました。',
  'publish.ask.onlyRequesterCancels':
    'このリクエストをキャンセルできるのは、リクエストした人かボットを設定できる人だけです。',
  'publish.ask.cancelled': 'キャンセルしました。',
  'publish.ask.postingNow': '今すぐ投稿します。',
  'publish.ask.postNowRefused': 'これを投稿できるのはリクエストした人かボットを設定できる人だけで、1 回限りです。',
  'publish.ask.markRefused': 'リクエストを投稿済みにできるのは、ボットを設定できる人だけです。',
  'publish.ask.marked': '投稿済みにしました。',
  'publish.ask.retryRefused':
    '今は再試行できません（ほかの人がすでに再試行したか、結果が不明のあとはボットを設定できる人だけが再試行できます）。',
  'publish.ask.retried': '再試行しました。',
  'publish.ask.line.edited': '✏️ リクエストが編集されました。これまでの承認は無効になります。',
  'publish.ask.line.cancelled': '🚫 {who} がキャンセルしました。何も投稿されません。',
  'publish.ask.line.expired':
    '⌛ {who} さん、このリクエストの承認は {hours} 時間で期限切れになったため、何も投稿されません。もう一度リクエストするには編集してください（承認は最初からやり直し）。または、キャンセルしてください。',
  'publish.ask.markedByHand': '手動で投稿済みにしました（API の応答は確認できませんでした）。',
  'publish.version.sub': '字幕…',
  'publish.version.broll': 'B ロール…',
  'publish.version.cut': '新しいカット…',
  'publish.version.link': '動画のリンク…',
  'publish.version.pickPlaceholder': 'このスレッドの完成した動画',
  'publish.version.menu':
    '🎞️ {who} がこのリクエストのバージョン {n} を作成しています。どの方法で作りますか？（リクエストした人か、ボットを設定できる人が選びます。）',
  'publish.version.chooseInThread': 'バージョン {n} の作り方をリクエストのスレッドで選んでください。',
  'publish.version.pick':
    'ジョブ {job} の{kind, select, clip {リール {n}} subtitles {字幕付き動画} broll {B ロール入り動画} other {動画}}',
  'publish.version.pickTitled':
    'ジョブ {job} の{kind, select, clip {リール {n}} subtitles {字幕付き動画} broll {B ロール入り動画} other {動画}} — {title}',
  'publish.version.line': '🎞️ {who} によるバージョン {n}（{how}）: {parts}。承認は最初からやり直しです。',
  'publish.version.lineAgain':
    '🎞️ {who} によるバージョン {n}（{how}）: {parts}。承認は最初からやり直しです。{others}: もう一度確認してください。',
  'publish.version.answers': '{asks} に対応',
  'publish.version.answersNone': '対応する修正依頼なし',
  'publish.version.stillOpen': '未対応: {asks}',
  'publish.version.made': 'バージョン {n} がリクエストの動画になりました。承認は最初からやり直しです。',
  'publish.version.madeLook':
    'バージョン {n} がリクエストの動画になりました。承認は最初からやり直しです。{reviewers} がもう一度確認できます。送ったリンクには今、バージョン {n} が表示されます。',
  'publish.version.late': '🎞️ バージョン {n} の動画はできましたが、リクエストには反映されませんでした: {why}',
  'publish.version.changedMeanwhile': 'その間にリクエストが変わりました',
  'publish.version.expired': 'メディア API が時間内に完了しませんでした。',
  'publish.version.noVideo': 'ジョブは動画を作成しませんでした。',
  'publish.version.failed':
    '⚠️ {who} さん、バージョン {n} を作成できませんでした（{how}）。バージョン {still} がリクエストの動画のままで、その承認も引き続き有効です。',
  'publish.version.brollAgain': 'B ロール入りでカットし直し',
  'publish.version.jobSummary': '公開リクエスト {id} のバージョン {n}: {how}',
  'publish.version.title':
    '{how, select, sub {バージョン {n}: 字幕} broll {バージョン {n}: B ロール} cut {バージョン {n}: 新しいカット} link {バージョン {n}: 動画のリンク} other {バージョン {n}: スレッドの動画}}',
  'publish.version.label.template': 'テンプレート',
  'publish.version.label.position': '位置',
  'publish.version.label.size': 'サイズ',
  'publish.version.label.brollType': 'B ロールの種類',
  'publish.version.label.brollFrequency': 'B ロールの頻度',
  'publish.version.label.prompt': 'プロンプト（新しいカットで何をするか）',
  'publish.version.label.keywords': 'キーワード（カンマ区切り）',
  'publish.version.label.duration': '長さ（秒、最小-最大）',
  'publish.version.label.switches': 'オプション',
  'publish.version.label.url': '動画のリンク',
  'publish.version.label.note': 'メモ（任意、どこにも送信されません）',
  'publish.version.label.answers': '対応する依頼（対応しないものはチェックを外す）',
  'publish.version.answerChoice': '{name}{at}（バージョン {n}）: {reason}',
  'publish.version.switch':
    '{name, select, hook {フック} remove_fillers {つなぎ言葉を削除} remove_silences {無音部分を削除} music {音楽} other {B ロール}}',
  'publish.version.notOneOf': '{label}「{value}」は {allowed} のいずれでもありません。',
  'publish.version.noSource': 'このバージョンはクリップのリールではないため、カットし直す元動画がありません。',
  'publish.version.unknownSwitch': '不明なオプション「{name}」です。{switches} から選んでください。',
  'publish.version.badLink': 'https://（または http://）で始まる動画のリンクを入力してください。',
  'publish.version.pickGone':
    'その動画はこのリクエストではもう選べません。もう一度「新しいバージョン…」をクリックしてください。',
  'publish.version.formGone': 'このフォームは期限切れです。もう一度「新しいバージョン…」をクリックしてください。',
  'publish.setup.section': '公開',
  'publish.setup.policyField': '承認ポリシー',
  'publish.setup.ruleField': '承認の数え方',
  'publish.setup.accountsField': 'ソーシャルアカウント',
  'publish.setup.footer':
    '変更: /setup approvals=2 remind=4h timezone=Asia/Tokyo · /setup socials add <name> platform=x',
  'publish.setup.rule':
    '承認 1 件はチームメンバー 1 人を表します。メンバーの承認はそのメンバー、外部レビュアーの承認は招待したメンバー（そのメンバーが承認できる場合）の分です。数えるのは異なるメンバーの数で、self_approve=no のときリクエストした人は数えません。outside_review=required のときは、誰のリンクからでもよいので外部の承認も 1 件必要です。',
  'publish.setup.noAccounts':
    'ソーシャルアカウントはまだありません。追加するには: `/setup socials add <name> platform=x`（アクセスキーは非公開のフォームで入力します）。',
  'publish.setup.listTitle': '**このチャンネルのソーシャルアカウント**',
  'publish.setup.policyLine': '承認ポリシー: {policy}',
  'publish.setup.savedPolicy': '承認ポリシーを保存しました。',
  'publish.setup.badName':
    'アカウントに短い名前を付けてください（英字、数字、- と _）: `/setup socials add brand_x platform=x`。',
  'publish.setup.removed': 'アカウント {name} を削除しました。',
  'publish.setup.noSuchAccount': 'アカウント {name} はありませんでした。',
  'publish.setup.badPlatform': 'platform は {platforms} のいずれかにしてください。',
  'publish.setup.keyTitle': '{name} のアクセスキー',
  'publish.setup.keyLabel': 'アクセスキー',
  'publish.setup.keyHint': 'メディア API のダッシュボードにある {platform} アカウントのアクセスキー',
  'publish.setup.keyEmpty': 'アクセスキーが空でした。何も変更していません。',
  'publish.setup.keyOdd': 'アクセスキーではないようです（空白を含むか、長すぎます）。何も変更していません。',
  'publish.setup.keySaved':
    '{name}（{platform}）のアクセスキーを保存しました。暗号化して保管され、名前でのみ表示されます。',
};
