/**
 * Setup file of the unit tier: a socket opened or a child process started here throws, so a test that needs one
 * fails with a message naming the tier it belongs to instead of passing slowly in the wrong place.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { afterAll, afterEach } from 'vitest';

const REFUSED = Symbol.for('reelbot.test.no-sockets');

interface Guard {
  /** What the last refused call tried, kept until a hook reports it: a library may catch the throw and retry. */
  refused: string | undefined;
}

const state = globalThis as { [REFUSED]?: Guard };

/** `port 6379 on 127.0.0.1`, `path /tmp/x.sock`, `"redis-server"`: enough to find the caller. */
function describeTarget(args: unknown[]): string {
  const [first, second] = args;
  if (typeof first === 'number') return typeof second === 'string' ? `port ${first} on ${second}` : `port ${first}`;
  if (typeof first === 'string') return JSON.stringify(first);
  if (Array.isArray(first)) return describeTarget(first);
  if (first !== null && typeof first === 'object') {
    const { port, host, path, file } = first as Record<string, unknown>;
    if (typeof file === 'string') return JSON.stringify(file);
    if (typeof path === 'string') return `path ${path}`;
    if (port !== undefined) return `port ${String(port)}${typeof host === 'string' ? ` on ${host}` : ''}`;
  }
  return 'an address';
}

function refusal(guard: Guard, what: string, args: unknown[]): Error {
  const message =
    `unit tier: ${what} (${describeTarget(args)}) is refused; a unit test opens no socket, starts no process and ` +
    'talks to no Redis. Name the file *.integration.test.ts (sockets, Redis, a whole bot) or *.process.test.ts ' +
    '(child processes).';
  guard.refused ??= message;
  return new Error(message);
}

function install(): Guard {
  const guard: Guard = { refused: undefined };
  const refuse = (what: string) =>
    function refused(...args: unknown[]): never {
      throw refusal(guard, what, args);
    };
  net.Socket.prototype.connect = refuse('a socket connection') as typeof net.Socket.prototype.connect;
  net.Server.prototype.listen = refuse('listening on a socket') as typeof net.Server.prototype.listen;
  dgram.Socket.prototype.bind = refuse('a UDP socket') as typeof dgram.Socket.prototype.bind;
  // spawn, exec, execFile and fork all start their child through this one method, left out of Node's types.
  const started = childProcess.ChildProcess.prototype as unknown as { spawn: unknown };
  started.spawn = refuse('a child process');
  childProcess.spawnSync = refuse('a child process') as typeof childProcess.spawnSync;
  childProcess.execSync = refuse('a child process') as typeof childProcess.execSync;
  childProcess.execFileSync = refuse('a child process') as typeof childProcess.execFileSync;
  // `import { spawnSync } from 'node:child_process'` reads a copy of the export that only this call refreshes.
  syncBuiltinESMExports();
  return guard;
}

// With `isolate: false` this file runs once per test file in the same worker; the prototypes are patched once.
state[REFUSED] ??= install();
const guard = state[REFUSED];

/** What was refused since the last look, forgotten once read: the guard's own test expects a refusal. */
export function takeRefused(): string | undefined {
  const { refused } = guard;
  guard.refused = undefined;
  return refused;
}

/** Fails the test during which a refused call was caught and swallowed by the code under test. */
function reportRefused(): void {
  const refused = takeRefused();
  if (refused !== undefined) throw new Error(refused);
}

afterEach(reportRefused);
afterAll(reportRefused);
