// The headers every page the bot serves carries (issue: "the same headers on every page"): no referrer (a review
// link is a capability URL), no cache, no sniffing, no framing, and nothing loaded from elsewhere but images and
// video from web addresses; the page's one style and one script run under this answer's nonce.
import { randomBytes } from 'node:crypto';

/** A fresh nonce for one answer: 128 random bits. */
export const newNonce = (): string => randomBytes(16).toString('base64');

export function pageHeaders(nonce: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
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
