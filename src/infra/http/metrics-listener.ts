import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../../core/metrics.ts';
import { bearerMatches } from './health.ts';
import type { HttpListener } from './server.ts';

// METRICS_PORT: /metrics on a listener of its own, so the public webhook port never shows the bot's
// internals and the scraper's port can stay inside the private network. METRICS_TOKEN still applies.

export async function startMetricsListener(
  options: { metrics: Metrics; token?: string; uptimeSeconds: () => number },
  port: number,
  host = '0.0.0.0',
): Promise<Omit<HttpListener, 'work'>> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404).end('not found');
    if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
      return void res.writeHead(401).end('metrics need METRICS_TOKEN');
    }
    options.metrics.set('reelbot_uptime_seconds', {}, options.uptimeSeconds());
    Promise.resolve(options.metrics.render()).then(
      (body) => res.writeHead(200, { 'content-type': options.metrics.contentType }).end(body),
      () => res.writeHead(500).end('metrics failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
