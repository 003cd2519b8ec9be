// The outside reviewer's pages, as HTML strings: the review page, the answer to a decision, and the plain pages
// for a link that opens nothing and for too many requests. Every value the bot did not write is HTML-escaped;
// the one script and the one style carry the response's nonce, so the Content-Security-Policy loads none from
// elsewhere. The page works without the script (plain form POSTs); with it, the schedule is shown in the
// reader's own time zone and the player's position fills "at 0:12".

import { waitsForOutsideReviewer } from './approvals/approvals.ts';
import type { Policy } from './approvals/policy.ts';
import type { PublishRequestRecord, Reviewer } from './requests/model.ts';
import { contentHash } from './requests/model.ts';
import { approvalCount, type ReviewOutcome } from './review/outside-review.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only web addresses become a player's source or a link: never `javascript:` or `data:`. */
const webUrl = (s: string | undefined): string | undefined => (s && /^https?:\/\//i.test(s) ? s : undefined);

/** The headers of every review response: no referrer, no cache, no sniffing, nothing from elsewhere, no framing. */
export function reviewHeaders(nonce: string): Record<string, string> {
  return {
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      'img-src https: http: data:',
      'media-src https: http:',
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  };
}

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f6f6f4;color:#1d1d1b}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.5rem 0}
video{width:100%;max-height:70vh;background:#000;border-radius:.5rem}
.desc{white-space:pre-wrap;background:#fff;padding:.75rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0}
form{background:#fff;padding:.75rem;border-radius:.5rem;margin:1rem 0}
textarea,input[type=text]{width:100%;box-sizing:border-box;font:inherit;padding:.5rem}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;cursor:pointer}
.approve{background:#1f7a3a;color:#fff}.changes{background:#8a5a00;color:#fff}
.note{color:#555}`;

function page(nonce: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

/** "Tue, 01 Dec 2026 17:00 UTC (UTC+00:00)": what a reader without the script sees. */
function utcText(at: number): string {
  const d = new Date(at);
  const date = d.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
  const time = d.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${date}, ${time} UTC (UTC+00:00)`;
}

// The reader's own zone for the schedule, and the player's position for "Request changes".
const SCRIPT = `
(function(){
  document.querySelectorAll('time[data-local]').forEach(function(t){
    var d=new Date(t.getAttribute('datetime'));
    if(!isNaN(d))t.textContent=d.toLocaleString(undefined,{weekday:'short',year:'numeric',month:'short',day:'numeric',hour:'2-digit',minute:'2-digit',timeZoneName:'short'});
  });
  var v=document.getElementById('player'),at=document.getElementById('at');
  if(!v||!at)return;
  function fmt(s){s=Math.floor(s);var h=Math.floor(s/3600),m=Math.floor(s%3600/60),x=String(s%60).padStart(2,'0');
    return h>0?h+':'+String(m).padStart(2,'0')+':'+x:m+':'+x;}
  v.addEventListener('pause',function(){if(v.currentTime>0)at.value=fmt(v.currentTime);});
})();`;

export interface ReviewPageView {
  request: PublishRequestRecord;
  reviewer: Reviewer;
  policy: Policy;
  now: number;
  formToken: string;
  nonce: string;
}

function stateText(r: PublishRequestRecord): string {
  switch (r.state) {
    case 'scheduled':
      return 'The team has its approvals: this post is scheduled.';
    case 'overdue':
      return 'The team has its approvals; its time passed and the team is choosing a new one.';
    case 'publishing':
      return 'This post is being published now.';
    default:
      return 'The team has its approvals; nothing more is needed from you.';
  }
}

export function renderReviewPage(v: ReviewPageView): string {
  const { request: r, reviewer, policy, now, nonce } = v;
  const c = r.content;
  const title = c.title || '(no title)';
  const video = webUrl(c.videoUrl);
  const poster = webUrl(c.thumbnailUrl);
  const count = approvalCount(r, policy, now);
  const outside =
    r.state === 'pending' && waitsForOutsideReviewer(r, policy, now) ? ' · waiting for an outside reviewer' : '';
  const approvals =
    count.of === 0
      ? 'no approval needed'
      : `${count.given} of ${count.of} approval${count.of === 1 ? '' : 's'}${outside}`;
  const when =
    c.scheduleAt === null
      ? 'As soon as it is approved'
      : `<time datetime="${new Date(c.scheduleAt).toISOString()}" data-local>${escapeHtml(utcText(c.scheduleAt))}</time>`;
  const hash = contentHash(c);
  const hidden = `<input type="hidden" name="form_token" value="${escapeHtml(v.formToken)}"><input type="hidden" name="version" value="${escapeHtml(hash)}">`;
  const mine = r.approvals.some((a) => a.userId === `outside:${reviewer.id}` && a.hash === hash && a.at >= r.editedAt);
  const actions =
    r.state === 'pending'
      ? `${mine ? '<p class="note">You approved this version.</p>' : ''}
<form method="post">${hidden}<input type="hidden" name="decision" value="approve">
<button type="submit" class="approve">Approve</button></form>
<form method="post">${hidden}<input type="hidden" name="decision" value="changes">
<label for="comment">What should change?</label>
<textarea id="comment" name="comment" rows="4" maxlength="1000" required></textarea>
<label for="at">At (optional, a moment in the video such as 0:12)</label>
<input type="text" id="at" name="at" inputmode="numeric" maxlength="8" pattern="[0-9]{1,2}(:[0-5][0-9]){1,2}" placeholder="0:12">
<p><button type="submit" class="changes">Request changes</button></p></form>`
      : `<p class="note">${escapeHtml(stateText(r))}</p>`;
  const body = `<p class="note">Review requested from <strong>${escapeHtml(reviewer.name)}</strong></p>
<h1>${escapeHtml(title)}</h1>
${
  video
    ? `<video id="player" controls playsinline preload="metadata" src="${escapeHtml(video)}"${poster ? ` poster="${escapeHtml(poster)}"` : ''}></video>
<p><a href="${escapeHtml(video)}" rel="noreferrer noopener" target="_blank">Open the video</a></p>`
    : ''
}
<h2>Description</h2>
<div class="desc">${escapeHtml(c.description || '(no description)')}</div>
<dl>
<dt>Accounts</dt><dd>${escapeHtml(c.accounts.join(', '))}</dd>
<dt>Privacy</dt><dd>${escapeHtml(c.privacy)}</dd>
<dt>Schedule</dt><dd>${when}</dd>
<dt>Approval</dt><dd id="approval">${escapeHtml(approvals)}</dd>
</dl>
${actions}`;
  return page(nonce, `Review: ${title}`, body, SCRIPT);
}

/** The answer to a decision: what was decided, and nothing more. */
export function renderOutcomePage(outcome: Exclude<ReviewOutcome, { kind: 'gone' }>, nonce: string): string {
  switch (outcome.kind) {
    case 'approved':
      return page(
        nonce,
        'Approved',
        `<h1>✅ You approved it</h1><p>The team sees your approval in their thread (${outcome.given} of ${outcome.of} approvals).</p>`,
      );
    case 'changes':
      return page(
        nonce,
        'Changes requested',
        '<h1>✏️ You asked for changes</h1><p>The team sees your comment in their thread.</p>',
      );
    default:
      return page(nonce, 'Nothing decided', `<h1>Nothing was decided</h1><p>${escapeHtml(outcome.message)}</p>`);
  }
}

/** Ended, revoked and unknown links alike: nothing of the request. */
export function renderNotFoundPage(nonce: string): string {
  return page(nonce, 'Not found', '<h1>Not found</h1><p>This link does not open anything.</p>');
}

export function renderTooManyPage(nonce: string): string {
  return page(nonce, 'Too many requests', '<h1>Too many requests</h1><p>Wait a minute, then try again.</p>');
}

export function renderForbiddenPage(nonce: string): string {
  return page(
    nonce,
    'Not accepted',
    '<h1>Not accepted</h1><p>This form did not come from your review page. Open your link again and decide there.</p>',
  );
}

export function renderBadRequestPage(nonce: string, message: string): string {
  return page(nonce, 'Not sent', `<h1>Not sent</h1><p>${escapeHtml(message)}</p><p>Go back, then send it again.</p>`);
}

export function renderFailedPage(nonce: string, tooLarge: boolean): string {
  return tooLarge
    ? page(nonce, 'Too long', '<h1>Too long</h1><p>That was too long to send. Shorten the comment, then try again.</p>')
    : page(nonce, 'Not available', '<h1>Not available just now</h1><p>Try again in a minute.</p>');
}
