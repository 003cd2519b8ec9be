// Stage 4: the built bot goes to work. The listener takes its routes and its port (/healthz answering is the
// readiness check the Dockerfile and compose wait on), polls and queued tasks start, publish requests a stopped
// process left behind are recovered, and the adapters connect to their platforms.
import type { Config } from '../config.ts';
import type { ListenerAddress } from '../core/platform/chat-adapter.ts';
import type { Logger } from '../core/ports.ts';
import { createClientLimit, REVIEW_RATE } from '../infra/http/client-limit.ts';
import { startMetricsListener } from '../infra/http/metrics-listener.ts';
import type { HttpServer } from '../infra/http/server.ts';
import type { Closers } from '../runtime/closers.ts';
import type { Attached } from './adapters.ts';
import type { Core } from './core.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { BotOptions } from './options.ts';

export interface Serving {
  /** The listener's port; 0 when the caller asked for none. */
  port: number;
  /** The port of /metrics' own listener when METRICS_PORT is set. */
  metricsPort?: number;
}

/** The address a person on this machine opens: a listener on every interface is reached on loopback. */
export function listenerAddress(host: string, port: number): ListenerAddress {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}`;
  return { url, healthz: `${url}/healthz` };
}

/** The bot's one listener on PORT; a local console only needs one for the sandbox's webhooks, so any free one does. */
async function listen(http: HttpServer, at: { port: number; host: string; console: boolean }, logger: Logger) {
  try {
    return (await http.listen(at.port, at.host)).port;
  } catch (err) {
    if (at.console && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      const port = (await http.listen(0, at.host)).port;
      // Named, so /healthz can be found: the port is a different one at every start.
      logger.warn(`Port ${at.port} is in use; the console listens on ${listenerAddress(at.host, port).url} instead.`);
      return port;
    }
    throw err;
  }
}

export async function serve(
  config: Config,
  options: BotOptions,
  infra: Infrastructure,
  core: Core,
  attached: Attached,
  closers: Closers,
): Promise<Serving> {
  const { logger } = options;
  const { clock, metrics, store } = infra;
  const consoleMode = attached.adapters.some((a) => a.platform === 'console');
  // The terminal console serves only this machine (the sandbox's webhooks); a server, whoever reaches it.
  const host = config.host ?? (consoleMode ? '127.0.0.1' : '0.0.0.0');
  const started = clock.now();
  const { connections } = attached;
  infra.http.mount({
    webhook: core.webhook,
    store,
    metrics,
    logger,
    clock,
    routes: attached.adapters.flatMap((a) => a.routes ?? []),
    health: {
      connections: () => Object.fromEntries([...connections].map(([name, h]) => [name, h()])),
      mediaApi: infra.mediaApiHealth,
      ...(attached.installations ? { installations: attached.installations } : {}),
    },
    metricsAccess: { served: config.metrics.port === undefined, token: config.metrics.token },
    pages: [{ route: core.publish.review, limit: createClientLimit(options.tuning?.reviewRate ?? REVIEW_RATE) }],
  });
  const port =
    options.infra?.listen === false
      ? 0
      : await listen(infra.http, { port: config.port, host, console: consoleMode }, logger);
  const metricsListener =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsListener(
          { metrics, token: config.metrics.token, uptimeSeconds: () => Math.round((clock.now() - started) / 1000) },
          config.metrics.port,
          host,
        );
  if (metricsListener) closers.push('the metrics listener', () => metricsListener.close());

  await infra.scheduler.start();
  // What a stopped process left behind: jobs to poll again, publish requests whose outcome is unknown.
  await core.recover();
  const address = port === 0 ? undefined : listenerAddress(host, port);
  logger.info({ port }, `HTTP listener ready${address ? ` at ${address.url}` : ''} (webhooks, /healthz, /metrics)`);
  // Each adapter bounds its own calls to its platform; a stop asked for meanwhile need not wait for them.
  for (const a of attached.adapters) await a.start(address);
  return { port, ...(metricsListener ? { metricsPort: metricsListener.port } : {}) };
}
