// The media API client (docs/media-api.md): one place that sends `x-api-key`, spends the local
// request budget, retries what is safe to retry, and turns every failure into a MediaApiError.

import type { z } from 'zod';
import { InvalidRequestError, MediaApiError } from '../errors.ts';
import { type Clock, type Logger, type MediaApi, systemClock } from '../ports.ts';
import type { BudgetCounter } from './budget-counter.ts';
import type { ProjectKind } from './enums.ts';
import {
  createHttpTransport,
  type HttpDispatcher,
  type HttpResponse,
  type HttpTransport,
  TransportError,
} from './http-transport.ts';
import { createKeyNamer, type KeyNamer } from './key-name.ts';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from './rate-limiter.ts';
import { DEFAULT_GET_POLICY, DEFAULT_POST_POLICY, type Method, parseRetryAfter, withRetry } from './retry.ts';
import {
  type CreateRequests,
  createdResponseSchema,
  createRequestSchemas,
  errorBodySchema,
  type PublishRequest,
  projectSchema,
  publishRequestSchema,
  publishResponseSchema,
  voiceListSchema,
} from './schemas.ts';

/** One HTTP exchange, for metrics. `route` is templated ('GET /projects/{id}'); status 0 = no answer. */
export interface MediaCallEvent {
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

export interface MediaClientOptions {
  baseUrl: string;
  /** A ready transport (tests, the in-process sandbox); otherwise one is built on undici. */
  transport?: HttpTransport;
  /** Passed to the built transport (tests inject undici MockAgent). */
  dispatcher?: HttpDispatcher;
  logger: Logger;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source for backoff; inject for deterministic tests. */
  random?: () => number;
  /** Requests per hour per API key the bot allows itself (default 100, the free plan). */
  rateLimitPerHour?: number;
  /** How long a call may wait for the local budget before failing with 429 (default 20 s). */
  rateLimitMaxWaitMs?: number;
  /** Keys several workspaces share and what each workspace may spend of them an hour (rate-limiter.ts). */
  workspaceShare?: RateLimiterOptions['workspaceShare'];
  /** Share one budget between clients; otherwise the client builds its own. */
  limiter?: RateLimiter;
  /** Where the per-key budget is counted (Redis across replicas); this process's memory by default. */
  budgetCounter?: BudgetCounter;
  /** Tries for a GET, the first included (default 4). */
  maxGetAttempts?: number;
  /** Tries for a POST answered 429 (default 3); a POST is repeated for no other reason. */
  maxPostAttempts?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  onCall?: (e: MediaCallEvent) => void;
  /**
   * How keys are named in logs, budget counters and metrics: an HMAC under the deployment's secret
   * (key-name.ts); a secret of this process's own when absent.
   */
  keyName?: KeyNamer;
  /** Told of every request asked of the budget (the limiter's onTake). */
  onBudget?: RateLimiterOptions['onTake'];
}

export type MediaClient = MediaApi & {
  /** The per-key budget, for callers (the poller) that check before they spend. */
  readonly limiter: RateLimiter;
  close(): Promise<void>;
};

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createMediaClient(options: MediaClientOptions): MediaClient {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? sleepReal;
  const log = options.logger.child({ component: 'media-client' });
  const keyId = options.keyName ?? createKeyNamer();
  const transport =
    options.transport ??
    createHttpTransport({
      baseUrl: options.baseUrl,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 60_000,
    });
  const limiter =
    options.limiter ??
    createRateLimiter({
      perHour: options.rateLimitPerHour ?? 100,
      clock,
      ...(options.budgetCounter ? { counter: options.budgetCounter } : {}),
      sleep,
      name: keyId,
      ...(options.workspaceShare ? { workspaceShare: options.workspaceShare } : {}),
      ...(options.rateLimitMaxWaitMs === undefined ? {} : { maxWaitMs: options.rateLimitMaxWaitMs }),
      ...(options.onBudget ? { onTake: options.onBudget } : {}),
    });
  const policies = {
    GET: { ...DEFAULT_GET_POLICY, maxAttempts: Math.max(1, options.maxGetAttempts ?? DEFAULT_GET_POLICY.maxAttempts) },
    POST: {
      ...DEFAULT_POST_POLICY,
      maxAttempts: Math.max(1, options.maxPostAttempts ?? DEFAULT_POST_POLICY.maxAttempts),
    },
  };

  async function exchange(
    apiKey: string,
    method: Method,
    path: string,
    route: string,
    body: unknown,
    workspace: string | undefined,
  ) {
    // Reading a result back may spend the reserve; new work may not (see rate-limiter.ts).
    await limiter.take({ apiKey, workspace }, route === 'GET /projects/{id}' ? 'read' : 'command');
    const started = clock.now();
    const report = (status: number) => {
      const durationMs = clock.now() - started;
      options.onCall?.({ method, route, status, durationMs });
      log.debug({ route, status, durationMs, key: keyId(apiKey) }, 'media API call');
    };
    let res: HttpResponse;
    try {
      res = await transport.request({ method, path, headers: headersFor(apiKey, body), ...encode(body) });
    } catch (err) {
      report(0);
      const why = err instanceof TransportError && err.timedOut ? 'timed out' : 'could not be reached';
      throw new MediaApiError(0, null, { cause: err, detail: `The media API ${why} (${route}).` });
    }
    report(res.status);
    if (res.status >= 200 && res.status < 300) return res;
    throw toApiError(res, route, clock.now());
  }

  async function call<S extends z.ZodType>(
    apiKey: string,
    method: Method,
    path: string,
    route: string,
    schema: S,
    body?: unknown,
    workspace?: string,
  ): Promise<z.output<S>> {
    const res = await withRetry(() => exchange(apiKey, method, path, route, body, workspace), {
      method,
      policy: policies[method],
      sleep,
      ...(options.random ? { random: options.random } : {}),
      onRetry: ({ attempt, waitMs, error }) =>
        log.warn({ route, attempt, waitMs, status: error.status, key: keyId(apiKey) }, 'media API call retried'),
    });
    return parseOk(res, schema, route, log);
  }

  return {
    limiter,
    async create<K extends ProjectKind>(apiKey: string, kind: K, body: CreateRequests[K], workspace?: string) {
      const route = `POST /${kind}`;
      const checked = checkRequest(createRequestSchemas[kind], body, route);
      return call(apiKey, 'POST', `/${kind}`, route, createdResponseSchema, checked, workspace);
    },
    getProject: (apiKey, projectId, workspace) =>
      call(
        apiKey,
        'GET',
        `/projects/${encodeURIComponent(projectId)}`,
        'GET /projects/{id}',
        projectSchema,
        undefined,
        workspace,
      ),
    listVoices: (apiKey) => call(apiKey, 'GET', '/constants/voices', 'GET /constants/voices', voiceListSchema),
    async publish(apiKey, body: PublishRequest, workspace) {
      const route = 'POST /publish-to-socials';
      const checked = checkRequest(publishRequestSchema, body, route);
      return call(apiKey, 'POST', '/publish-to-socials', route, publishResponseSchema, checked, workspace);
    },
    close: () => transport.close(),
  };
}

/**
 * Every body is parsed by the API's request schema before it leaves: a body that does not parse is a
 * bug, surfaced here as an error and never sent. Paths and rules only: values may be secrets (access keys).
 */
function checkRequest<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  throw new InvalidRequestError(`${route} request does not match the media API's schema (not sent): ${problems}`);
}

