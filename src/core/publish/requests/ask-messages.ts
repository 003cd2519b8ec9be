// Publishing's words for the person who asks, in English: the publish form and its checks, the answers to the
// request card's buttons, New version… (its menu, forms and answers), and publishing's part of /setup. Answers and
// forms are written in the reader's language (`ctx.t`, `member.t`); the thread lines these files post (a version
// made, an edit, a cancel, approvals run out) in the request's (`publishWords(r.locale)`). Each language is a file
// beside this one, gathered in ask-messages-bundle.ts.
export const PUBLISH_ASK_EN = {
  // The publish form (form.ts).
  'publish.form.title': 'Publish to social accounts',
  'publish.form.label.title': 'Title',
  'publish.form.label.description': 'Description',
  'publish.form.label.accounts': 'Accounts',
  'publish.form.label.privacy': 'Privacy',
  'publish.form.label.schedule': 'Schedule',
  'publish.form.accountsNone': 'No accounts yet: /setup socials add',
  'publish.form.privacyHint': 'public, private or unlisted',
  'publish.form.scheduleHint': 'now, tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.elsewhereEdit': 'Cancel this request and ask again with /publish <video link> {option}="…"',
  'publish.form.elsewhereNew': 'use /publish <video link> {option}="…" instead of this form',
  'publish.form.noAccounts':
    'This channel has no social accounts yet, so there is nowhere to publish. Someone who may configure the bot adds one with `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.',
  'publish.form.chooseAccount': 'Choose at least one account: {accounts}.',
  'publish.form.unknownAccount': 'There is no account “{name}” in this channel. Its accounts: {accounts}.',
  'publish.form.badPrivacy': 'Privacy must be public, private or unlisted, not “{privacy}”.',
  'publish.form.tooLong': 'Too long: {problem}. Shorten it and submit again.',
  'publish.form.scheduledFor': 'Scheduled for {when}.',
  'publish.form.newTime.title': 'Post at a new time',
  'publish.form.newTime.label': 'New time',
  'publish.form.newTime.hint': 'tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
  'publish.form.newTime.notAhead':
    'Give a time ahead, such as `tomorrow 6pm` or `in 2 hours`; to post it at once, use Post now.',
  // Caption limits (accounts/caption-limits.ts): `field` is title or description, `platform` the account's.
  'publish.caption.tooLong':
    '{field, select, title {title} other {description}} is {n}/{max} characters for {platform}',
  // The request card's buttons and forms (publish-commands.ts).
  'publish.ask.changes.title': 'Request changes',
  'publish.ask.changes.label': 'What should change?',
  'publish.ask.sayWhat': 'Say what should change.',
  'publish.ask.resultGone': 'That result is no longer available; use `/publish <video link>`.',
  'publish.ask.formGone': 'That form has expired. Click Publish… again.',
  // What a member's click on a request is answered (request-lifecycle.ts).
  'publish.ask.onlyRequesterEdits': 'Only the person who asked can edit this request.',
  'publish.ask.askedAgain': 'Asked again: approvals start over.',
  'publish.ask.savedVoided': 'Saved: the earlier approvals were voided by the change.',
  'publish.ask.saved': 'Saved.',
  'publish.ask.onlyRequesterCancels':
    'Only the person who asked, or someone who may configure the bot, can cancel this request.',
  'publish.ask.cancelled': 'Cancelled.',
  'publish.ask.postingNow': 'Posting now.',
  'publish.ask.postNowRefused': 'Only the requester or someone who may configure the bot can post this, and only once.',
  'publish.ask.markRefused': 'Only people who may configure the bot can mark a request as posted.',
  'publish.ask.marked': 'Marked as posted.',
  'publish.ask.retryRefused':
    'That cannot be tried again now (someone else did, or only people who may configure the bot can after an unknown outcome).',
  'publish.ask.retried': 'Tried again.',
  // Thread lines of the request's life, in the request's language.
  'publish.ask.line.edited': '✏️ The request was edited: the approvals given so far no longer count.',
  'publish.ask.line.cancelled': '🚫 Cancelled by {who}; nothing will be posted.',
  'publish.ask.line.expired':
    '⌛ {who}, the approvals of this request ran out after {hours} h, so nothing will be posted. Edit it to ask again (approvals start over), or Cancel it.',
  'publish.ask.markedByHand': 'Marked as posted by hand (the API’s answer was never seen).',
  // New version… (new-version.ts, version-commands.ts).
  'publish.version.sub': 'Subtitles…',
  'publish.version.broll': 'B-roll…',
  'publish.version.cut': 'New cut…',
  'publish.version.link': 'A video link…',
  'publish.version.pickPlaceholder': 'A finished video from this thread',
  'publish.version.menu':
    '🎞️ {who} is making version {n} of this request. How? (The requester, or someone who may configure the bot, chooses.)',
  'publish.version.chooseInThread': "Choose in the request's thread how to make version {n}.",
  'publish.version.pick':
    '{kind, select, clip {Reel {n}} subtitles {Subtitled video} broll {B-roll video} other {Video}} of job {job}',
  'publish.version.pickTitled':
    '{kind, select, clip {Reel {n}} subtitles {Subtitled video} broll {B-roll video} other {Video}} of job {job} — {title}',
  'publish.version.line': '🎞️ Version {n} by {who} ({how}): {parts}. Approvals start over.',
  'publish.version.lineAgain':
    '🎞️ Version {n} by {who} ({how}): {parts}. Approvals start over. {others}: please look again.',
  'publish.version.answers': 'answers {asks}',
  'publish.version.answersNone': 'answers no change request',
  'publish.version.stillOpen': 'still open: {asks}',
  'publish.version.made': "Version {n} is the request's video now; its approvals start over.",
  'publish.version.madeLook':
    "Version {n} is the request's video now; its approvals start over. {reviewers} can look again: the link you sent shows version {n} now.",
  'publish.version.late': '🎞️ The video for version {n} is ready, but the request did not take it: {why}',
  'publish.version.changedMeanwhile': 'it changed meanwhile',
  'publish.version.expired': 'The media API did not finish it in time.',
  'publish.version.noVideo': 'The job made no video.',
  'publish.version.failed':
    "⚠️ {who}, version {n} could not be made ({how}), so version {still} stays the request's video and its approvals still count.",
  'publish.version.brollAgain': 'cut again with B-roll',
  'publish.version.jobSummary': 'version {n} of publish request {id}: {how}',
  'publish.version.title':
    '{how, select, sub {Version {n}: subtitles} broll {Version {n}: B-roll} cut {Version {n}: a new cut} link {Version {n}: a video link} other {Version {n}: a video of the thread}}',
  'publish.version.label.template': 'Template',
  'publish.version.label.position': 'Position',
  'publish.version.label.size': 'Size',
  'publish.version.label.brollType': 'B-roll type',
  'publish.version.label.brollFrequency': 'B-roll frequency',
  'publish.version.label.prompt': 'Prompt (what the new cut should do)',
  'publish.version.label.keywords': 'Keywords (comma-separated)',
  'publish.version.label.duration': 'Duration in seconds (min-max)',
  'publish.version.label.switches': 'Switches',
  'publish.version.label.url': 'Video link',
  'publish.version.label.note': 'Note (optional, not sent anywhere)',
  'publish.version.label.answers': 'Answers (untick what it does not answer)',
  'publish.version.answerChoice': '{name}{at} (version {n}): {reason}',
  'publish.version.switch':
    '{name, select, hook {hook} remove_fillers {remove fillers} remove_silences {remove silences} music {music} other {broll}}',
  'publish.version.notOneOf': '{label} “{value}” is not one of {allowed}.',
  'publish.version.noSource': 'This version is not a reel of a clip, so there is no source video to cut again.',
  'publish.version.unknownSwitch': 'Unknown switch “{name}”: choose from {switches}.',
  'publish.version.badLink': 'Give a link to the video that starts with https:// (or http://).',
  'publish.version.pickGone': 'That video is no longer offered for this request. Click New version… again.',
  'publish.version.formGone': 'That form has expired. Click New version… again.',
  // Publishing's part of /setup (accounts/setup-socials.ts).
  'publish.setup.section': 'Publishing',
  'publish.setup.policyField': 'Approval policy',
  'publish.setup.ruleField': 'How approvals count',
  'publish.setup.accountsField': 'Social accounts',
  'publish.setup.footer':
    'Change: /setup approvals=2 remind=4h timezone=Europe/Paris · /setup socials add <name> platform=x',
  'publish.setup.rule':
    'Each approval stands for one team member: a member’s for that member, an outside reviewer’s for the member who invited them (when they may approve). The number counts distinct members; the requester never counts with self_approve=no. outside_review=required also needs one outside approval, from anyone’s link.',
  'publish.setup.noAccounts':
    'No social accounts yet. Add one: `/setup socials add <name> platform=x` (the access key goes in a private form).',
  'publish.setup.listTitle': '**Social accounts of this channel**',
  'publish.setup.policyLine': 'Approval policy: {policy}',
  'publish.setup.savedPolicy': 'Saved the approval policy.',
  'publish.setup.badName':
    'Give the account a short name (letters, digits, - and _): `/setup socials add brand_x platform=x`.',
  'publish.setup.removed': 'Removed the account {name}.',
  'publish.setup.noSuchAccount': 'There was no account {name}.',
  'publish.setup.badPlatform': 'platform must be one of {platforms}.',
  'publish.setup.keyTitle': 'Access key for {name}',
  'publish.setup.keyLabel': 'Access key',
  'publish.setup.keyHint': "The {platform} account's access key from the media API dashboard",
  'publish.setup.keyEmpty': 'The access key was empty; nothing changed.',
  'publish.setup.keyOdd': 'That does not look like an access key (it has spaces or is too long); nothing changed.',
  'publish.setup.keySaved':
    'Saved the access key of {name} ({platform}). It is stored encrypted and shown only by name.',
} as const;

export type PublishAskMessages = typeof PUBLISH_ASK_EN;
