import { createPublicKey, type KeyObject, verify } from 'node:crypto';

// Discord signs each HTTP interaction with the application's Ed25519 key: the signature (hex, header
// X-Signature-Ed25519) covers the timestamp header followed by the raw body. Discord sends requests with a
// bad signature on purpose and removes the endpoint if any is accepted, so anything unverifiable is a 401.

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** Requests older (or newer) than this are refused as replays: 5 minutes, as Slack does. */
export const MAX_SKEW_SECONDS = 300;

/** The application's public key (hex, from the Developer Portal) as a key object; throws when malformed. */
export function discordPublicKey(hex: string): KeyObject {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('DISCORD_PUBLIC_KEY must be 64 hexadecimal characters');
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * Resolves true when the signature is Discord's for this timestamp and body. The Ed25519 check runs on
 * libuv's thread pool (`verify`'s callback form): it is the largest single cost of an acknowledgement,
 * more than parsing and answering the request, so the event loop reads and answers other requests meanwhile.
 */
export function verifyDiscordSignature(
  key: KeyObject,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: Buffer,
  nowMs: number,
): Promise<boolean> {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !SIGNATURE.test(signature) || !TIMESTAMP.test(timestamp)) return NO;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return NO;
  const signed = Buffer.concat([Buffer.from(timestamp, 'latin1'), body]);
  return new Promise((resolve) => {
    verify(null, signed, key, Buffer.from(signature, 'hex'), (err, ok) => resolve(!err && ok));
  });
}

const SIGNATURE = /^[0-9a-f]{128}$/i;
const TIMESTAMP = /^\d{1,12}$/;
const NO = Promise.resolve(false);
