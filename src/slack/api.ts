// The Web API calls the adapter makes with the bot token, through one WebClient configured so that no
// call is ever sent twice by the client itself: retries off (a 5xx retry of chat.postMessage would post
// twice), 429 rejected at once and waited out by whoever paced the call (Retry-After): posts by the
// pacer in their channel's lane, every other method by the limiter in its tier's queue (limiter.ts).
import { webApi } from '@slack/bolt';
import { stillDueNow } from '../core/platform/chat-port.ts';
import type { CardEdit, Logger, StillDue } from '../core/ports.ts';
import { toBoltLogger } from './bolt-logger.ts';
import { NOT_SENT, type SlackLimiter } from './limiter.ts';
import type { Pacer } from './pace.ts';
import type { SlackMessage } from './render.ts';

export type ApiResult = Record<string, unknown>;

/** Pages of users.conversations read for one person. */
const MEMBER_PAGES = 10;

/** The metadata event type of the bot's own posts (Slack requires one). */
const POST_EVENT_TYPE = 'reelbot_post';

/** What users.info says of a person that the bot uses. */
export interface SlackUserInfo {
  isAdmin: boolean;
  isOwner: boolean;
  /** The person's language as Slack tags it (`ja-JP`, `es-LA`), when Slack says it. */
  locale?: string;
  /** The person's time zone, an IANA name (`Asia/Tokyo`), when Slack says it. */
  tz?: string;
}

export interface SlackApi {
  /** `tag` goes into the message's metadata, so `threadHas` can find the message again. */
  postMessage(channel: string, message: SlackMessage, threadTs?: string, tag?: string): Promise<{ ts: string }>;
  /** Whether a reply tagged `tag` is in the thread (needs channels:history / groups:history). */
  threadHas(channel: string, threadTs: string, tag: string): Promise<boolean>;
  /** The ts of a recent message tagged `tag`, in the channel or (with `threadTs`) in that thread. */
  findTagged(channel: string, tag: string, threadTs?: string): Promise<string | undefined>;
  postEphemeral(channel: string, user: string, message: SlackMessage, threadTs?: string): Promise<void>;
  /** Resolves false when the edit was not sent (a newer one replaced it, or the budget was short for a refresh). */
  /** See `ChatPort.updateCard`: `stillDue` is asked when the edit's turn in the budget came. */
  update(channel: string, ts: string, message: SlackMessage, kind?: CardEdit, stillDue?: StillDue): Promise<boolean>;
  openView(triggerId: string, view: unknown): Promise<void>;
  /** Who the user is: admin or owner, and (asked with include_locale) their language, e.g. `ja-JP`. */
  userInfo(user: string): Promise<SlackUserInfo>;
  /** The user ids in a user group (usergroups.users.list; needs usergroups:read). */
  usergroupMembers(usergroup: string, teamId?: string): Promise<string[]>;
  /** The workspace's user groups, id and @handle (usergroups.list; needs usergroups:read). */
  usergroups(teamId?: string): Promise<Array<{ id: string; handle: string }>>;
  /** The workspace's web address (auth.test `url`, e.g. https://acme.slack.com/), the base of message links. */
  workspaceUrl(): Promise<string | undefined>;
  /** The channels `user` is in (users.conversations; needs channels:read and groups:read), up to `maxPages` pages. */
  memberChannels(user: string, teamId?: string): Promise<Set<string>>;
  /** Whether anyone in the workspace can open the channel (conversations.info; needs channels:read). */
  isPublicChannel(channel: string): Promise<boolean>;
  /** Publishes `view` as `user`'s app Home (views.publish). */
  publishView(user: string, view: unknown): Promise<void>;
  /** POSTs to a response_url (5 uses within 30 minutes). */
  respond(responseUrl: string, body: Record<string, unknown>): Promise<void>;
}

export interface SlackApiOptions {
  /** One workspace's token, or (distribution mode) where its current token is read before each call. */
  botToken: string | (() => Promise<string>);
  /**
   * Put before each channel's pacing lane: in distribution mode two workspaces may have a channel of the same
   * id, and each is paced on its own.
   */
  laneOf?: string;
  /** Web API base, e.g. http://127.0.0.1:PORT/api/ (default https://slack.com/api/). */
  apiUrl?: string;
  logger: Logger;
  pacer: Pacer;
  limiter: SlackLimiter;
  /** Per-call timeout (default 10 s). */
  timeoutMs?: number;
}

