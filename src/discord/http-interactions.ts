// Discord's HTTP interactions mode (DISCORD_PUBLIC_KEY set): Discord POSTs each interaction to our listener
// instead of sending it over one replica's gateway, so interactions spread over replicas behind a load
// balancer, as Slack's HTTP mode does. Each verified request goes through discord.js (the same Interaction
// objects and handler as the gateway), and its first answer goes back as the HTTP response: discord.js's own
// callback request for that interaction (deferReply, deferUpdate, respond, reply, showModal) is intercepted
// in its REST options (`makeRequest`) and written to the waiting response instead, so discord.js keeps its
// own record of what was answered and editReply, followUp and deleteReply work as over the gateway.

import type { KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Client, DefaultRestOptions } from 'discord.js';
import type { Logger } from '../core/ports.ts';
import { readBody, TooLarge } from '../infra/http/read-body.ts';
import { discordPublicKey, verifyDiscordSignature } from './http-verify.ts';

export const INTERACTIONS_PATH = '/discord/interactions';
/** Interactions are a few KB (a modal of five 4,000-character inputs is ~25 KB); refuse far larger before parsing. */
export const MAX_INTERACTION_BYTES = 64 * 1024;
/** Discord waits 3 s for the first answer; give up a little before, so the person sees Discord's own error. */
const FIRST_ANSWER_MS = 2_800;
const CALLBACK_PATH = /\/interactions\/(\d{1,20})\/[^/]+\/callback(?:\?|$)/;

type MakeRequest = typeof DefaultRestOptions.makeRequest;

interface Waiting {
  answer(body: string): Promise<void>;
}

export interface HttpInteractions {
  /** For the client's REST options: answers an interaction's first callback through its HTTP response. */
  makeRequest: MakeRequest;
  /** Mount on the bot's HTTP listener at INTERACTIONS_PATH. */
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** Connects the client whose handler receives the interactions (before the first request). */
  attach(client: Client): void;
}

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

  /** Writes `body` into the interaction's waiting HTTP response; false when none waits. */
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

  function handler(req: IncomingMessage, res: ServerResponse) {
    readBody(req, MAX_INTERACTION_BYTES)
      .then((body) => receive(req, res, body))
      .catch((err: unknown) => {
        if (err instanceof TooLarge) return send(res, 413, { error: 'payload too large' });
        logger.error({ err }, 'discord http interaction failed');
        if (!res.headersSent) send(res, 500, { error: 'internal error' });
      });
  }

  async function receive(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const signature = header(req, 'x-signature-ed25519');
    const timestamp = header(req, 'x-signature-timestamp');
    if (!(await verifyDiscordSignature(key, { signature, timestamp }, body, now()))) {
      return send(res, 401, { error: 'invalid request signature' });
    }
    const payload = parse(body);
    if (!payload) return send(res, 400, { error: 'body is not an interaction' });
    // PING: Discord checks the endpoint with it when it is saved, and now and then after.
    if (payload.type === 1) return send(res, 200, { type: 1 });
    if (!client) return send(res, 503, { error: 'not ready' });
    // The same interaction again while the first still waits for its answer (a replayed request): Discord
    // never sends one twice, and two waiting for one answer could get each other's.
    if (waiting.has(payload.id)) return send(res, 409, { error: 'interaction already in progress' });
    const timer = setTimeout(() => {
      waiting.delete(payload.id);
      logger.warn({ interactionId: payload.id }, 'no first answer within 2.8 s; Discord shows the person an error');
      send(res, 500, { error: 'no answer in time' });
    }, FIRST_ANSWER_MS);
    waiting.set(payload.id, {
      answer: (callback) =>
        new Promise<void>((resolve) => {
          clearTimeout(timer);
          res.writeHead(200, jsonHeaders(callback));
          // Resolved once written, so the edits and follow-ups that come next find the answer in place.
          res.end(callback, () => resolve());
        }),
    });
    dispatch(client, payload);
  }

  return {
    makeRequest,
    handler,
    attach(c) {
      client = c;
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

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * With its length known, the answer goes out in one write; without it, node:http frames it as chunked
 * (writeHead stores the headers before the body is seen), four more buffers per answer.
 */
const jsonHeaders = (text: string) => ({
  'content-type': 'application/json',
  'content-length': Buffer.byteLength(text),
});

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, jsonHeaders(text));
  res.end(text);
}
