// What a feature or an adapter brings to the bot's one web edge (src/web): a route is a web-standard `Request` in and
// a `Response` (or a `Page`, rendered by the edge with its escaping and security headers) out, so every route is
// tested by calling it, without a socket, and the edge names none of them.
import type { Page } from './page.ts';

/** How often one client address may call a route (pages for people outside the chat). */
export interface ClientRate {
  /** Requests one address may make per window. */
  points: number;
  windowSeconds: number;
}

export interface RouteContext {
  /** The path's parameters by name: `/review/:token` → `{ token }`. */
  params: Readonly<Record<string, string>>;
  /** The caller's address, as the socket gave it (`in-process` when called without one). */
  client: string;
  /** Work to do once the answer is sent (a webhook's sender wants its 2xx at once); the edge drains it at shutdown. */
  after(work: () => Promise<void>): void;
}

/** A route answers with a response of its own making, or with a page the edge renders. */
export type RouteAnswer = Response | Page;

export interface Route {
  /** GET routes answer HEAD too. */
  method: 'GET' | 'POST';
  /** A path pattern with `:name` parameters: `/review/:token`, `/webhooks/media/:token`. */
  path: string;
  /**
   * The answer to a client over its rate; the edge counts per client address when it is set. Routes that share one
   * `perClient` value (a page's GET and its form's POST) share one count. The request is given so the answer
   * can be in its reader's language (its query and `Accept-Language`); its body is never read.
   */
  perClient?: { rate: ClientRate; tooMany(request: Request): RouteAnswer };
  /**
   * The path holds a capability (a review link's or a webhook's token): logs and metrics name the pattern, never
   * the path itself.
   */
  capability?: boolean;
  /** Bodies larger than this are refused (413) before `handle` runs; the edge's default otherwise (256 KB). */
  maxBodyBytes?: number;
  /**
   * The route's own answers (its pages) when the edge refuses a body too large or `handle` failed; plain text
   * otherwise. Given the request for its headers and query only: its body is unread or already spent.
   */
  refusals?: { tooLarge(request: Request): RouteAnswer; failed(request: Request): RouteAnswer };
  /** Reads its body with `request.arrayBuffer()`, `text()` or `formData()`: the edge has already bounded it. */
  handle(request: Request, ctx: RouteContext): Promise<RouteAnswer>;
}

export const isPage = (answer: RouteAnswer): answer is Page => !(answer instanceof Response);
