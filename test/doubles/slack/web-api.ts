// A Slack Web API double on loopback: answers POST /api/<method> the way slack.com does (form or JSON
// bodies, bearer token), records every call, and can fail on purpose (not_in_channel, 429 Retry-After) or
// answer late.
// It also receives response_url POSTs at /respond/<id>, and knows user groups (usergroups.users.list).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOAuthDouble, type OAuthApp, type OAuthDouble } from './oauth.ts';
import { createTierCounter, type TierCounter, type TierModel } from './tier-models.ts';
import { waitFor } from './wait.ts';

export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  token?: string;
  /** The HTTP status the double answered with. */
  status: number;
  /** What the double answered (e.g. the `ts` of a posted message). */
  response?: Record<string, unknown>;
  /** When the double answered (ms since epoch). */
  at: number;
}

/**
 * Slack's rate limits, enforced like slack.com answers them (429, Retry-After in seconds, `ratelimited`):
 * chat.update in Tier 3, 50 a minute for the workspace, counted as `model` says (tier-models.ts; default
 * a sliding minute); chat.postMessage one a second per channel, bursts of two (a bucket). `minuteMs` compresses
 * time for a test that must stay short (60_000 is Slack's own).
 */
export interface SlackTiers {
  minuteMs: number;
  model?: TierModel;
}

export interface SlackUser {
  id: string;
  name: string;
  isAdmin?: boolean;
  isOwner?: boolean;
  /** The user's language (`ja-JP`), sent as Slack does: only when users.info asks with include_locale. */
  locale?: string;
  /** The user's time zone (`Asia/Tokyo`), which users.info always includes (with its label and offset). */
  tz?: string;
}

export interface SlackUsergroup {
  id: string;
  handle: string;
  users: string[];
}

/** A private channel and who is in it (every other channel is public). */
export interface SlackPrivateChannel {
  id: string;
  members: string[];
}

export interface ResponseUrlPost {
  id: string;
  body: Record<string, unknown>;
  /** When it arrived (ms since epoch). */
  at: number;
}

export const TEAM_ID = 'T0TEAM';
export const BOT_USER_ID = 'U0REELBOT';

/** Fields @slack/web-api sends as JSON strings inside a form body. */
const JSON_FIELDS = new Set(['blocks', 'view', 'attachments', 'metadata']);

