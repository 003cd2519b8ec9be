// The gateway: JSON encoding, no compression. HELLO on connect, IDENTIFY -> READY + GUILD_CREATE,
// heartbeats acknowledged, RESUME refused with INVALID_SESSION (so the client identifies again).
import type { Server } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import type { DoubleContext } from './context.ts';
import { guildPayload, userPayload } from './payloads.ts';

interface Session {
  socket: WebSocket;
  seq: number;
  identified: boolean;
  sessionId: string;
}

export interface Gateway {
  dispatch(event: string, data: unknown): void;
  /** Sessions that identified and are still connected. */
  liveSessions(): number;
  heartbeatsAcked(): number;
  close(): Promise<void>;
}

function send(session: Session, payload: Record<string, unknown>): void {
  if (session.socket.readyState === session.socket.OPEN) session.socket.send(JSON.stringify(payload));
}

function dispatchTo(session: Session, t: string, d: unknown): void {
  session.seq += 1;
  send(session, { op: 0, t, s: session.seq, d });
}

function identify(ctx: DoubleContext, session: Session, d: Record<string, unknown>): void {
  if (d.token !== ctx.token) {
    session.socket.close(4004, 'Authentication failed.');
    return;
  }
  ctx.state.identifies.push(d);
  session.identified = true;
  dispatchTo(session, 'READY', {
    v: 10,
    user: { ...userPayload(ctx.botUser), verified: true, mfa_enabled: false, flags: 0 },
    guilds: [{ id: ctx.guild.id, unavailable: true }],
    session_id: session.sessionId,
    resume_gateway_url: ctx.gatewayUrl(),
    shard: [0, 1],
    application: { id: ctx.applicationId, flags: 0 },
    private_channels: [],
    relationships: [],
  });
  dispatchTo(
    session,
    'GUILD_CREATE',
    guildPayload(
      ctx.guild,
      [...ctx.state.channels.values()].filter((c) => c.guild_id === ctx.guild.id),
    ),
  );
  ctx.state.changed();
}

export function createGateway(ctx: DoubleContext, server: Server, heartbeatIntervalMs: number): Gateway {
  const wss = new WebSocketServer({ server, path: '/gateway' });
  const sessions = new Set<Session>();
  let acks = 0;
  wss.on('connection', (socket) => {
    const session: Session = { socket, seq: 0, identified: false, sessionId: ctx.nextId() };
    sessions.add(session);
    socket.on('close', () => {
      sessions.delete(session);
      ctx.state.changed();
    });
    socket.on('message', (raw) => {
      let payload: { op?: number; d?: unknown };
      try {
        payload = JSON.parse(String(raw));
      } catch {
        socket.close(4002, 'Error while decoding payload.');
        return;
      }
      if (payload.op === 1) {
        acks += 1;
        send(session, { op: 11 });
        ctx.state.changed();
      } else if (payload.op === 2) identify(ctx, session, (payload.d ?? {}) as Record<string, unknown>);
      else if (payload.op === 6) send(session, { op: 9, d: false });
    });
    send(session, { op: 10, d: { heartbeat_interval: heartbeatIntervalMs }, s: null, t: null });
  });
  return {
    dispatch(event, data) {
      for (const s of sessions) if (s.identified) dispatchTo(s, event, data);
    },
    liveSessions: () => [...sessions].filter((s) => s.identified).length,
    heartbeatsAcked: () => acks,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions) s.socket.terminate();
        wss.close(() => resolve());
      }),
  };
}
