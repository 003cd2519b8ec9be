import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../../../src/core/i18n/catalogue.ts';
import { policySchema } from '../../../../src/core/publish/approvals/policy.ts';
import type { PublishRequestRecord } from '../../../../src/core/publish/requests/model.ts';
import { notFoundPage, POSITION_HINT, reviewPage } from '../../../../src/core/publish/review/page-view.ts';
import { REVIEW_MESSAGES } from '../../../../src/core/publish/review/review-messages.ts';
import { renderPage } from '../../../../src/web/render-page.ts';
import { aRequest, type RequestChanges, T0 } from '../records.ts';

const request = (over: RequestChanges = {}): PublishRequestRecord =>
  aRequest({
    requester: { userId: 'ana' },
    ...over,
    content: {
      videoUrl: 'https://cdn.example.com/v.mp4',
      thumbnailUrl: 'https://cdn.example.com/v.jpg',
      description: 'Hello',
      scheduleAt: Date.UTC(2026, 11, 24, 17, 0),
      ...over.content,
    },
  });

// The review page as data, rendered by the web edge's renderer: what a reviewer sees on it.

const reviewer = { id: 'r1', name: 'Ana (Acme)', tokenHash: 'h', createdBy: { userId: 'ana' }, createdAt: T0 };

const policy = policySchema.parse({ approvals: 2 });
// As the route reads it: the review room's words, dates in UTC.
const english = createCatalogue([REVIEW_MESSAGES]).translator('en', 'UTC');
const render = (over: Partial<PublishRequestRecord> = {}, p = policy) =>
  renderPage(reviewPage({ request: request(over), reviewer, policy: p, now: T0 }, 'ft', english), 'n1');

describe('the review page', () => {
  it('shows the request with its poster, the state of approvals and the schedule in UTC for readers without script', () => {
    const html = render();
    expect(html).toContain('poster="https://cdn.example.com/v.jpg"');
    expect(html).toContain('0 of 2 approvals');
    expect(html).toContain('Thu, Dec 24, 2026, 17:00 UTC (UTC+00:00)');
    expect(html).toContain('datetime="2026-12-24T17:00:00.000Z"');
    expect(html).toContain('<script nonce="n1">');
    expect(html).toContain('name="form_token" value="ft"');
  });

  it('never makes a player or a link of an address that is not a web one', () => {
    const html = render({ content: { ...request().content, videoUrl: 'javascript:alert(1)', thumbnailUrl: 'data:x' } });
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<video');
  });

  it('says when the request waits for an outside reviewer, and offers no decision once it has its approvals', () => {
    const required = policySchema.parse({ approvals: 1, outsideReview: 'required' });
    expect(render({}, required)).toContain('0 of 1 approval · waiting for an outside reviewer');
    const scheduled = render({ state: 'scheduled' });
    expect(scheduled).not.toContain('<form');
    expect(scheduled).toContain('this post is scheduled');
  });

  it('shows a returning reviewer their own earlier change requests with their time, and nobody else’s', () => {
    const changes = [
      {
        userId: 'outside:r1',
        userName: 'Ana (Acme)',
        reviewer: 'Ana (Acme)',
        at: T0 + 60_000,
        reason: 'Logo <b>too</b> small',
        position: '0:12',
      },
      { userId: 'outside:r2', userName: 'Leo', reviewer: 'Leo', at: T0 + 120_000, reason: 'Louder music' },
      { userId: 'bea', at: T0 + 180_000, reason: 'Member note' },
    ];
    const html = render({ changes });
    expect(html).toContain('Your earlier change request');
    expect(html).toContain('At 0:12: Logo &#60;b&#62;too&#60;/b&#62; small');
    expect(html).toContain(`datetime="${new Date(T0 + 60_000).toISOString()}"`);
    expect(html).toContain('Tue, Dec 01, 2026, 09:01 UTC (UTC+00:00)');
    expect(html).not.toContain('Louder music');
    expect(html).not.toContain('Member note');
    // A first visit shows no such section.
    expect(render()).not.toContain('earlier change');
  });

  it('says the position’s format in words under the field, and gives the browser the same words', () => {
    const html = render();
    const hint = POSITION_HINT;
    expect(hint).toMatch(/0:12/);
    expect(hint).toMatch(/within the video’s length/);
    expect(html).toContain(`<p class="hint" id="at-hint">${hint}</p>`);
    expect(html).toContain(`title="${hint}"`);
    expect(html).toContain('data-position-of="player"');
    expect(html).toContain('pattern="[0-9]{1,2}(:[0-5][0-9]){1,2}"');
  });

  it('answers an ended or unknown link with a page that names nothing of the request', () => {
    const html = renderPage(notFoundPage(english), 'n');
    expect(html).not.toMatch(/Launch|Ana/);
    expect(notFoundPage(english).status).toBe(404);
  });
});