function headersFor(apiKey: string, body: unknown): Record<string, string> {
  const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json', 'user-agent': 'reelbot' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

function encode(body: unknown): { body?: string } {
  return body === undefined ? {} : { body: JSON.stringify(body) };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Error status -> MediaApiError with the API's message and how long it asked us to wait. */
function toApiError(res: HttpResponse, route: string, now: number): MediaApiError {
  const json = parseJson(res.bodyText);
  const parsed = json.ok ? errorBodySchema.safeParse(json.value) : undefined;
  const apiMessage = parsed?.success ? parsed.data.message : null;
  const bodyRetry = parsed?.success ? parsed.data.retryAfterSeconds : null;
  const retryAfterMs =
    parseRetryAfter(res.headers['retry-after'], now) ?? (bodyRetry === null ? null : Math.round(bodyRetry * 1000));
  return new MediaApiError(res.status, apiMessage, {
    retryAfterMs,
    detail: `The media API answered ${res.status} to ${route}: ${apiMessage ?? 'no message'}`,
  });
}

/** A 2xx body we cannot read is the API's fault, reported as 502 (bad gateway) and logged for study. */
function parseOk<S extends z.ZodType>(res: HttpResponse, schema: S, route: string, log: Logger): z.output<S> {
  const json = parseJson(res.bodyText);
  const parsed = json.ok ? schema.safeParse(json.value) : undefined;
  if (parsed?.success) return parsed.data;
  const problem = parsed
    ? parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')
    : 'not JSON';
  log.warn({ route, status: res.status, problem, body: res.bodyText.slice(0, 500) }, 'unreadable media API response');
  throw new MediaApiError(502, null, {
    detail: `The media API sent a response to ${route} that the bot could not read (${problem}).`,
  });
}