export function createSlackApi(options: SlackApiOptions): SlackApi {
  const { pacer, limiter } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fixed = typeof options.botToken === 'string' ? options.botToken : undefined;
  const tokenOf = typeof options.botToken === 'function' ? options.botToken : undefined;
  const lane = options.laneOf ?? '';
  const client = new webApi.WebClient(fixed, {
    ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
    logger: toBoltLogger(options.logger),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: timeoutMs,
  });
  // A workspace's token is read at each call: a rotation or an uninstall takes effect on the next one.
  const raw = async (method: string, args: Record<string, unknown>): Promise<ApiResult> =>
    (await client.apiCall(method, tokenOf ? { ...args, token: await tokenOf() } : args)) as unknown as ApiResult;
  const call = (method: string, args: Record<string, unknown>) => limiter.call(method, () => raw(method, args));
  const body = (m: SlackMessage) => ({ text: m.text, ...(m.blocks ? { blocks: m.blocks } : {}) });

  /** A job's thread holds its few results, a card is among the channel's latest: 200 messages cover both. */
  async function findTagged(channel: string, tag: string, threadTs?: string): Promise<string | undefined> {
    const args = { channel, include_all_metadata: true, limit: 200 };
    const res = threadTs
      ? await call('conversations.replies', { ...args, ts: threadTs })
      : await call('conversations.history', args);
    const messages = Array.isArray(res.messages) ? (res.messages as Array<{ ts?: unknown; metadata?: unknown }>) : [];
    const found = messages.find((m) => {
      const meta = m.metadata as { event_type?: unknown; event_payload?: { key?: unknown } } | undefined;
      return meta?.event_type === POST_EVENT_TYPE && meta.event_payload?.key === tag;
    });
    return found?.ts === undefined ? undefined : String(found.ts);
  }

  // One auth.test for the process (the address never changes); a failure is retried a minute later, not per link.
  let workspaceUrl: Promise<string | undefined> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;

  return {
    workspaceUrl() {
      if (!workspaceUrl && Date.now() - failedAt < 60_000) return Promise.resolve(undefined);
      workspaceUrl ??= call('auth.test', {}).then(
        (res) => (typeof res.url === 'string' && /^https:\/\//.test(res.url) ? res.url : undefined),
        (err: unknown) => {
          workspaceUrl = undefined;
          failedAt = Date.now();
          throw err;
        },
      );
      return workspaceUrl;
    },
    async memberChannels(user, teamId) {
      const found = new Set<string>();
      let cursor = '';
      // 200 a page, as Slack recommends; 10 pages: someone in more than 2,000 channels sees the rest as public ones only.
      for (let page = 0; page < MEMBER_PAGES; page++) {
        const res = await call('users.conversations', {
          user,
          types: 'public_channel,private_channel',
          exclude_archived: true,
          limit: 200,
          ...(cursor ? { cursor } : {}),
          ...(teamId ? { team_id: teamId } : {}),
        });
        const channels = Array.isArray(res.channels) ? (res.channels as Array<{ id?: unknown }>) : [];
        for (const c of channels) if (typeof c.id === 'string') found.add(c.id);
        const next = (res.response_metadata as { next_cursor?: unknown } | undefined)?.next_cursor;
        if (typeof next !== 'string' || next === '') break;
        cursor = next;
      }
      return found;
    },
    async isPublicChannel(channel) {
      const res = await call('conversations.info', { channel });
      const c = (res.channel ?? {}) as { is_private?: unknown; is_im?: unknown; is_mpim?: unknown };
      return c.is_private === false && c.is_im !== true && c.is_mpim !== true;
    },
    async publishView(user, view) {
      await call('views.publish', { user_id: user, view });
    },
    async postMessage(channel, message, threadTs, tag) {
      const args = {
        channel,
        ...body(message),
        ...(threadTs ? { thread_ts: threadTs } : {}),
        ...(tag ? { metadata: { event_type: POST_EVENT_TYPE, event_payload: { key: tag } } } : {}),
        unfurl_links: false,
      };
      const res = await pacer.run(`${lane}${channel}`, () => raw('chat.postMessage', args));
      return { ts: String(res.ts) };
    },
    async threadHas(channel, threadTs, tag) {
      return (await findTagged(channel, tag, threadTs)) !== undefined;
    },
    findTagged,
    async postEphemeral(channel, user, message, threadTs) {
      await call('chat.postEphemeral', {
        channel,
        user,
        ...body(message),
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
    },
    update(channel, ts, message, kind = 'final', stillDue) {
      // Counted in the workspace's Tier 3, not in the channel's post lane: a waiting edit never holds a result.
      return limiter.edit('chat.update', `${channel}:${ts}`, kind, async () =>
        (await stillDueNow(stillDue)) ? raw('chat.update', { channel, ts, ...body(message) }) : NOT_SENT,
      );
    },
    async openView(triggerId, view) {
      // No retry: a trigger_id is single-use and dies after 3 s.
      await raw('views.open', { trigger_id: triggerId, view });
    },
    async userInfo(user) {
      // include_locale: Slack leaves the user's language out unless asked (one call serves both needs).
      const res = await call('users.info', { user, include_locale: true });
      const u = (res.user ?? {}) as { is_admin?: unknown; is_owner?: unknown; locale?: unknown; tz?: unknown };
      return {
        isAdmin: u.is_admin === true,
        isOwner: u.is_owner === true,
        ...(typeof u.locale === 'string' && u.locale ? { locale: u.locale } : {}),
        ...(typeof u.tz === 'string' && u.tz ? { tz: u.tz } : {}),
      };
    },
    async usergroupMembers(usergroup, teamId) {
      // team_id matters only with an org-wide token; a workspace token ignores it.
      const res = await call('usergroups.users.list', { usergroup, ...(teamId ? { team_id: teamId } : {}) });
      const users = Array.isArray(res.users) ? res.users : [];
      return users.filter((u): u is string => typeof u === 'string');
    },
    async usergroups(teamId) {
      const res = await call('usergroups.list', teamId ? { team_id: teamId } : {});
      const groups = Array.isArray(res.usergroups) ? (res.usergroups as Array<{ id?: unknown; handle?: unknown }>) : [];
      return groups.flatMap((g) =>
        typeof g.id === 'string' && typeof g.handle === 'string' ? [{ id: g.id, handle: g.handle }] : [],
      );
    },
    async respond(responseUrl, payload) {
      const res = await fetch(responseUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`response_url answered ${res.status}`);
    },
  };
}

/** The Slack error code of a failed call (`not_in_channel`, `channel_not_found`…). */
export function slackErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

/**
 * Whether a failed call certainly did not post: Slack refused it (ok: false) or rate-limited it. A
 * timeout or a 5xx may have posted already.
 */
export function certainlyNotDone(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === webApi.ErrorCode.PlatformError || code === webApi.ErrorCode.RateLimitedError;
}
