// What publishing writes where everyone reads it (a request's card, its thread lines, reminders), in English:
// the language a request keeps (`PublishRequestRecord.locale`, words.ts) replaces it. Also the few words those
// share with private answers (who decided, how a version was made, a time, the channel's policy), said there in
// the reader's language. Each language's version is in card-messages.<language>.ts beside this file.
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
} as const;

export type PublishCardMessages = typeof PUBLISH_CARD_EN;
