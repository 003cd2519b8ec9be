// Discord's side of HTTP interactions mode: the interaction is signed with the application's Ed25519 key
// (timestamp + body) and POSTed to the bot's interactions endpoint; the response body is the first answer,
// applied exactly as a callback sent through REST would be.
import { type KeyObject, sign } from 'node:crypto';
import type { DoubleContext } from './context.ts';
import { interactionCallback } from './rest-interactions.ts';

export interface HttpTarget {
  url: string;
  privateKey: KeyObject;
}

export interface HttpDelivery {
  status: number;
  body: unknown;
}

export function signedHeaders(privateKey: KeyObject, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const stamp = String(timestamp);
  const signature = sign(null, Buffer.from(stamp + body), privateKey).toString('hex');
  return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': stamp };
}

export async function deliverOverHttp(
  ctx: DoubleContext,
  target: HttpTarget,
  interaction: { id: string; token: string },
  payload: unknown,
): Promise<HttpDelivery> {
  const body = JSON.stringify(payload);
  const res = await fetch(target.url, { method: 'POST', headers: signedHeaders(target.privateKey, body), body });
  const text = await res.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  if (res.status === 200 && typeof answer === 'object' && answer !== null) {
    const path = `/interactions/${interaction.id}/${interaction.token}/callback`;
    interactionCallback(ctx, { method: 'POST', path, query: {}, headers: {}, body: answer, at: Date.now() }, [
      interaction.id,
      interaction.token,
    ]);
  }
  return { status: res.status, body: answer };
}
