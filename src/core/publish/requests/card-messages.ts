// What publishing writes where everyone reads it (a request's card, its thread lines, reminders, outcomes), in
// English: the language a request keeps (`PublishRequestRecord.locale`, words.ts) replaces it. Also the words those
// share with private answers (who decided, how a version was made, a time, the channel's policy) and the answers of
// /scheduled, New time and the policy options of /setup, said there in the reader's language. Each language's
// version is in card-messages.<language>.ts beside this file; keys start with `publish.card.`, `publish.thread.`,
// `publish.scheduled.`, `publish.when.` and `publish.policy.`.
export const PUBLISH_CARD_EN = {
  // Who decided (approvals.ts).
  'publish.card.outside_reviewer': '{name}, outside reviewer',
  'publish.card.outside_reviewer_invited': '{name}, outside reviewer invited by {inviter}',
  'publish.card.decided':
    '{state, select, published {This request was already published.} cancelled {This request was cancelled.} publishing {This request is being published right now.} unknown {This request’s outcome is unknown; someone who may configure the bot can mark it as posted or try again.} scheduled {This request is already approved and scheduled.} other {This request was already decided.}}',
  // How a version was made (versions.ts).
  'publish.card.how':
    '{how, select, asked {the video first asked for} subtitles {subtitles} broll {B-roll} cut {a new cut} thread {a video from the thread} other {a video link}}',
  // Times (schedule-time.ts): `local` and `utc` are the date and time, written as the language writes them.
  'publish.when.utc': '{local} UTC',
  'publish.when.zoned': '{local} ({zone}) · {utc} UTC',
  'publish.when.unreadable':
    'I could not read the schedule “{text}”: try `now`, `tomorrow 6pm`, `in 2 hours` or `2026-12-01 18:00`.',
  'publish.when.past': 'The schedule {when} is in the past: pick a later time, or `now`.',
  'publish.when.too_far': 'The schedule {when} is more than a year ahead: pick an earlier time.',
  // The channel's policy (policy.ts).
  'publish.policy.approvers_anyone': 'anyone in the channel',
  'publish.policy.duration': '{unit, select, d {{n} d} h {{n} h} other {{n} min}}',
  'publish.policy.describe':
    '{approvals, plural, =0 {no approval needed} one {# approval} other {# approvals}} · self-approval {self, select, yes {allowed} other {not allowed}} · approvals expire after {hours} h · approvers: {who} · time zone {zone} · {remind, select, off {reminders off} other {reminders every {every} (3 at most)}} · outside review {outside, select, required {required} other {optional}}',
  // Buttons and menus of the card.
  'publish.card.at': ' at {position}',
  'publish.card.approve': 'Approve',
  'publish.card.request_changes': 'Request changes',
  'publish.card.edit': 'Edit',
  'publish.card.cancel': 'Cancel',
  'publish.card.post_now': 'Post now',
  'publish.card.new_time': 'New time',
  'publish.card.try_again': 'Try again',
  'publish.card.mark_posted': 'Mark as posted',
  'publish.card.invite': 'Invite reviewer',
  'publish.card.new_version': 'New version…',
  'publish.card.revoke': 'Revoke reviewer links',
  'publish.card.revoke_one': 'Revoke one reviewer’s link',
  'publish.card.watch': '▶ Video',
  // The card (render.ts): its heading, its fields and what they say.
  'publish.card.head':
    '{state, select, pending {📝 Publish request — waiting for approval} scheduled {🗓️ Publish request — approved, scheduled} overdue {⏰ Publish request — its time passed: post now, or pick a new time} publishing {⏳ Publishing…} published {✅ Published} failed {⚠️ Not published} unknown {❓ Outcome unknown — it may or may not have been posted} other {🚫 Cancelled}}',
  'publish.card.head_changes': '✏️ Publish request — changes requested',
  'publish.card.head_expired': '⌛ Publish request — approvals expired (the requester can Edit to ask again)',
  'publish.card.head_making': '{head} · version {n} in the making',
  'publish.card.text': '{head}: {title}{ask}',
  'publish.card.latest_ask': ' — {who} asks: “{reason}”',
  'publish.card.field_version': 'Version',
  'publish.card.field_title': 'Title',
  'publish.card.field_description': 'Description',
  'publish.card.none': '(none)',
  'publish.card.field_accounts': 'Accounts',
  'publish.card.field_privacy': 'Privacy',
  'publish.card.privacy': '{privacy, select, public {public} private {private} unlisted {unlisted} other {{privacy}}}',
  'publish.card.field_schedule': 'Schedule',
  'publish.card.when_approved': 'now, once approved',
  'publish.card.field_requested_by': 'Requested by',
  'publish.card.field_approval': 'Approval',
  'publish.card.field_posts': 'Posts',
  'publish.card.field_approved_by': 'Approved by',
  'publish.card.field_moved_by': 'Moved by',
  'publish.card.moved': '{who} at {when} (it was due {from})',
  'publish.card.field_decided_by':
    '{state, select, published {Published by} cancelled {Cancelled by} other {Last action by}}',
  'publish.card.decided_at': '{who} at {when}',
  'publish.card.field_changes': 'Changes requested',
  'publish.card.field_changes_by_version': 'Change requests by version',
  'publish.card.field_reviewers': 'Outside reviewers',
  'publish.card.footer': 'Request {id} · approvals expire after {hours} h',
  'publish.card.change_on_version': ' (on version {n})',
  'publish.card.change_line': '{who}{at}{on}: {reason}',
  'publish.card.changes_more': '…and {count} earlier',
  'publish.card.changes_tail': 'Approvals still count; a New version… or an Edit by the requester answers these.',
  'publish.card.by_version_open': 'open: {who}',
  'publish.card.by_version_answers': 'answers {who}',
  'publish.card.by_version_answer': '{who}{at} (asked on version {n})',
  'publish.card.by_version': 'Version {n} ({how}): {parts}',
  'publish.card.by_version_none': 'no change requests',
  'publish.card.version_made': 'Version {n} of {total}: {how}, by {who}',
  'publish.card.version_sent':
    '{made}. {state, select, published {Posted} publishing {Being posted} other {To be posted}}: version {n}, with approvals given on version {n}.',
  'publish.card.version_making':
    '🛠️ Version {n} in the making ({how}) by {who}: it becomes the video when its job completes; until then version {current} stands.',
  'publish.card.version_unmade':
    '⚠️ Version {n} could not be made: {error} Version {current} stays, with its approvals.',
  // The approval line (the card's Approval field, /approvals and /scheduled).
  'publish.card.not_counted': '{who} (not counted)',
  'publish.card.waiting_outside': ' · waiting for an outside reviewer',
  'publish.card.needs_outside': "needs an outside reviewer's approval",
  'publish.card.no_approval_needed': 'no approval needed',
  'publish.card.expired': ' · ⌛ expired',
  'publish.card.from_members': 'members who may approve',
  'publish.card.from_nobody': 'no named approver left (change /setup approvers)',
  'publish.card.awaited':
    ' · waiting for {short} more from {from} (an outside reviewer counts for the approver who invited them)',
  'publish.card.of_version': ' of version {n}',
  'publish.card.needs':
    'needs {approvals, plural, one {# approval} other {# approvals}} ({counted}/{total}){of}{names}{awaited}{outside}{expired}',
  // Reminders in the thread (reminders.ts).
  'publish.thread.anyone_can_approve': 'Anyone in the channel can approve it.',
  'publish.thread.anyone_but_requester': 'Anyone but the requester can approve it.',
  'publish.thread.no_approver_left':
    'None of the named approvers is left to give it: someone who may configure the bot can change `/setup approvers`.',
  'publish.thread.can_approve': 'Can approve: {who}.',
  'publish.thread.reminder_missing':
    '{outside, select, yes {an outside reviewer’s approval} other {{count, plural, one {# more approval} other {# more approvals}}}}',
  'publish.thread.reminder_also': ' (one from an outside reviewer)',
  'publish.thread.reminder_needs':
    'needs {missing}{also} · expires in {unit, select, day {{n, plural, one {# day} other {# days}}} hour {{n, plural, one {# hour} other {# hours}}} other {{n, plural, one {# minute} other {# minutes}}}}',
  'publish.thread.reminder_slot':
    '🔔 This post is scheduled for {when} and still {needs}. {who} If the approval comes after that time, nothing is posted late without asking first.',
  'publish.thread.reminder_missed':
    ' Its time ({when}) has passed: once approved, the requester picks Post now or a New time.',
  'publish.thread.reminder': '🔔 Reminder {n}/{max}: this request {needs}.{missed} {who}',
  // What happens to a post, said in its thread (advance.ts, missed-slot.ts, publisher.ts, outcome-watch.ts).
  'publish.thread.scheduled': '🗓️ Approved: it will be posted {when}.',
  'publish.thread.missed_down': 'This post was due {when}, while the bot was down.',
  'publish.thread.missed_late': "The last approval came after this post's time ({when}), so it was not posted late.",
  'publish.thread.missed': '⏰ {cause} {requester}, post it now, or pick a new time? (Cancel drops it.)',
  'publish.thread.moved': '🗓️ {who} moved this post to {when} (it was due {from}). The approvals given still count.',
  'publish.thread.published': '✅ Published to {posts}. {requester}',
  'publish.thread.not_published': '⚠️ Not published. {error}',
  'publish.thread.outcome_unknown': '❓ Outcome unknown: {error}',
  'publish.thread.nothing_posted': 'Nothing was posted: {why}',
  'publish.thread.api_slow_down': 'the media API asked us to slow down (429). Try again in a few minutes.',
  'publish.thread.api_key_refused':
    'the media API refused the channel’s API key ({status}); check `/setup key`, then try again.',
  'publish.thread.api_refused':
    'the media API refused the request ({status}); check the access keys (`/setup socials`) and the texts, then try again.',
  'publish.thread.api_unknown':
    '{answered, select, yes {The media API answered {status}} other {The media API did not answer in time (or could not be reached)}}, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.',
  'publish.thread.not_replicated':
    'Nothing was posted: storage was unavailable (no replica confirmed this attempt). Try again in a moment.',
  'publish.thread.accounts_gone':
    '{count, plural, one {Nothing was posted: the account {names} is no longer set up in this channel (`/setup socials`).} other {Nothing was posted: the accounts {names} are no longer set up in this channel (`/setup socials`).}}',
  'publish.thread.no_post_id': '(no id returned)',
  'publish.thread.stopped':
    'The bot stopped while this was being published, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.',
  'publish.thread.unrecorded':
    'The bot could not record whether this was published, so the post may or may not have been created. Check the accounts, then use “Mark as posted” or “Try again”.',
  // Answers to New time (missed-slot.ts), to the one who picked it.
  'publish.when.not_yours': 'Only the person who asked, or someone who may configure the bot, can pick a new time.',
  'publish.when.gone': 'That publish request no longer exists.',
  'publish.when.moved': 'Moved: it will be posted {when}.',
  // /scheduled (scheduled.ts), in the reader's language.
  'publish.scheduled.state_scheduled': 'approved, waiting for its time',
  'publish.scheduled.state_overdue': 'its time passed: Post now, New time or Cancel',
  'publish.scheduled.state_publishing': 'publishing now',
  'publish.scheduled.state_failed': 'not published',
  'publish.scheduled.state_failed_because': 'not published: {error}',
  'publish.scheduled.state_unknown':
    '❓ outcome unknown, it may or may not have been posted: check the account, then Mark as posted or Try again',
  'publish.scheduled.published_at': 'published {when}',
  'publish.scheduled.when_approved': 'now once approved',
  'publish.scheduled.right_away': 'right away',
  'publish.scheduled.approved_by': ' · approved by {who}',
  'publish.scheduled.approved_by_nobody': ' · approved by nobody yet',
  'publish.scheduled.version': ' · {state, select, published {posted} other {version}} {n}',
  'publish.scheduled.version_approved':
    ' · {state, select, published {posted} other {version}} {n} (approvals given on version {n})',
  'publish.scheduled.line':
    '`{id}` **{what}** → {accounts} · {when}{state}{version} · requested by {requester}{approved}',
  'publish.scheduled.head': '**Not published yet: waiting for approval, for their time, or for a decision** ({count})',
  'publish.scheduled.head_more':
    '**Not published yet: waiting for approval, for their time, or for a decision** ({count}) — the first {shown} below',
  'publish.scheduled.nothing_waiting': 'Nothing waiting.',
  'publish.scheduled.last_published': 'Last published',
  'publish.scheduled.nothing_published': 'Nothing published yet.',
  // Refusals of /setup's policy options (policy.ts), in the reader's language.
  'publish.policy.bad_approvals': 'approvals must be a whole number from 0 to 20.',
  'publish.policy.bad_self_approve': 'self_approve must be yes or no.',
  'publish.policy.bad_expiry': 'approval_expiry must look like 72h or 3d.',
  'publish.policy.bad_timezone':
    'timezone must be an IANA zone such as Europe/Paris or America/New_York, not “{zone}”.',
  'publish.policy.bad_remind':
    'remind must be a wait of at least 1 minute such as 30m, 4h or 1d, or off — not “{value}”.',
  'publish.policy.bad_outside_review': 'outside_review must be required or optional, not “{value}”.',
} as const;

export type PublishCardMessages = typeof PUBLISH_CARD_EN;
