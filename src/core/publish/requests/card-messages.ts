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
} as const;

export type PublishCardMessages = typeof PUBLISH_CARD_EN;
