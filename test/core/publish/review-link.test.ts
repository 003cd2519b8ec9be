import { describe, expect, it } from 'vitest';
import { policySchema } from '../../../src/core/publish/approvals/policy.ts';
import type { PublishRequestRecord } from '../../../src/core/publish/requests/model.ts';
import {
  formSecret,
  formToken,
  formTokenMatches,
  hashReviewToken,
  newReviewToken,
  positionText,
  readPosition,
  readReviewerName,
  TOKEN_PATTERN,
} from '../../../src/core/publish/review/links.ts';
import {
  escapeHtml,
  renderNotFoundPage,
  renderReviewPage,
  reviewHeaders,
} from '../../../src/core/publish/review-page.ts';

const T0 = Date.UTC(2026, 11, 1, 9, 0);

function request(over: Partial<PublishRequestRecord> = {}): PublishRequestRecord {
  return {
    id: 'req1',
    channelKey: 'console:local:local',
    thread: { platform: 'console', workspaceId: 'local', channelId: 'local', threadId: 't', cardMessageId: 'c' },
    content: {
      videoUrl: 'https://cdn.example.com/v.mp4',
      thumbnailUrl: 'https://cdn.example.com/v.jpg',
      title: 'Launch',
      description: 'Hello',
      accounts: ['brand'],
      privacy: 'public',
      scheduleAt: Date.UTC(2026, 11, 24, 17, 0),
    },
    requester: { userId: 'ana' },
    approvals: [],
    changes: [],
    reviewers: [],
    state: 'pending',
    attempt: 1,
    posts: [],
    editedAt: T0,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

const reviewer = { id: 'r1', name: 'Ana (Acme)', tokenHash: 'h', createdBy: { userId: 'ana' }, createdAt: T0 };

describe('review link tokens', () => {
  it('carry 256 random bits and are stored as a hash that does not contain them', () => {
    const a = newReviewToken();
    const b = newReviewToken();
    expect(a).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashReviewToken(a)).not.toContain(a);
    expect(hashReviewToken(a)).toBe(hashReviewToken(a));
  });

  it('a form token fits only its own link and its own secret', () => {
    const secret = formSecret(Buffer.alloc(32, 1));
    const mine = hashReviewToken(newReviewToken());
    const other = hashReviewToken(newReviewToken());
    expect(formTokenMatches(secret, mine, formToken(secret, mine))).toBe(true);
    expect(formTokenMatches(secret, mine, formToken(secret, other))).toBe(false);
    expect(formTokenMatches(formSecret(Buffer.alloc(32, 2)), mine, formToken(secret, mine))).toBe(false);
    expect(formTokenMatches(secret, mine, undefined)).toBe(false);
    expect(formTokenMatches(secret, mine, 'short')).toBe(false);
  });

  it('reads names and positions as people type them', () => {
    expect(readReviewerName('  Ana \n (Acme) ')).toEqual({ ok: true, name: 'Ana (Acme)' });
    expect(readReviewerName('\u202e')).toMatchObject({ ok: false });
    expect(readReviewerName('x'.repeat(81))).toMatchObject({ ok: false });
    expect(readPosition('0:12')).toBe('0:12');
    expect(readPosition('1:02:03')).toBe('1:02:03');
    expect(readPosition('0:75')).toBeUndefined();
    expect(readPosition('soon')).toBeUndefined();
    expect(positionText(12.4)).toBe('0:12');
    expect(positionText(3723)).toBe('1:02:03');
  });
});

describe('the review page', () => {
  const policy = policySchema.parse({ approvals: 2 });

  it('shows the request with its poster, the state of approvals and the schedule in UTC for readers without script', () => {
    const html = renderReviewPage({ request: request(), reviewer, policy, now: T0, formToken: 'ft', nonce: 'n1' });
    expect(html).toContain('poster="https://cdn.example.com/v.jpg"');
    expect(html).toContain('0 of 2 approvals');
    expect(html).toContain('Thu, 24 Dec 2026, 17:00 UTC (UTC+00:00)');
    expect(html).toContain('datetime="2026-12-24T17:00:00.000Z"');
    expect(html).toContain('<script nonce="n1">');
    expect(html).toContain('name="form_token" value="ft"');
  });

  it('never makes a player or a link of an address that is not a web one', () => {
    const r = request({ content: { ...request().content, videoUrl: 'javascript:alert(1)', thumbnailUrl: 'data:x' } });
    const html = renderReviewPage({ request: r, reviewer, policy, now: T0, formToken: 'ft', nonce: 'n1' });
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<video');
  });

  it('says when the request waits for an outside reviewer, and offers no decision once it has its approvals', () => {
    const required = policySchema.parse({ approvals: 1, outsideReview: 'required' });
    const waiting = renderReviewPage({
      request: request(),
      reviewer,
      policy: required,
      now: T0,
      formToken: 'f',
      nonce: 'n',
    });
    expect(waiting).toContain('0 of 1 approval · waiting for an outside reviewer');
    const scheduled = renderReviewPage({
      request: request({ state: 'scheduled' }),
      reviewer,
      policy,
      now: T0,
      formToken: 'f',
      nonce: 'n',
    });
    expect(scheduled).not.toContain('<form');
    expect(scheduled).toContain('this post is scheduled');
  });

  it('escapes every character that could open markup, and the 404 names nothing', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;');
    expect(renderNotFoundPage('n')).not.toMatch(/Launch|Ana/);
    const csp = reviewHeaders('abc')['content-security-policy'];
    expect(csp).toContain("script-src 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|\*/);
  });
});
