// Sends HTTP-mode requests signed like Slack's (v0 HMAC-SHA256 of `v0:{timestamp}:{body}`), or signed
// wrongly / too late on purpose.
import { createHmac } from 'node:crypto';

export type SlackRequestKind = 'command' | 'interactive' | 'event';

export interface SignedOptions {
  secret: string;
  /** Seconds since the epoch; default now. Older than 5 minutes is refused by Bolt. */
  timestamp?: number;
  /** Sign with this secret instead (a forged request). */
  signWith?: string;
  retryNum?: number;
  retryReason?: string;
}

export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export function encodeBody(kind: SlackRequestKind, payload: Record<string, unknown>): { body: string; type: string } {
  if (kind === 'event') return { body: JSON.stringify(payload), type: 'application/json' };
  if (kind === 'interactive') {
    return {
      body: `payload=${encodeURIComponent(JSON.stringify(payload))}`,
      type: 'application/x-www-form-urlencoded',
    };
  }
  const form = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
  return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
}

export async function sendSigned(
  url: string,
  kind: SlackRequestKind,
  payload: Record<string, unknown>,
  options: SignedOptions,
): Promise<{ status: number; text: string }> {
  const { body, type } = encodeBody(kind, payload);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': type,
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(options.signWith ?? options.secret, timestamp, body),
  };
  if (options.retryNum !== undefined) headers['x-slack-retry-num'] = String(options.retryNum);
  if (options.retryReason !== undefined) headers['x-slack-retry-reason'] = options.retryReason;
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text() };
}
