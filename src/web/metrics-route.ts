// GET /metrics (Prometheus), behind METRICS_TOKEN when it is set. With METRICS_PORT it is the only route of a
// listener of its own (start/serve.ts), so the public port never shows the bot's internals.
import { timingSafeEqual } from 'node:crypto';
import type { Metrics } from '../core/metrics.ts';
import type { Route } from '../core/platform/route.ts';

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function createMetricsRoute(options: { metrics: Metrics; token?: string; uptimeSeconds: () => number }): Route {
  const { metrics, token } = options;
  return {
    method: 'GET',
    path: '/metrics',
    async handle(request) {
      if (token && !bearerMatches(request.headers.get('authorization'), token)) {
        return new Response('metrics need METRICS_TOKEN', { status: 401, headers: { 'content-type': 'text/plain' } });
      }
      metrics.set('reelbot_uptime_seconds', {}, options.uptimeSeconds());
      return new Response(await metrics.render(), { headers: { 'content-type': metrics.contentType } });
    },
  };
}
