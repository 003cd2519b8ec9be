import type { ProjectKind } from '../core/media/enums.ts';
import {
  CREATED_MESSAGE,
  createRequestSchemas,
  ERROR_MESSAGES,
  PUBLISH_MESSAGE,
  publishRequestSchema,
  VOICES_MESSAGE,
  type Voice,
} from '../core/media/schemas.ts';
import { apiKeyOf, keyError } from './auth.ts';
import type { IdFactory } from './ids.ts';
import type { OutputSource } from './outputs.ts';
import type { PostLog } from './posts.ts';
import type { ProjectEngine } from './projects.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { apiError, json, type SandboxRequest, type SandboxResponse, validationMessage } from './responses.ts';

export const API_PREFIX = '/api/v2';

export interface ApiDeps {
  engine: ProjectEngine;
  voices: Voice[];
  posts: PostLog;
  ids: IdFactory;
  limiter: RateLimiter;
  now: () => number;
  /** How long the `slow` publishing switch holds the answer. */
  publishSlowMs?: number;
}

type Route =
  | { name: 'create'; kind: ProjectKind }
  | { name: 'voices' }
  | { name: 'project'; projectId: string }
  | { name: 'publish' };

const CREATE_ROUTES: Record<string, ProjectKind> = {
  '/clip': 'clip',
  '/ttv': 'ttv',
  '/subtitles': 'subtitles',
  '/broll': 'broll',
  '/tts': 'tts',
};

function matchRoute(method: string, path: string): Route | undefined {
  const kind = CREATE_ROUTES[path];
  if (method === 'POST' && kind) return { name: 'create', kind };
  if (method === 'POST' && path === '/publish-to-socials') return { name: 'publish' };
  if (method === 'GET' && path === '/constants/voices') return { name: 'voices' };
  const project = /^\/projects\/([^/]+)$/.exec(path);
  if (method === 'GET' && project?.[1]) return { name: 'project', projectId: decodeURIComponent(project[1]) };
  return undefined;
}

type Parsed = { ok: true; value: unknown } | { ok: false; response: SandboxResponse };

function parseJson(body: string | Buffer | undefined): Parsed {
  const text = body === undefined ? '' : body.toString();
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
    return { ok: false, response: apiError(400, 'Bad Request: the body must be a JSON object') };
  } catch {
    return { ok: false, response: apiError(400, 'Bad Request: the body is not valid JSON') };
  }
}

function hasScriptOrPrompt(body: unknown): boolean {
  const b = body as Record<string, unknown>;
  return b.script !== undefined || b.prompt !== undefined;
}

interface ParsedRequest {
  webhookUrl: string;
  videoUrl?: string;
  script?: string | undefined;
  prompt?: string | undefined;
  clipSettings?: { reelsCount?: number | undefined; keywords?: string[] | undefined } | undefined;
}

function outputSource(kind: ProjectKind, r: ParsedRequest): OutputSource {
  const source = r.videoUrl ?? r.script ?? r.prompt ?? '';
  return { kind, source, reelsCount: r.clipSettings?.reelsCount, keywords: r.clipSettings?.keywords };
}

function create(deps: ApiDeps, apiKey: string, kind: ProjectKind, body: unknown): SandboxResponse {
  const parsed = createRequestSchemas[kind].safeParse(body);
  if (!parsed.success) {
    const scriptMissing = (kind === 'tts' || kind === 'ttv') && !hasScriptOrPrompt(body);
    return apiError(400, scriptMissing ? ERROR_MESSAGES[400] : validationMessage(parsed.error, body));
  }
  const request: ParsedRequest = parsed.data;
  const project = deps.engine.create({ ...outputSource(kind, request), apiKey, webhookUrl: request.webhookUrl });
  return json(201, { status: 'created', message: CREATED_MESSAGE, projectId: project.projectId });
}

function publish(deps: ApiDeps, body: unknown): SandboxResponse {
  const parsed = publishRequestSchema.safeParse(body);
  if (!parsed.success) return apiError(400, validationMessage(parsed.error, body));
  // Failure switches on the social access keys (docs/sandbox.md, "Failure switches"): `invalid` → 400 and nothing
  // posted; `fail` → 500 and nothing posted; `slow` → posted, but the answer comes after the client gave up.
  const keys = parsed.data.apiAccessKeys.map((k) => k.toLowerCase());
  if (keys.some((k) => k.includes('invalid'))) return apiError(400, 'Bad Request: invalid social access key');
  if (keys.some((k) => k.includes('fail'))) return apiError(500, ERROR_MESSAGES[500]);
  const ids = parsed.data.apiAccessKeys.map(() => deps.ids.next());
  deps.posts.add(parsed.data, ids, deps.now());
  // The docs: HTTP 201 while the body says statusCode 200.
  const ok = json(201, { statusCode: 200, success: true, message: PUBLISH_MESSAGE, data: { posts: ids } });
  return keys.some((k) => k.includes('slow')) ? { ...ok, delayMs: deps.publishSlowMs ?? 120_000 } : ok;
}

function dispatch(deps: ApiDeps, route: Route, apiKey: string, rawBody: SandboxRequest['body']): SandboxResponse {
  if (route.name === 'voices') {
    return json(200, { total: deps.voices.length, message: VOICES_MESSAGE, data: deps.voices });
  }
  if (route.name === 'project') {
    const project = deps.engine.get(apiKey, route.projectId);
    return project ? json(200, project) : apiError(404, ERROR_MESSAGES[404]);
  }
  const body = parseJson(rawBody);
  if (!body.ok) return body.response;
  return route.name === 'publish' ? publish(deps, body.value) : create(deps, apiKey, route.kind, body.value);
}

/** Handles a request whose path starts with /api/v2: route, key, rate limit, then the endpoint. */
export function handleApi(deps: ApiDeps, req: SandboxRequest, path: string): SandboxResponse {
  const route = matchRoute(req.method, path.slice(API_PREFIX.length));
  if (!route) return apiError(404, `Not Found: ${req.method} ${path}`);
  const apiKey = apiKeyOf(req.headers);
  const refused = keyError(apiKey, route.name === 'voices' ? 'voices' : 'other');
  if (refused) return refused;
  const rate = deps.limiter.take(apiKey);
  if (!rate.allowed) {
    return apiError(429, ERROR_MESSAGES[429], { 'retry-after': String(rate.retryAfterSeconds) });
  }
  return dispatch(deps, route, apiKey, req.body);
}
