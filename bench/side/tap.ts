// Between the media API sandbox and the bot: forwards each webhook delivery and records when it arrived
// and what it carried, for "completion → result message" and for replaying valid deliveries.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  body: string;
  /** Date.now() when the delivery reached the tap. */
  at: number;
}

export interface WebhookTap {
  origin: string;
  deliveries: Delivery[];
  close(): Promise<void>;
}

export async function startWebhookTap(target: string): Promise<WebhookTap> {
  const upstream = new URL(target);
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // Bounded: the benchmark needs a few thousand at most.
      if (deliveries.length < 20_000) deliveries.push({ path: req.url ?? '/', body: body.toString('utf8'), at });
      const out = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