export interface SlackWebApiDouble {
  /** e.g. http://127.0.0.1:PORT/api/ (pass as the adapter's apiUrl). */
  apiUrl: string;
  calls: SlackCall[];
  callsOf(method: string): SlackCall[];
  /** Successful chat.postMessage arguments, in order. */
  posted(): Array<Record<string, unknown>>;
  responses: ResponseUrlPost[];
  responseUrl(id: string): string;
  failChannel(channelId: string, error?: string): void;
  rateLimit(method: string, times: number, retryAfterSeconds: number): void;
  /**
   * As slack.com refuses a spent method: its next call is answered 429 with `retryAfterSeconds`, and so is
   * every call of it from then until that time has passed, each with the whole seconds left.
   */
  refuseFor(method: string, retryAfterSeconds: number): void;
  /**
   * The next `times` calls of `method` are answered `ms` late, as by a slow Slack server: what becomes of a
   * call (a 429 included) is decided when it arrives, and it is carried out and recorded when answered, so
   * a call made meanwhile may be carried out first.
   */
  slow(method: string, ms: number, times?: number): void;
  /** Calls answered late (slow) that have not been answered yet. */
  inHand(): number;
  /**
   * The next `times` calls of `method` never reach Slack: the connection is dropped before the call is carried out
   * or recorded, as a network failure between the bot and slack.com would (a code sent that way is not spent).
   */
  unreachable(method: string, times?: number): void;
  /** Adds or changes a user group: its @handle (usergroups.list) and who is in it (usergroups.users.list). */
  setUsergroup(group: SlackUsergroup): void;
  /** Makes a channel private, with its members (users.conversations, conversations.info). */
  setPrivateChannel(channel: SlackPrivateChannel): void;
  /** The Home view last published for `user` (views.publish), if any. */
  homeOf(user: string): { blocks?: unknown[] } | undefined;
  /** Every later call of `method` answers `{ ok: false, error }` (e.g. missing_scope); undefined heals it. */
  failMethod(method: string, error: string | undefined): void;
  setSocketUrl(url: string): void;
  /** App distribution (options.oauth): the authorize page, oauth.v2.access, and each token's workspace. */
  oauth?: OAuthDouble;
  /** Slack's authorize page on this double (SLACK_AUTHORIZE_URL). */
  authorizeUrl: string;
  waitForCall(method: string, count?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSlackWebApi(
  options: {
    users?: SlackUser[];
    usergroups?: SlackUsergroup[];
    tiers?: SlackTiers;
    /** Distribution: tokens are issued by oauth.v2.access, and a call with any other token is refused. */
    oauth?: OAuthApp;
  } = {},
): Promise<SlackWebApiDouble> {
  const oauth = options.oauth ? createOAuthDouble(options.oauth) : undefined;
  const calls: SlackCall[] = [];
  const usergroups = new Map((options.usergroups ?? []).map((g) => [g.id, g]));
  const privateChannels = new Map<string, SlackPrivateChannel>();
  const failingMethods = new Map<string, string>();
  const responses: ResponseUrlPost[] = [];
  const failing = new Map<string, string>();
  const limited = new Map<string, { times: number; retryAfter: number }>();
  /** method -> how long it is refused from its next call, and once that came, until when. */
  const refused = new Map<string, { seconds: number; until?: number }>();
  const slowed = new Map<string, { times: number; ms: number }>();
  const dropped = new Map<string, number>();
  let inHand = 0;
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  let socketUrl = '';

  const counters = new Map<string, TierCounter>();

  /** Seconds to wait when the call would go past its limit (Slack's Retry-After), else undefined. */
  function overLimit(method: string, args: Record<string, unknown>, team: string): number | undefined {
    const tiers = options.tiers;
    if (!tiers) return undefined;
    const key = `${team}:${method === 'chat.postMessage' ? `post:${String(args.channel)}` : method}`;
    let counter = counters.get(key);
    if (!counter) {
      if (method === 'chat.update')
        counter = createTierCounter(tiers.model ?? 'sliding', { limit: 50, windowMs: tiers.minuteMs, burst: 5 });
      else if (method === 'chat.postMessage')
        counter = createTierCounter('bucket', { limit: 1, windowMs: tiers.minuteMs / 60, burst: 2 });
      else return undefined;
      counters.set(key, counter);
    }
    const waitMs = counter.take(Date.now());
    return waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
  }
  let seq = 0;
  const nextTs = () => `1700000000.${String(++seq).padStart(6, '0')}`;

  // Messages are the workspace's own: two workspaces may both have a channel C0GENERAL.
  const sameTeam = (c: SlackCall, teamId: string) =>
    !oauth || (c.token !== undefined && oauth.teamOf(c.token) === teamId);

  function answer(method: string, args: Record<string, unknown>, token?: string): Record<string, unknown> {
    if (oauth && method === 'oauth.v2.access') return oauth.access(args);
    // With distribution on, every call needs a current token, and it answers for that token's workspace.
    const auth = oauth?.check(token);
    if (auth && 'error' in auth) return { ok: false, error: auth.error };
    const teamId = auth?.teamId ?? TEAM_ID;
    const channel = typeof args.channel === 'string' ? args.channel : '';
    const fault = failing.get(channel);
    if (fault && method.startsWith('chat.')) return { ok: false, error: fault };
    const refused = failingMethods.get(method);
    if (refused) return { ok: false, error: refused };
    switch (method) {
      case 'usergroups.users.list': {
        const group = usergroups.get(String(args.usergroup));
        return group ? { ok: true, users: group.users } : { ok: false, error: 'no_such_subteam' };
      }
      case 'usergroups.list':
        return {
          ok: true,
          usergroups: [...usergroups.values()].map((g) => ({
            id: g.id,
            team_id: TEAM_ID,
            handle: g.handle,
            name: g.handle,
          })),
        };
      case 'auth.test':
        return {
          ok: true,
          url: 'https://double.slack.test/',
          team: 'Double',
          user: 'reelbot',
          team_id: teamId,
          user_id: auth ? `U0BOT${teamId}` : BOT_USER_ID,
          bot_id: 'B0REELBOT',
        };
      case 'chat.postMessage': {
        const ts = nextTs();
        return { ok: true, channel, ts, message: { ts, text: args.text, thread_ts: args.thread_ts } };
      }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: nextTs() };
      case 'chat.update':
        return { ok: true, channel, ts: args.ts };
      case 'views.open':
      case 'views.update':
        return { ok: true, view: { id: `V${++seq}`, ...(args.view as object) } };
      case 'users.info': {
        const u = users.get(String(args.user));
        if (!u) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: u.id,
            name: u.name,
            team_id: TEAM_ID,
            is_admin: !!u.isAdmin,
            is_owner: !!u.isOwner,
            // Slack leaves the locale out unless include_locale is true (it arrives as a form field: a string).
            ...(u.locale && String(args.include_locale) === 'true' ? { locale: u.locale } : {}),
            ...(u.tz ? { tz: u.tz, tz_label: u.tz, tz_offset: 0 } : {}),
          },
        };
      }
      case 'conversations.replies': {
        // The thread's replies as Slack shows them, with the metadata the bot attached to its posts.
        const replies = calls
          .filter((c) => c.method === 'chat.postMessage' && c.response?.ok === true)
          .filter((c) => c.args.channel === channel && c.args.thread_ts === args.ts && sameTeam(c, teamId))
          .map((c) => ({ ts: c.response?.ts, text: c.args.text, thread_ts: args.ts, metadata: c.args.metadata }));
        return { ok: true, messages: replies };
      }
      case 'conversations.history': {
        // The channel's own messages (not replies), newest first, with their metadata.
        const messages = calls
          .filter((c) => c.method === 'chat.postMessage' && c.response?.ok === true)
          .filter((c) => c.args.channel === channel && c.args.thread_ts === undefined && sameTeam(c, teamId))
          .map((c) => ({ ts: c.response?.ts, text: c.args.text, metadata: c.args.metadata }))
          .reverse();
        return { ok: true, messages };
      }
      case 'conversations.info':
        return {
          ok: true,
          channel: {
            id: args.channel,
            name: 'general',
            is_member: !failing.has(channel),
            is_private: privateChannels.has(channel),
            is_im: false,
            is_mpim: false,
          },
        };
      case 'users.conversations': {
        // The private channels the user is in (public ones too, in Slack; the bot's lists need only these).
        const user = String(args.user ?? '');
        const mine = [...privateChannels.values()].filter((c) => c.members.includes(user));
        return {
          ok: true,
          channels: mine.map((c) => ({ id: c.id, is_private: true })),
          response_metadata: { next_cursor: '' },
        };
      }
      case 'views.publish':
        return { ok: true, view: { id: `V${++seq}`, ...(args.view as object) } };
      case 'apps.connections.open':
        return socketUrl ? { ok: true, url: socketUrl } : { ok: false, error: 'invalid_auth' };
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/oauth/v2/authorize' && oauth) {
      const page = oauth.authorize(url.searchParams);
      res.writeHead(page.status, page.location ? { location: page.location } : { 'content-type': 'text/plain' });
      res.end(page.body ?? '');
      return;
    }
    if (req.method === 'POST' && path.startsWith('/respond/')) {
      responses.push({ id: path.slice('/respond/'.length), body: JSON.parse(raw || '{}'), at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (req.method !== 'POST' || !path.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    const method = path.slice('/api/'.length);
    const drops = dropped.get(method) ?? 0;
    if (drops > 0) {
      dropped.set(method, drops - 1);
      req.socket.destroy();
      return;
    }
    const args = parseArgs(raw, req.headers['content-type'] ?? '');
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '') || (args.token as string | undefined);
    const limit = limited.get(method);
    const team = (token && oauth?.teamOf(token)) || TEAM_ID;
    const held = refusedFor(method);
    const retryAfter = held ?? (limit && limit.times > 0 ? limit.retryAfter : overLimit(method, args, team));
    if (held === undefined && retryAfter !== undefined && limit && limit.times > 0) limit.times--;
    const late = slowed.get(method);
    if (late && late.times > 0) {
      late.times--;
      inHand++;
      await new Promise((resolve) => setTimeout(resolve, late.ms)).finally(() => inHand--);
    }
    if (retryAfter !== undefined) {
      calls.push({ method, args, ...(token ? { token } : {}), status: 429, at: Date.now() });
      res.writeHead(429, { 'retry-after': String(retryAfter), 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
      return;
    }
    const response = answer(method, args, token);
    calls.push({ method, args, ...(token ? { token } : {}), status: 200, response, at: Date.now() });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response));
  }

  /** Seconds left while `method` is refused (refuseFor), else undefined. */
  function refusedFor(method: string): number | undefined {
    const refusal = refused.get(method);
    if (!refusal) return undefined;
    refusal.until ??= Date.now() + refusal.seconds * 1000;
    const left = refusal.until - Date.now();
    if (left > 0) return Math.ceil(left / 1000);
    refused.delete(method);
    return undefined;
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const callsOf = (method: string) => calls.filter((c) => c.method === method);

  return {
    apiUrl: `${base}/api/`,
    authorizeUrl: `${base}/oauth/v2/authorize`,
    ...(oauth ? { oauth } : {}),
    calls,
    callsOf,
    posted: () =>
      callsOf('chat.postMessage')
        .filter((c) => c.status === 200 && !failing.has(String(c.args.channel)))
        .map((c) => c.args),
    responses,
    responseUrl: (id) => `${base}/respond/${id}`,
    failChannel: (channelId, error = 'not_in_channel') => failing.set(channelId, error),
    rateLimit: (method, times, retryAfter) => limited.set(method, { times, retryAfter }),
    refuseFor: (method, seconds) => refused.set(method, { seconds }),
    slow: (method, ms, times = 1) => slowed.set(method, { times, ms }),
    inHand: () => inHand,
    unreachable: (method, times = 1) => dropped.set(method, times),
    setUsergroup: (group) => usergroups.set(group.id, group),
    setPrivateChannel: (channel) => privateChannels.set(channel.id, channel),
    homeOf: (user) =>
      callsOf('views.publish')
        .filter((c) => c.status === 200 && c.args.user_id === user)
        .at(-1)?.args.view as { blocks?: unknown[] } | undefined,
    failMethod: (method, error) => (error ? failingMethods.set(method, error) : failingMethods.delete(method)),
    setSocketUrl: (url) => {
      socketUrl = url;
    },
    waitForCall: (method, count = 1) => waitFor(() => callsOf(method).length >= count, `${count} × ${method}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseArgs(raw: string, contentType: string): Record<string, unknown> {
  if (contentType.includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    args[key] = JSON_FIELDS.has(key) ? safeJson(value) : value;
  }
  return args;
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
