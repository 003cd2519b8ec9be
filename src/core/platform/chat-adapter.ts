// What the composition root needs from a chat adapter (Discord, Slack, the terminal console): one
// interface, so start-bot.ts wires every platform the same way and a new one (Discord HTTP interactions) is
// one more factory.

import type { ChatPort, Platform } from '../ports.ts';
import type { HealthPart } from './health-part.ts';
import type { Route } from './route.ts';

/** One platform connection: Discord's gateway, Slack's Socket Mode link or its HTTP mode. */
export interface ConnectionHealth {
  ok: boolean;
  /** e.g. 'ready', 'connecting', 'disconnected', 'http mode'. */
  state: string;
}

/** The HTTP listener's address, as a person opens it: `http://127.0.0.1:3000`, and its readiness check. */
export interface ListenerAddress {
  url: string;
  healthz: string;
}

export interface ChatAdapter {
  readonly platform: Platform;
  /** Posting results later with the bot's own credentials; registered before `start`. */
  readonly chatPort: ChatPort;
  /** Its endpoints on the bot's one web edge (Discord's HTTP interactions; Slack's HTTP mode and install pages). */
  readonly routes?: readonly Route[];
  /** Starts serving; `listener` is where the bot's HTTP listener took its port, absent when nothing listens. */
  start(listener?: ListenerAddress): Promise<void>;
  /** Stops taking work; `drainMs` bounds how long what is queued may still be posted (Slack's pacer). */
  stop(drainMs?: number): Promise<void>;
  /**
   * Settles when the adapter has nothing more to serve and the process should end, with its exit code
   * (the console: `quit` typed, or piped input done). Servers never finish.
   */
  readonly finished?: Promise<number>;
  /** Connection state for health checks; absent means "no opinion". */
  health?(): ConnectionHealth;
  /** Its own lines on /healthz besides the connection (Slack's installation counts in distribution mode). */
  healthPart?(): Promise<HealthPart>;
}
