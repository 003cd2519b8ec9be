// A review link is a capability URL (W3C TAG): `/review/<token>`, the token 256 random bits, kept only as its
// SHA-256, so a copy of the store opens no page. Its form token is an HMAC of that hash under a secret derived
// from the encryption key: a page on another site cannot forge a decision without having the link itself.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PublishRequestRecord, Reviewer } from '../requests/model.ts';

/** base64url of 32 random bytes: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newReviewToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The secret form tokens are signed with: derived, so the encryption key itself signs nothing. */
export function formSecret(encryptionKey: Uint8Array): Buffer {
  return createHmac('sha256', encryptionKey).update('reelbot review form token v1').digest();
}

export function formToken(secret: Buffer, tokenHash: string): string {
  return createHmac('sha256', secret).update(tokenHash).digest('base64url');
}

export function formTokenMatches(secret: Buffer, tokenHash: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(formToken(secret, tokenHash));
  const got = Buffer.from(given);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** The longest reviewer's name, in characters. */
export const MAX_REVIEWER_NAME = 80;

/** A reviewer's name as the team typed it, or why it cannot be one (`why`, for the form to say in its language). */
export function readReviewerName(
  raw: string | undefined,
): { ok: true; name: string } | { ok: false; why: 'empty' | 'long'; message: string } {
  // Control characters and line breaks would let a name draw lines of its own in the thread.
  const name = (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name)
    return { ok: false, why: 'empty', message: 'Give the reviewer a name the team will recognise, e.g. “Ana (Acme)”.' };
  if ([...name].length > MAX_REVIEWER_NAME)
    return { ok: false, why: 'long', message: 'Keep the reviewer’s name under 80 characters.' };
  return { ok: true, name };
}

/** One link per reviewer: the same name (any case or spacing) is the same reviewer. */
export const sameReviewer = (a: string, b: string): boolean =>
  a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');

/** A position in the video as the page sends it ("0:12", "1:02:03"), or undefined when it is not one. */
export function readPosition(raw: string | undefined): string | undefined {
  const t = (raw ?? '').trim();
  if (!/^\d{1,2}(:[0-5]\d){1,2}$/.test(t)) return undefined;
  return t;
}

/** Seconds of playback as the page shows them: 12.4 → "0:12", 3723 → "1:02:03". */
export function positionText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** The reviewers whose links still open (unless their request ended): not revoked, not replaced. */
export const liveReviewers = (r: PublishRequestRecord): Reviewer[] => r.reviewers.filter((x) => !x.revokedAt);
