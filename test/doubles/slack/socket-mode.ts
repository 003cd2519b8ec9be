// A Socket Mode double: the WebSocket Slack hands out through apps.connections.open. Says hello on
// connect, lets a test push envelopes (slash_commands, interactive, events_api) and records the acks.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { waitFor } from './wait.ts';

export interface Ack {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

export interface Envelope {
  type: 'slash_commands' | 'interactive' | 'events_api';
  payload: Record<string, unknown>;
  envelope_id?: string;
  retry_attempt?: number;
  retry_reason?: string;
}

export interface SocketModeDouble {
  url: string;
  acks: Ack[];
  connections(): number;
  waitForConnection(): Promise<void>;
  /** Sends an envelope to the connected client; resolves with its envelope_id. */
  push(envelope: Envelope): string;
  waitForAck(envelopeId: string): Promise<Ack>;
  close(): Promise<void>;
}

export async function startSocketMode(): Promise<SocketModeDouble> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const acks: Ack[] = [];
  const sockets = new Set<WebSocket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Ack;
      if (message.envelope_id) acks.push(message);
    });
    socket.send(
      JSON.stringify({
        type: 'hello',
        num_connections: 1,
        debug_info: { host: 'double', approximate_connection_time: 3600 },
        connection_info: { app_id: 'A0REELBOT' },
      }),
    );
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `ws://127.0.0.1:${port}/link/?ticket=double`,
    acks,
    connections: () => sockets.size,
    waitForConnection: () => waitFor(() => sockets.size > 0, 'a Socket Mode connection'),
    push(envelope) {
      const id = envelope.envelope_id ?? randomUUID();
      const message = { ...envelope, envelope_id: id, accepts_response_payload: envelope.type !== 'events_api' };
      for (const socket of sockets) socket.send(JSON.stringify(message));
      return id;
    },
    async waitForAck(envelopeId) {
      await waitFor(() => acks.some((a) => a.envelope_id === envelopeId), `the ack of ${envelopeId}`);
      return acks.find((a) => a.envelope_id === envelopeId) as Ack;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
