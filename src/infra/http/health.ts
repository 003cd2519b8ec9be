// /healthz: whether this process can serve, as JSON an operator (and a container's HEALTHCHECK) can read.
// 503 when the store is down or a platform connection is down — the bot then cannot answer anyone. A store
// that is `degraded` (its primary answers but cannot confirm writes on a replica) still answers 200: every
// replica of the bot shares that store, so a load balancer taking this one out would cure nothing and leave
// people with no answer at all, while the bot tells each command at once that the storage is unavailable;
// `store`, `storeSince` and `storeReason` say so for the operator (and the store's lines in the log). The media
// API's last answer is reported but never turns the bot unhealthy: one channel's bad key (401) or the API's own
// outage is not cured by restarting the bot. With Redis, `storePrimary` names the node that answered (through
// Sentinel, the primary of the moment; null while none does).

import { timingSafeEqual } from 'node:crypto';
import type { ConnectionHealth } from '../../core/platform/chat-adapter.ts';
import type { HttpResult } from '../../core/platform/http-result.ts';
import type { Store } from '../../core/ports.ts';

/** The media API's last answer: an HTTP status, or 0 when it could not be reached. */
export interface MediaApiHealth {
  status: number;
  at: number;
}

export interface HealthSources {
  store: Store;
  /** Each configured platform's connection, by name ('discord', 'slack'). */
  connections?: () => Record<string, ConnectionHealth>;
  mediaApi?: () => MediaApiHealth | undefined;
  /** Slack distribution mode: how many workspaces have the app, and how many must install it again (no ids). */
  installations?: () => Promise<{ installations: number; needReinstall: number }>;
}

export async function healthAnswer(sources: HealthSources, uptimeSeconds: number): Promise<HttpResult> {
  const health = await sources.store.health();
  const store = health.state;
  const platforms = sources.connections?.() ?? {};
  const last = sources.mediaApi?.();
  const mediaApi = last
    ? {
        lastStatus: last.status,
        lastAnswerAt: new Date(last.at).toISOString(),
        ok: last.status > 0 && last.status < 500,
      }
    : { lastStatus: null, lastAnswerAt: null, ok: null };
  const counted = store !== 'down' ? await sources.installations?.().catch(() => undefined) : undefined;
  const slackInstallations = sources.installations
    ? { slackInstallations: counted ? { count: counted.installations, needReinstall: counted.needReinstall } : null }
    : {};
  const ok = store !== 'down' && Object.values(platforms).every((p) => p.ok);
  const primary = sources.store.node ? { storePrimary: (store !== 'down' && sources.store.node()) || null } : {};
  const since = {
    storeSince: new Date(health.since).toISOString(),
    ...(health.reason ? { storeReason: health.reason } : {}),
  };
  return {
    status: ok ? 200 : 503,
    body: JSON.stringify({
      ok,
      store,
      ...since,
      ...primary,
      platforms,
      ...slackInstallations,
      mediaApi,
      uptimeSeconds,
    }),
    contentType: 'application/json',
  };
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  const given = Buffer.from(String(Array.isArray(header) ? header[0] : (header ?? '')));
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
