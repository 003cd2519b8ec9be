// The public address in front of one or several bot replicas, as a load balancer would be: each request
// goes to the next live replica in turn; one that refuses the connection (killed) is skipped, so the
// media API's webhooks and Slack's requests keep reaching whichever replicas are up.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  origin: string;
  /** The loopback ports of the replicas currently behind it. */
  ports: Set<number>;
  close(): Promise<void>;
}

export async function startBalancer(port = 0): Promise<Balancer> {
  const ports = new Set<number>();
  let turn = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const order = [...ports];
      const start = turn++;
      const attempt = (i: number): void => {
        const target = order[(start + i) % Math.max(order.length, 1)];
        if (target === undefined || i >= order.length) {
          res.writeHead(502).end();
          return;
        }
        const out = request(
          { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        out.on('error', () => (res.headersSent ? res.end() : attempt(i + 1)));
        out.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ports,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
