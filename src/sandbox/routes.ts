import { API_PREFIX, type ApiDeps, handleApi } from './api-routes.ts';
import { findAsset } from './assets.ts';
import { apiError, json, type SandboxRequest, type SandboxResponse } from './responses.ts';
import type { WebhookSender } from './webhooks.ts';

export interface RouteDeps extends ApiDeps {
  webhooks: WebhookSender;
  startedAt: number;
}

function lowerCaseHeaders(headers: SandboxRequest['headers']): SandboxRequest['headers'] {
  const out: SandboxRequest['headers'] = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

/** The sandbox's own routes: health, the posts log and the webhook attempts log (no key needed). */
function sandboxRoute(deps: RouteDeps, path: string): SandboxResponse | undefined {
  switch (path) {
    case '/sandbox/health':
      return json(200, {
        status: 'ok',
        uptimeMs: deps.now() - deps.startedAt,
        projects: deps.engine.count(),
        posts: deps.posts.list().length,
      });
    case '/sandbox/posts':
      return json(200, { posts: deps.posts.list() });
    case '/sandbox/webhooks':
      return json(200, { attempts: deps.webhooks.attempts() });
    default:
      return undefined;
  }
}

function assetRoute(path: string): SandboxResponse | undefined {
  const asset = findAsset(path);
  if (!asset) return undefined;
  return {
    status: 200,
    headers: { 'content-type': asset.contentType, 'cache-control': 'public, max-age=86400' },
    body: asset.body,
  };
}

/**
 * The whole sandbox as a function of (method, path, headers, body): no sockets, so tests can call it
 * directly. Side effects stay inside the injected engine, post log and webhook sender.
 */
export function createSandboxHandler(deps: RouteDeps): (req: SandboxRequest) => SandboxResponse {
  return (raw) => {
    const req = { ...raw, method: raw.method.toUpperCase(), headers: lowerCaseHeaders(raw.headers) };
    const path = (req.path.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return handleApi(deps, req, path);
    const readable = req.method === 'GET' || req.method === 'HEAD';
    const local = readable ? (sandboxRoute(deps, path) ?? assetRoute(path)) : undefined;
    return local ?? apiError(404, `Not Found: ${req.method} ${path}`);
  };
}
