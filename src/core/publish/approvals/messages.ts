// Publishing's approvals and outside review on the chat side, in English: the rule's refusals (decide.*, said to the
// person who decided, in their language), /approvals and the Home tab (approvals.*, the viewer's), the Invite
// reviewer form, its answers and the thread lines about reviewers (invite.*: answers in the inviter's language,
// thread lines in the request's). Each language is a file beside this one; messages-bundle.ts gathers them.
export const APPROVALS_EN = {
  // ------------------------------------------------------------ the rule's refusals (decide.ts) to a member; those
  // to an outside reviewer are the review page's (review/messages.ts)
  'decide.unknown': 'That publish request no longer exists.',
  'decide.expired': 'This request expired: its approvals ran out of time. The requester can Edit it to ask again.',
  'decide.self': 'You cannot approve your own request in this channel (self_approve=no). Who may approve: {approvers}.',
  'decide.anyoneElse': 'anyone else in the channel',
  'decide.notApprover': 'You are not one of the approvers of this channel. Who may approve: {approvers}.',
  'decide.editedMember':
    'This request was edited after the list you clicked in was drawn, so nothing was approved: open its card to see what it says now, and approve there.',
  'decide.alreadyApproved': 'You already approved this request; it counts once.',
  'decide.ownRequest': 'Use Edit to change your own request.',
  'decide.alreadyAsked': 'You already asked for this change; the card shows it.',
  'decide.notYoursVersion':
    'Only the person who asked, or someone who may configure the bot, can make a new version of this request.',
  'decide.publishedVersion': 'This request was already published: start a new one with /publish to post another video.',
  'decide.making':
    "Version {n} is in the making ({how}): it becomes the request's video when its job completes, or the card says it failed. Wait for it, then make another.",
  'decide.tooManyVersions':
    'This request has {max} versions, the most one request may have. Cancel it and ask again with /publish <video link> to go on.',
  // A job's version that could not land, said in its request's thread.
  'decide.noLongerMaking': 'That version is no longer in the making.',
  'decide.versionsAtMost': 'A request has {max} versions at most.',

  // ------------------------------------------------------------ approvers named by group (approvers.ts)
  'approvals.groupsUnchecked':
    'I could not check whether you are in {groups} (the platform did not answer), so nothing was approved. Try again in a minute; if it keeps failing, ask whoever installed the bot to check its permissions (Slack: the usergroups:read scope).',
  'approvals.quorumImpossible':
    'No approver can act on this request: this channel needs {needed, plural, one {# approval} other {# approvals}}, but only {able} of its approvers could give one{self, select, no {} other { (you cannot approve your own request)}}{named, select, no {} other {, counting everyone in {groups}}}. Ask someone who may configure the bot to change /setup approvals or approvers.',
  'approvals.noSuchGroup':
    'No user group is called {handle}, and a person has to be picked from the @ menu (so I get who they are), not typed: run /setup approvers= again and choose each approver from the list shown after you type @. The policy was not saved.',
  'approvals.groupUnchecked':
    'I could not check whether {handle} is a user group (the platform did not answer), so the policy was not saved. Try again in a minute, or pick the group from the @ menu; if it keeps failing, ask whoever installed the bot to check its permissions (Slack: the usergroups:read scope).',

  // ------------------------------------------------------------ a member's decision (member-decisions.ts)
  'approvals.approved': 'Approved.',
  'approvals.askedForChanges':
    'Asked for changes: the card shows your reason until the requester answers it with a new version or an edit.',
  'approvals.asksForChangesLine': '✏️ {member} asks {requester} for changes:',

  // ------------------------------------------------------------ /approvals and the Home tab
  'approvals.openTheCard': 'open the card',
  'approvals.onItsCard': 'on its card in the channel',
  'approvals.openCard': 'Open card',
  'approvals.approveTitled': 'Approve “{title}”',
  'approvals.quotedName': '“{name}”',
  'approvals.lookAgainLine':
    '• {names} can look again at **{title}**: the link you sent them shows version {n} now · {where}',
  'approvals.lookAgainTitle': 'Your outside reviewers can look again',
  'approvals.lookAgainFooter': 'The bot cannot write to them: send them their link again (it is the same link).',
  'approvals.requestedBy': 'Requested by {requester} · {where}',
  'approvals.waitingSince': 'Waiting since {since} · expires {expires}',
  'approvals.state.pending': 'waiting for approval: {approval}',
  'approvals.state.scheduledAt': 'approved, to be posted {when}',
  'approvals.state.scheduledSoon': 'approved, to be posted soon',
  'approvals.state.overdue': 'its time passed while the bot was down: Post now or Cancel on its card',
  'approvals.state.publishing': 'publishing now',
  'approvals.state.failed': 'not published: Try again or Cancel on its card',
  'approvals.state.unknown': 'outcome unknown: check the account, then decide on its card',
  'approvals.mineLine': '• **{title}** — {state} · {where}',
  'approvals.mineMore': '…and {count} more (see /scheduled in each channel)',
  'approvals.mineTitle': 'Your open requests ({count})',
  'approvals.mineNone': 'You have no publish request waiting.',
  'approvals.nothingToApprove':
    'Nothing is waiting for your approval in the channels you can see. When someone asks with /publish where you may approve, it shows up here and on its card in the channel.',
  'approvals.unchecked':
    'The platform did not say which channels you can see, so only the one you asked from is listed; try again in a minute.',
  'approvals.waitingHead': '**Waiting for your approval** ({count})',
  'approvals.waitingHeadOldest': '**Waiting for your approval** ({count}) — the oldest {shown} below',
  'approvals.home.unchecked':
    'Slack did not say which channels you can see, so none is listed; open Home again in a minute. If it keeps happening, ask whoever installed the bot to paste the current manifest and reinstall it (scopes channels:read, groups:read).',
  'approvals.home.upcomingLine': '• {when} — **{title}** → {accounts} · {state}',
  'approvals.home.ifApproved': 'if approved in time',
  'approvals.home.approved': 'approved',
  'approvals.home.card': 'card',
  'approvals.home.upcomingTitle': 'Scheduled in the next 7 days ({count})',
  'approvals.home.upcomingNone': 'Nothing is scheduled in the channels you can see.',

  // ------------------------------------------------------------ Invite reviewer, review links (review/)
  'invite.title': 'Invite reviewer',
  'invite.name': "Reviewer's name",
  'invite.namePlaceholder': 'Shown to the team, e.g. Ana (Acme)',
  'invite.language': "Reviewer's language (optional)",
  'invite.nameEmpty': 'Give the reviewer a name the team will recognise, e.g. “Ana (Acme)”.',
  'invite.nameTooLong': 'Keep the reviewer’s name under {max} characters.',
  'invite.badLanguage': "The reviewer's language is one of {languages}, or empty for their browser's.",
  'invite.answer':
    'Review link for “{name}” — send it to them yourself; it is personal, and only you see it:\n{url}\nIt ends when the request is published, cancelled or expires, or when someone uses Revoke reviewer links.',
  'invite.opensIn': 'The page opens in {language}; they can switch language on it.',
  'invite.opensInBrowser': 'The page opens in their browser’s language; they can switch language on it.',
  'invite.localOnly':
    '⚠️ PUBLIC_URL is not set, so this is the listener’s own address: it is reachable only locally, from this machine.',
  'invite.notYours': 'Only the person who asked, or someone who may configure the bot, can manage review links.',
  'invite.expired': 'This request expired: its approvals ran out of time. Edit it to ask again, then invite.',
  'invite.tooManyLinks': 'A request can have {max} review links at most; revoke them to start again.',
  'invite.createdLine':
    '🔗 {inviter} created a review link for “{name}”, outside reviewer{replaced, select, yes { (their earlier link no longer opens)} other {}}.',
  'invite.approvedLine':
    '✅ Approved by {name}{counted, select, yes { · {given} of {of}} other {}}{notCounted, select, yes { — not counted toward the {needed, plural, one {# approval} other {# approvals}}: {inviter} may not approve this request} other {}}',
  'invite.changesLine': '✏️ Changes requested by {name}{at, select, yes { at {position}} other {}}:',
  'invite.noLinks': 'This request has no review links to revoke.',
  'invite.alreadyRevoked': 'That review link is already revoked (or was never made).',
  'invite.revokedLine':
    '🔒 {revoker} revoked the {count, plural, one {review link} other {review links}} of {names}: they open nothing now{consequence, select, waits {, and their approvals no longer count: nothing will be posted until the request has its approvals again, so it waits for them} publishing {; what they approved stands, as the request was already being published} sent {; what they approved stands, as the request was already sent} voided {, and their approvals no longer count} other {}}.',
  'invite.revoked': 'Revoked {count, plural, one {# review link} other {# review links}}.',
  'invite.revokedWaits':
    'Revoked {count, plural, one {# review link} other {# review links}}. The post is no longer scheduled: it waits for approvals again.',
} as const;
