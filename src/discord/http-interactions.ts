// Discord's HTTP interactions mode (DISCORD_PUBLIC_KEY set): Discord POSTs each interaction to our listener
// instead of sending it over one replica's gateway, so interactions spread over replicas behind a load
// balancer, as Slack's HTTP mode does. Each verified request goes through discord.js (the same Interaction
// objects and handler as the gateway), and its first answer goes back as the HTTP response: discord.js's own
// callback request for that interaction (deferReply, deferUpdate, respond, reply, showModal) is intercepted
// in its REST options (`makeRequest`) and becomes the route's answer instead, so discord.js keeps its own
// record of what was answered and editReply, followUp and deleteReply work as over the gateway. The route is
// one of the web edge's (core/platform/route.ts), which bounds the body before it runs.

import type { KeyObject } from 'node:crypto';
import { type Client, DefaultRestOptions } from 'discord.js';
import type { Route } from '../core/platform/route.ts';
import type { Logger } from '../core/ports.ts';
import { discordPublicKey, verifyDiscordSignature } from './http-verify.ts';

export const INTERACTIONS_PATH = '/discord/interactions';
/** Interactions are a few KB (a modal of five 4,000-character inputs is ~25 KB); refuse far larger before parsing. */
export const MAX_INTERACTION_BYTES = 64 * 1024;
/** Discord waits 3 s for the first answer; give up a little before, so the person sees Discord's own error. */
const FIRST_ANSWER_MS = 2_800;
const CALLBACK_PATH = /\/interactions\/(\d{1,20})\/[^/]+\/callback(?:\?|$)/;

type MakeRequest = typeof DefaultRestOptions.makeRequest;

interface Waiting {
  /** Answers the waiting request with `body`; resolves once the answer is sent. */
  answer(body: string): Promise<void>;
}

export interface HttpInteractions {
  /** For the client's REST options: answers an interaction's first callback through its HTTP response. */
  makeRequest: MakeRequest;
  /** POST INTERACTIONS_PATH on the bot's web edge. */
  route: Route;
  /** Connects the client whose handler receives the interactions (before the first request). */
  attach(client: Client): void;
}

const json = (status: number, body: unknown) => Response.json(body, { status });

export function createHttpInteractions(options: {
  publicKeyHex: string;
  logger: Logger;
  now?: () => number;
}): HttpInteractions {
  const key: KeyObject = discordPublicKey(options.publicKeyHex);
  const now = options.now ?? Date.now;
  const { logger } = options;
  const waiting = new Map<string, Waiting>();
  let client: Client | undefined;

  /** Answers the interaction's waiting request with `body`; false when none waits. */
  const answerWaiting = async (id: string, body: string): Promise<boolean> => {
    const target = waiting.get(id);
    if (!target) return false;
    waiting.delete(id);
    await target.answer(body);
    return true;
  };

  const makeRequest: MakeRequest = async (url, init) => {
    const id = CALLBACK_PATH.exec(url)?.[1];
    if (id && typeof init.body === 'string' && (await answerWaiting(id, init.body))) {
      return new Response(null, { status: 204 });
    }
    return DefaultRestOptions.makeRequest(url, init);
  };

  const route: Route = {
    method: 'POST',
    path: INTERACTIONS_PATH,
    maxBodyBytes: MAX_INTERACTION_BYTES,
    async handle(request, ctx) {
      // The signature covers the exact bytes: read them before anything parses them.
      const body = Buffer.from(await request.arrayBuffer());
      const signature = request.headers.get('x-signature-ed25519') ?? undefined;
      const timestamp = request.headers.get('x-signature-timestamp') ?? undefined;
      if (!(await verifyDiscordSignature(key, { signature, timestamp }, body, now()))) {
        return json(401, { error: 'invalid request signature' });
      }
      const payload = parse(body);
      if (!payload) return json(400, { error: 'body is not an interaction' });
      // PING: Discord checks the endpoint with it when it is saved, and now and then after.
      if (payload.type === 1) return json(200, { type: 1 });
      if (!client) return json(503, { error: 'not ready' });
      // The same interaction again while the first still waits for its answer (a replayed request): Discord
      // never sends one twice, and two waiting for one answer could get each other's.
      if (waiting.has(payload.id)) return json(409, { error: 'interaction already in progress' });
      const c = client;
      return new Promise<Response>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(payload.id);
          logger.warn({ interactionId: payload.id }, 'no first answer within 2.8 s; Discord shows the person an error');
          resolve(json(500, { error: 'no answer in time' }));
        }, FIRST_ANSWER_MS);
        waiting.set(payload.id, {
          answer: (callback) =>
            new Promise<void>((sent) => {
              clearTimeout(timer);
              // Resolved once the answer is out, so the edits and follow-ups that come next find it in place.
              ctx.after(async () => sent());
              resolve(new Response(callback, { status: 200, headers: { 'content-type': 'application/json' } }));
            }),
        });
        dispatch(c, payload);
      });
    },
  };

  return {
    makeRequest,
    route,
    attach(attached) {
      client = attached;
    },
  };
}

/** The same path a gateway INTERACTION_CREATE takes inside discord.js, so handlers see the same objects. */
function dispatch(client: Client, payload: Record<string, unknown>) {
  const actions = (client as unknown as { actions: { InteractionCreate: { handle(data: unknown): void } } }).actions;
  actions.InteractionCreate.handle(payload);
}

function parse(body: Buffer): ({ id: string; type: number } & Record<string, unknown>) | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, type } = value as { id?: unknown; type?: unknown };
  if (typeof type !== 'number' || !Number.isInteger(type) || type < 1 || type > 5) return undefined;
  if (type !== 1 && (typeof id !== 'string' || !/^\d{1,20}$/.test(id))) return undefined;
  return value as { id: string; type: number } & Record<string, unknown>;
}
