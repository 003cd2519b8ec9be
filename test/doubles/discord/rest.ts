// The REST side of the double: routes under /api/v10, bot-token auth where Discord requires it,
// injected faults, and a record of every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DoubleContext, discordError, type Handler, type RestResult } from './context.ts';
import { type Faults, rateLimited, serverFailed } from './faults.ts';
import * as app from './rest-app.ts';
import * as channels from './rest-channels.ts';
import * as interactions from './rest-interactions.ts';
import type { RecordedRequest } from './state.ts';

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Interaction callbacks and token webhooks carry no bot token. */
  botAuth: boolean;
}

const ID = '(\\d+)';
const TOKEN = '([^/]+)';
const route = (method: string, path: string, handler: Handler, botAuth = true): Route => ({
  method,
  pattern: new RegExp(`^${path}$`),
  handler,
  botAuth,
});

const ROUTES: Route[] = [
  route('GET', '/gateway/bot', app.gatewayBot),
  route('GET', '/gateway', app.gateway, false),
  route('GET', '/users/@me', app.me),
  route('GET', '/applications/@me', app.application),
  route('PUT', `/applications/${ID}/commands`, app.putCommands),
  route('GET', `/applications/${ID}/commands`, app.getCommands),
  route('PUT', `/applications/${ID}/guilds/${ID}/commands`, app.putCommands),
  route('GET', `/applications/${ID}/guilds/${ID}/commands`, app.getCommands),
  route('GET', `/guilds/${ID}`, app.getGuild),
  route('GET', `/guilds/${ID}/channels`, app.getGuildChannels),
  route('GET', `/guilds/${ID}/members`, app.listGuildMembers),
  route('GET', `/guilds/${ID}/members/${ID}`, app.getGuildMember),
  route('POST', `/interactions/${ID}/${TOKEN}/callback`, interactions.interactionCallback, false),
  route('GET', `/webhooks/${ID}/${TOKEN}/messages/(@original|\\d+)`, interactions.getTokenMessage, false),
  route('PATCH', `/webhooks/${ID}/${TOKEN}/messages/(@original|\\d+)`, interactions.patchTokenMessage, false),
  route('DELETE', `/webhooks/${ID}/${TOKEN}/messages/(@original|\\d+)`, interactions.deleteTokenMessage, false),
  route('POST', `/webhooks/${ID}/${TOKEN}`, interactions.postFollowUp, false),
  route('GET', `/channels/${ID}`, channels.getChannel),
  route('GET', `/channels/${ID}/messages`, channels.listMessages),
  route('POST', `/channels/${ID}/messages`, channels.postMessage),
  route('GET', `/channels/${ID}/messages/${ID}`, channels.getMessage),
  route('PATCH', `/channels/${ID}/messages/${ID}`, channels.patchMessage),
  route('POST', `/channels/${ID}/messages/${ID}/threads`, channels.startThread),
];

function dispatchRoute(ctx: DoubleContext, req: RecordedRequest): RestResult {
  for (const r of ROUTES) {
    const match = r.method === req.method ? r.pattern.exec(req.path) : null;
    if (!match) continue;
    if (r.botAuth && req.headers.authorization !== `Bot ${ctx.token}`) return discordError(401, 0, '401: Unauthorized');
    return r.handler(ctx, req, match.slice(1));
  }
  return discordError(404, 0, '404: Not Found');
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function record(req: IncomingMessage, url: URL, body: unknown): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  return {
    method: req.method ?? 'GET',
    path: decodeURIComponent(url.pathname).replace(/^\/api\/v10/, ''),
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    at: Date.now(),
  };
}

function answer(res: ServerResponse, result: RestResult): void {
  const headers: Record<string, string> = { ...result.headers };
  if (result.body !== undefined) headers['content-type'] = 'application/json';
  res.writeHead(result.status, headers);
  res.end(result.body === undefined ? undefined : JSON.stringify(result.body));
}

export function createRestHandler(ctx: DoubleContext, faults: Faults) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded = record(req, url, await readBody(req));
    ctx.state.requests.push(recorded);
    let result: RestResult;
    if (!url.pathname.startsWith('/api/v10/')) result = discordError(404, 0, '404: Not Found');
    else {
      const fault = faults.take(recorded);
      if (fault?.kind === 'hang') {
        // Never answered: `status` stays unset.
        if (fault.fault.afterHandling) dispatchRoute(ctx, recorded);
        ctx.state.changed();
        return;
      }
      if (fault?.kind === 'rate-limit') result = rateLimited(fault.fault);
      else if (fault?.kind === 'server-error') {
        if (fault.fault.afterHandling) dispatchRoute(ctx, recorded);
        result = serverFailed(fault.fault);
      } else result = dispatchRoute(ctx, recorded);
    }
    recorded.status = result.status;
    ctx.state.changed();
    answer(res, result);
  };
}
