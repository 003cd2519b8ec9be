import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Client } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpInteractions, MAX_INTERACTION_BYTES } from '../../src/discord/http-interactions.ts';
import { createWebEdge, type WebEdge } from '../../src/web/edge.ts';
import { signedHeaders } from '../doubles/discord/http-delivery.ts';
import { PERMISSIONS, slashCommand } from '../doubles/discord/interactions.ts';
import { createRecordingLogger } from '../support/recording-logger.ts';

// What Discord (or whoever replays a captured request) gets from the interactions endpoint when no answer
// comes from the bot: a 503 before the client is attached, 413 for a body far over Discord's sizes, 409 for
// the same interaction while its first copy waits, and a 500 at 2.8 s when nothing answered, so the person
// sees Discord's own error instead of a spinner. The real endpoint, real Ed25519 signatures, and a real
// discord.js client that has no handler (nobody answers).

interface Endpoint {
  url: string;
  privateKey: KeyObject;
  logger: ReturnType<typeof createRecordingLogger>;
  attach(): void;
}

let edge: WebEdge | undefined;
let client: Client | undefined;

afterEach(async () => {
  await client?.destroy();
  await edge?.close();
  edge = client = undefined;
});

async function endpoint(): Promise<Endpoint> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const hex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const logger = createRecordingLogger();
  const http = createHttpInteractions({ publicKeyHex: hex, logger });
  const c = new Client({ intents: [] });
  client = c;
  // The route alone on a real web edge, as the bot mounts it.
  const e = createWebEdge({ logger });
  edge = e;
  e.mount([http.route]);
  const { port } = await e.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}/discord/interactions`, privateKey, logger, attach: () => http.attach(c) };
}

const channel = { id: '300', guild_id: '200', name: 'general', type: 0, parent_id: null };
const actor = { userId: '400', userName: 'casey', permissions: PERMISSIONS.member };

function clip(id: string): string {
  const ctx = { id, token: `token-${id}`, applicationId: '100', guildId: '200', channel, actor };
  return JSON.stringify(slashCommand(ctx, '500', 'clip', { url: 'https://youtu.be/abc123' }));
}

const post = (e: Endpoint, body: string) =>
  fetch(e.url, { method: 'POST', headers: signedHeaders(e.privateKey, body), body });

describe('the interactions endpoint, when the bot gives no answer', () => {
  it('answers 503 to an interaction before the client is attached, while PING already gets PONG', async () => {
    const e = await endpoint();
    expect((await post(e, clip('1001'))).status).toBe(503);
    const ping = JSON.stringify({ id: '1', application_id: '100', type: 1, token: 't', version: 1 });
    const pong = await post(e, ping);
    expect(pong.status).toBe(200);
    expect(await pong.json()).toEqual({ type: 1 });
  });

  it('refuses a body over the size limit with 413', async () => {
    const e = await endpoint();
    e.attach();
    const huge = JSON.stringify({ type: 2, id: '1002', padding: 'x'.repeat(MAX_INTERACTION_BYTES) });
    expect((await post(e, huge)).status).toBe(413);
  });

  it('answers 409 to the same interaction while the first waits, and 500 at 2.8 s when nothing answered', async () => {
    const e = await endpoint();
    e.attach();
    const body = clip('1003');
    const started = Date.now();
    const first = post(e, body);
    // Let the first one be verified and waiting before the copy arrives.
    await new Promise((r) => setTimeout(r, 200));
    const copy = await post(e, body);
    expect(copy.status).toBe(409);
    const res = await first;
    expect(res.status).toBe(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_700);
    expect(e.logger.lines.some((l) => l.level === 'warn' && /no first answer/.test(l.msg ?? ''))).toBe(true);
  }, 10_000);
});
