import { createIdFactory } from './ids.ts';
import type { SandboxOptions } from './options.ts';
import { createPostLog, type PublishedPost } from './posts.ts';
import { createProjectShelf } from './project-shelf.ts';
import { createProjectEngine } from './projects.ts';
import { createRateLimiter } from './rate-limiter.ts';
import type { SandboxRequest, SandboxResponse } from './responses.ts';
import { createSandboxHandler } from './routes.ts';
import { sandboxVoices } from './voices.ts';
import { createWebhookSender, type WebhookDelivery } from './webhooks.ts';

/** The sandbox without its socket: the handler plus the state tests and the server read. */
export interface SandboxApp {
  handle(req: SandboxRequest): SandboxResponse;
  posts(): PublishedPost[];
  /** Stops job timers, webhook retries and deliveries in flight. */
  close(): void;
}

export interface SandboxAppOptions extends Omit<SandboxOptions, 'port' | 'host'> {
  /** Where output URLs and voice samples point, e.g. http://127.0.0.1:4010. */
  origin: string;
  now?: () => number;
  /** How webhooks reach their receiver; an HTTP POST unless given. */
  deliverWebhook?: WebhookDelivery;
}

export function createSandboxApp(options: SandboxAppOptions): SandboxApp {
  const now = options.now ?? Date.now;
  const origin = options.origin.replace(/\/+$/, '');
  const ids = createIdFactory(now);
  const posts = createPostLog();
  const webhooks = createWebhookSender({
    retryMs: options.webhookRetryMs,
    timeoutMs: options.webhookTimeoutMs,
    duplicates: options.webhookDuplicates,
    now,
    ...(options.deliverWebhook ? { deliver: options.deliverWebhook } : {}),
  });
  const engine = createProjectEngine({
    jobMs: options.jobMs,
    ...(options.jobSpreadMs ? { jobSpreadMs: options.jobSpreadMs } : {}),
    origin,
    ids,
    now,
    onFinished: (project, webhookUrl) => webhooks.send(webhookUrl, project.projectId, project),
    ...(options.projectsDir ? { shelf: createProjectShelf(options.projectsDir, now) } : {}),
  });
  const handle = createSandboxHandler({
    engine,
    posts,
    ids,
    webhooks,
    voices: sandboxVoices(origin),
    limiter: createRateLimiter(options.rateLimitPerMinute, now),
    publishSlowMs: options.publishSlowMs,
    now,
    startedAt: now(),
  });
  return {
    handle,
    posts: () => posts.list(),
    close() {
      engine.close();
      webhooks.close();
    },
  };
}
