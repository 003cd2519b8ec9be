// Stage 4: the built bot goes to work. The web edge takes the routes the features and adapters brought, its own
// /healthz (assembled from their health parts) and /metrics, and its port (/healthz answering is the readiness check
// the Dockerfile and compose wait on); polls and queued tasks start, publish requests a stopped process left behind
// are recovered, and the adapters connect to their platforms.
import type { Config } from '../config.ts';
import type { ListenerAddress } from '../core/platform/chat-adapter.ts';
import type { Logger } from '../core/ports.ts';
import type { Closers } from '../runtime/closers.ts';
import { type BoundAddress, createWebEdge, type WebEdge } from '../web/edge.ts';
import { createHealthRoute, mediaApiPart } from '../web/health.ts';
import { createMetricsRoute } from '../web/metrics-route.ts';
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

const everyInterface = (address: string) => address === '0.0.0.0' || address === '::';

/** The address a person on this machine opens: a listener on every interface is reached on loopback. */
export function listenerAddress(host: string, port: number): ListenerAddress {
  const shown = everyInterface(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}`;
  return { url, healthz: `${url}/healthz` };
}

/** `0.0.0.0:3000`, `[::]:3000`: the address as the socket was bound. */
const boundText = (b: BoundAddress) => `${b.address.includes(':') ? `[${b.address}]` : b.address}:${b.port}`;

/** The start-up line: where the listener is bound (every interface, or one address) and where to open it here. */
export function readyLine(main: BoundAddress, metrics?: BoundAddress): string {
  const here = listenerAddress(main.address, main.port).healthz;
  const where = everyInterface(main.address)
    ? `${boundText(main)}, every interface (on this machine: ${here})`
    : `${boundText(main)} (${here})`;
  const serving = metrics ? `webhooks, /healthz; /metrics on ${boundText(metrics)}` : 'webhooks, /healthz, /metrics';
  return `HTTP listener ready on ${where}: ${serving}`;
}

/** The bot's one listener on PORT; a local console only needs one for the sandbox's webhooks, so any free one does. */
async function listen(web: WebEdge, at: { port: number; host: string; console: boolean }, logger: Logger) {
  try {
    return await web.listen(at.port, at.host);
  } catch (err) {
    if (at.console && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      const bound = await web.listen(0, at.host);
      // Named, so /healthz can be found: the port is a different one at every start.
      logger.warn(
        `Port ${at.port} is in use; the console listens on ${listenerAddress(at.host, bound.port).url} instead.`,
      );
      return bound;
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
  const { adapters, connections } = attached;
  const consoleMode = adapters.some((a) => a.platform === 'console');
  // The terminal console serves only this machine (the sandbox's webhooks); a server, whoever reaches it.
  const host = config.host ?? (consoleMode ? '127.0.0.1' : '0.0.0.0');
  const started = clock.now();
  const uptimeSeconds = () => Math.round((clock.now() - started) / 1000);
  const metricsRoute = createMetricsRoute({ metrics, token: config.metrics.token, uptimeSeconds });
  const health = createHealthRoute({
    store,
    connections: () => Object.fromEntries([...connections].map(([name, h]) => [name, h()])),
    parts: [
      ...adapters.flatMap((a) => (a.healthPart ? [a.healthPart.bind(a)] : [])),
      ...core.health,
      mediaApiPart(infra.mediaApiHealth),
    ],
    uptimeSeconds,
  });
  infra.web.mount([
    ...core.routes,
    ...adapters.flatMap((a) => a.routes ?? []),
    health,
    // /metrics shares the public port unless METRICS_PORT gives it a listener of its own.
    ...(config.metrics.port === undefined ? [metricsRoute] : []),
  ]);
  const bound =
    options.infra?.listen === false
      ? undefined
      : await listen(infra.web, { port: config.port, host, console: consoleMode }, logger);

  let metricsBound: BoundAddress | undefined;
  if (config.metrics.port !== undefined) {
    const own = createWebEdge({ logger });
    closers.push('the metrics listener', () => own.close());
    own.mount([metricsRoute]);
    metricsBound = await own.listen(config.metrics.port, host);
  }

  await infra.scheduler.start();
  // What a stopped process left behind: jobs to poll again, publish requests whose outcome is unknown.
  await core.recover();
  if (bound) logger.info({ address: bound.address, port: bound.port }, readyLine(bound, metricsBound));
  else logger.info({ port: 0 }, 'HTTP listener ready: no port opened, requests are answered in this process');
  const address = bound ? listenerAddress(bound.address, bound.port) : undefined;
  // Each adapter bounds its own calls to its platform; a stop asked for meanwhile need not wait for them.
  for (const a of adapters) await a.start(address);
  return { port: bound?.port ?? 0, ...(metricsBound ? { metricsPort: metricsBound.port } : {}) };
}
