// /healthz: whether this process can serve, as JSON an operator (and a container's HEALTHCHECK) can read, put
// together from its parts: the store's, each platform connection, and the parts adapters and features bring (Slack's
// installation counts, the media API's last answer). 503 when the store is unreachable, a connection is down or a
// part says the bot cannot serve; a part that only reports never turns the bot unhealthy.
import type { ConnectionHealth } from '../core/platform/chat-adapter.ts';
import type { HealthPart } from '../core/platform/health-part.ts';
import type { Route } from '../core/platform/route.ts';
import type { Store } from '../core/ports.ts';
import { storeHealth } from './store-health.ts';

export interface HealthSources {
  store: Store;
  /** Each configured platform's connection, by name ('discord', 'slack'). */
  connections: () => Record<string, ConnectionHealth>;
  /** Adapters' and features' parts, in the order their fields are shown. */
  parts: readonly (() => Promise<HealthPart>)[];
  uptimeSeconds: () => number;
}

/** The media API's last answer: an HTTP status, or 0 when it could not be reached. */
export interface MediaApiHealth {
  status: number;
  at: number;
}

/**
 * The media API's last answer, reported but never unhealthy: one channel's bad key (401) or the API's own outage is
 * not cured by restarting the bot.
 */
export function mediaApiPart(last: () => MediaApiHealth | undefined): () => Promise<HealthPart> {
  return async () => {
    const answer = last();
    return {
      fields: {
        mediaApi: answer
          ? {
              lastStatus: answer.status,
              lastAnswerAt: new Date(answer.at).toISOString(),
              ok: answer.status > 0 && answer.status < 500,
            }
          : { lastStatus: null, lastAnswerAt: null, ok: null },
      },
    };
  };
}

export function createHealthRoute(sources: HealthSources): Route {
  return {
    method: 'GET',
    path: '/healthz',
    async handle() {
      const [store, ...parts] = await Promise.all([storeHealth(sources.store), ...sources.parts.map((p) => p())]);
      const platforms = sources.connections();
      const ok =
        store?.ok !== false && Object.values(platforms).every((p) => p.ok) && parts.every((p) => p.ok !== false);
      const body = {
        ok,
        ...store?.fields,
        platforms,
        ...Object.assign({}, ...parts.map((p) => p.fields)),
        uptimeSeconds: sources.uptimeSeconds(),
      };
      return Response.json(body, { status: ok ? 200 : 503 });
    },
  };
}
