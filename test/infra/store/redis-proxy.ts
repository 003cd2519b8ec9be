// A TCP relay on loopback in front of the local Redis, for outage tests: it can stop relaying (Redis
// that accepts connections but never answers, as when it is paused or swapping) or drop every connection
// and refuse new ones (Redis down), then carry on. Only this relay changes; the real Redis is untouched.
import { type AddressInfo, createServer, connect as netConnect, type Socket } from 'node:net';

export interface RedisProxy {
  port: number;
  cut(): void;
  /** Keeps every connection open but relays nothing more: Redis "accepts but never answers". */
  freeze(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to the local Redis that can drop every connection on demand. */
export async function startRedisProxy(targetPort: number): Promise<RedisProxy> {
  let open = true;
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = netConnect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    // While frozen, bytes wait here (as in a paused Redis's socket buffers) and flow again on restore.
    const relay = (to: Socket) => (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    };
    client.on('data', relay(upstream));
    upstream.on('data', relay(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    freeze() {
      frozen = true;
    },
    restore() {
      open = true;
      frozen = false;
      for (const write of held.splice(0)) write();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
