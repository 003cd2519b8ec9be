import { describe, expect, it } from 'vitest';
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
