// The Slack adapter's routes (core/platform/route.ts: a Request in, a Response or a Page out: Slack's requests and
// the install pages) served on the bot's HTTP listener as it takes them today: node's request and response. A page is rendered here, every string
// escaped, with the headers every page the bot serves carries: no script, style, frame or form to anywhere else,
// never framed, never sniffed, no referrer (the redirect's address holds the code and the state), never cached.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawRoute } from '../core/platform/chat-adapter.ts';
import type { Page, PageBlock } from '../core/platform/page.ts';
import { isPage, type Route } from '../core/platform/route.ts';
import type { Logger } from '../core/ports.ts';

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A link's target: the bot's own path or a web address, never `javascript:` and the like. */
const linkable = (href: string) => (/^(\/(?!\/)|https?:\/\/)/.test(href) ? href : undefined);

function block(b: PageBlock, first: boolean): string {
  switch (b.kind) {
    case 'heading':
      return first ? `<h1>${escapeText(b.text)}</h1>` : `<h2>${escapeText(b.text)}</h2>`;
    case 'text':
      return `<p>${escapeText(b.text)}</p>`;
    case 'link': {
      const href = linkable(b.href);
      return href ? `<p><a href="${escapeText(href)}">${escapeText(b.text)}</a></p>` : `<p>${escapeText(b.text)}</p>`;
    }
    case 'list':
      return `<ul>${b.items.map((i) => `<li>${escapeText(i)}</li>`).join('')}</ul>`;
    default:
      // The install pages show nothing else (facts, video, forms are the review page's).
      return '';
  }
}

export function renderSimplePage(page: Page): string {
  let headings = 0;
  const body = page.blocks.map((b) => block(b, b.kind === 'heading' && headings++ === 0)).join('\n');
  return `<!doctype html><html lang="${escapeText(page.lang)}"><head><meta charset="utf-8"><title>${escapeText(
    page.title,
  )}</title></head>\n<body>${body}</body></html>`;
}

function write(res: ServerResponse, answer: Response | Page): Promise<void> | void {
  if (isPage(answer)) {
    res.writeHead(answer.status, { ...PAGE_HEADERS, ...answer.headers }).end(renderSimplePage(answer));
    return;
  }
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return answer.text().then((text) => {
    res.writeHead(answer.status, headers).end(text);
  });
}

/** Slack's largest requests (a view submission) are a few KB; Bolt's own receiver stops at 4 MB. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A route as the listener mounts it: the request read into a web Request, the answer written back. */
export function toRawRoute(route: Route, logger: Logger): RawRoute {
  return {
    method: route.method,
    path: route.path,
    handler(req: IncomingMessage, res: ServerResponse) {
      const url = new URL(req.url ?? route.path, `http://${req.headers.host ?? 'localhost'}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const ctx = {
        params: {},
        client: req.socket.remoteAddress ?? 'unknown',
        after: (work: () => Promise<void>) =>
          void work().catch((err: unknown) => logger.error({ err, path: route.path }, 'work after an answer failed')),
      };
      const answer = async () => {
        const method = req.method ?? 'GET';
        if (method === 'GET' || method === 'HEAD') {
          req.resume();
          return route.handle(new Request(url, { method, headers }), ctx);
        }
        const body = await bodyOf(req);
        if (!body) return new Response('request body too large', { status: 413 });
        return route.handle(new Request(url, { method, headers, body }), ctx);
      };
      void answer()
        .then((a) => write(res, a))
        .catch((err: unknown) => {
          logger.error({ err, path: route.path }, 'slack route failed');
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('reelbot could not answer');
        });
    },
  };
}
