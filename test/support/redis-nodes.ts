import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

// Real redis-server processes for failover tests: a primary, its replicas and three sentinels
// (`redis-server <conf> --sentinel`), each on a free loopback port of its own, in a temp dir of their own.
// Every process is watched by a shell that SIGKILLs it when the test process goes away, however it goes
// (a pipe from this process closes), so a killed test run leaves no Redis behind.

export type RedisRole = 'data' | 'sentinel';

export interface RedisNode {
  readonly role: RedisRole;
  readonly host: '127.0.0.1';
  readonly port: number;
  /** `127.0.0.1:port`, as the sentinels and /healthz name a node. */
  readonly address: string;
  /** The pid of the running process, undefined while it is down. */
  readonly pid: number | undefined;
  readonly alive: boolean;
  /** The node's own directory: its config (which the sentinels rewrite) and its log file `redis.log`. */
  readonly dir: string;
}

export interface RedisNodesOptions {
  /** Default 1. */
  replicas?: number;
  /** Default 3 (quorum 2). */
  sentinels?: number;
  /** Default `reelbot`. */
  masterName?: string;
  /** The data nodes' password (`requirepass` and `masterauth`); the sentinels are told it with `auth-pass`. */
  password?: string;
  /** How long a primary stays silent before a sentinel thinks it down; default 1000 ms. */
  downAfterMs?: number;
  /**
   * Default 3000 ms. A sentinel that took part in a failover starts no other for the same primary within twice
   * this, so failovers closer together than 6 s wait for that.
   */
  failoverTimeoutMs?: number;
}

export interface RedisNodes {
  readonly masterName: string;
  readonly password: string | undefined;
  /** The data nodes, in the order they were started (the first was the first primary). */
  readonly nodes: readonly RedisNode[];
  /** The primary as last seen here: at start, then after each `waitForFailover()`. */
  readonly primary: RedisNode;
  /** The data nodes other than `primary`. */
  readonly replicas: readonly RedisNode[];
  readonly sentinels: readonly RedisNode[];
  /** `redis+sentinel://[:password@]127.0.0.1:p1,127.0.0.1:p2,…/masterName[/db]`. */
  sentinelUrl(db?: number): string;
  /** `redis://[:password@]127.0.0.1:port[/db]` of one data node. */
  nodeUrl(node: RedisNode, db?: number): string;
  /** Sends one command to a node (with the password for data nodes) on a short-lived connection. */
  command(node: RedisNode, ...args: (string | number)[]): Promise<unknown>;
  /** The address the sentinels that answer name as primary, by majority; undefined without one. */
  primaryFromSentinels(): Promise<string | undefined>;
  /** SIGKILLs the node the sentinels name as primary now; resolves with it once its process is gone. */
  killPrimary(): Promise<RedisNode>;
  /** SIGKILLs one node; resolves once its process is gone. */
  kill(node: RedisNode): Promise<void>;
  /**
   * Waits until every sentinel still running names a primary other than the one last killed (or `from`),
   * and that node answers as a master; resolves with it (and `primary` becomes it).
   */
  waitForFailover(timeoutMs: number, from?: RedisNode): Promise<RedisNode>;
  /**
   * Starts a node that was killed again on its own port and config; resolves once it answers PING. A data
   * node comes back as it was configured (the first primary as a primary, empty: the sentinels make it a
   * replica of the current primary ~10 s later); with `asReplica` it starts as a replica of the primary the
   * sentinels name now (as a sentinel-aware start-up script does) and is in sync within a second or two.
   */
  restart(node: RedisNode, options?: { asReplica?: boolean }): Promise<void>;
  /** Waits until the current primary counts `count` replicas online (e.g. after the old primary rejoins). */
  waitForReplicas(count: number, timeoutMs: number): Promise<void>;
  /**
   * For `ms`, cuts the replica (default: the first live one) off its primary (`CLIENT KILL TYPE master` on the
   * replica, and the primary denying PSYNC/SYNC meanwhile), so the primary acknowledges writes this replica
   * never gets. Resolves when the cut ends; the replica then resynchronises within a second on its own. Kill
   * the primary during the cut to lose those writes in the failover.
   */
  cutReplicaLink(ms: number, replica?: RedisNode): Promise<void>;
  /** The tail of a node's log, for a failing test's message. */
  log(node: RedisNode, lines?: number): string;
  /** Kills every process started here, by pid, and removes the temp dir. */
  stop(): Promise<void>;
}

interface NodeState extends RedisNode {
  proc: ChildProcess | undefined;
  conf: string;
}

const live = new Set<ChildProcess>();
const dirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const proc of live) {
      try {
        if (proc.pid !== undefined) process.kill(proc.pid, 'SIGKILL');
      } catch {}
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
}

/** Ports this process already gave a node: the kernel may hand a port it took back out again at once. */
const handedOut = new Set<number>();

/**
 * A port the kernel just handed out and took back; never 6379 or 26379, never one given to another node of
 * this process (nodes are started after all their ports are picked, so two picks could otherwise be the same
 * port, and the second node's directory, named by it, already exists).
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(port));
      });
    });
    if (port !== 6379 && port !== 26379 && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown by a probe that knows waiting longer cannot help. */
class GaveUp extends Error {}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof GaveUp) throw error;
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`redis-nodes: ${what} not within ${timeoutMs} ms${why}`);
    }
    await sleep(100);
  }
}

/** A config value as redis.conf reads a double-quoted string. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A flat `[k1, v1, k2, v2, …]` reply (SENTINEL MASTER, SENTINEL REPLICAS) as a record. */
function pairs(reply: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(reply)) return out;
  for (let i = 0; i + 1 < reply.length; i += 2) out[String(reply[i])] = String(reply[i + 1]);
  return out;
}

/** `INFO` text as a record. */
function infoFields(text: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of String(text).split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

export async function startRedisNodes(options: RedisNodesOptions = {}): Promise<RedisNodes> {
  const replicaCount = options.replicas ?? 1;
  const sentinelCount = options.sentinels ?? 3;
  const masterName = options.masterName ?? 'reelbot';
  const password = options.password;
  const downAfterMs = options.downAfterMs ?? 1_000;
  const failoverTimeoutMs = options.failoverTimeoutMs ?? 3_000;
  const quorum = Math.floor(sentinelCount / 2) + 1;
  installExitHook();

  const root = mkdtempSync(join(tmpdir(), 'reelbot-redis-nodes-'));
  dirs.add(root);
  const all: NodeState[] = [];
  let primary: NodeState | undefined;
  let lastKilled: NodeState | undefined;
  let stopped = false;

  const makeNode = (role: RedisRole, port: number, lines: string[]): NodeState => {
    const dir = join(root, `${role}-${port}`);
    mkdirSync(dir);
    const conf = join(dir, 'redis.conf');
    const common = [
      `port ${port}`,
      'bind 127.0.0.1',
      'protected-mode no',
      'daemonize no',
      `dir ${dir}`,
      `logfile ${join(dir, 'redis.log')}`,
    ];
    writeFileSync(conf, `${[...common, ...lines].join('\n')}\n`);
    const node: NodeState = {
      role,
      host: '127.0.0.1',
      port,
      address: `127.0.0.1:${port}`,
      dir,
      conf,
      proc: undefined,
      get pid() {
        return this.proc?.pid;
      },
      get alive() {
        return this.proc !== undefined && this.proc.exitCode === null && this.proc.signalCode === null;
      },
    };
    all.push(node);
    return node;
  };

  const launch = async (node: NodeState, extra: string[] = []): Promise<void> => {
    if (stopped) throw new Error('redis-nodes: already stopped');
    // The shell keeps a pipe from this process open on fd 3 in a background watcher, then becomes
    // redis-server (exec keeps the pid); when the pipe closes (this process died or let go) the watcher
    // SIGKILLs it.
    const script = 'exec 3<&0; (read -r _ <&3; kill -9 $$ 2>/dev/null) & exec redis-server "$@" 3<&-';
    const args = node.role === 'sentinel' ? [node.conf, '--sentinel'] : [node.conf, ...extra];
    const proc = spawn('sh', ['-c', script, 'sh', ...args], { stdio: ['pipe', 'ignore', 'pipe'], detached: false });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    proc.stdin?.on('error', () => undefined);
    node.proc = proc;
    live.add(proc);
    proc.once('exit', () => {
      live.delete(proc);
      proc.stdin?.destroy();
    });
    try {
      await until(`${node.role} on ${node.address} answering`, 10_000, async () => {
        if (proc.exitCode !== null || proc.signalCode !== null) {
          const why = /not found/.test(stderr)
            ? 'redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)'
            : `${stderr.trim()} ${tail(node, 10)}`.trim();
          throw new GaveUp(`redis-nodes: ${node.role} on ${node.address} exited: ${why}`);
        }
        return (await command(node, 'PING')) === 'PONG' ? true : undefined;
      });
    } catch (error) {
      await kill(node);
      throw error;
    }
  };

  const kill = async (node: NodeState): Promise<void> => {
    const proc = node.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise((resolve) => proc.once('exit', resolve));
    try {
      if (proc.pid !== undefined) process.kill(proc.pid, 'SIGKILL');
    } catch {}
    proc.stdin?.destroy();
    await gone;
  };

  const command = async (node: RedisNode, ...args: (string | number)[]): Promise<unknown> => {
    const client = new Redis({
      host: node.host,
      port: node.port,
      password: node.role === 'data' ? password : undefined,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 1_000,
      commandTimeout: 2_000,
      enableReadyCheck: false,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const [name, ...rest] = args;
      return await client.call(String(name), ...rest.map(String));
    } finally {
      client.disconnect();
    }
  };
  /** Whether `replica` has acknowledged everything `primary` has written, within `timeoutMs`. */
  const caughtUp = async (primary: RedisNode, replica: RedisNode, timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const info = infoFields(await command(primary, 'INFO', 'replication').catch(() => ''));
      const link = Object.entries(info).find(([k, v]) => /^slave\d+$/.test(k) && v.includes(`port=${replica.port},`));
      const offset = /offset=(\d+)/.exec(link?.[1] ?? '')?.[1];
      if (offset !== undefined && offset === info.master_repl_offset) return true;
      await sleep(50);
    }
    return false;
  };

  const tail = (node: RedisNode, lines = 30): string => {
    try {
      return readFileSync(join(node.dir, 'redis.log'), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  };

  const auth = password ? [`requirepass ${quoted(password)}`, `masterauth ${quoted(password)}`] : [];
  const dataLines = [
    'save ""',
    'appendonly no',
    // A replica's first sync starts at once instead of after Redis's default 5 s wait for more replicas.
    'repl-diskless-sync yes',
    'repl-diskless-sync-delay 0',
    ...auth,
  ];

  const stopAll = async (): Promise<void> => {
    stopped = true;
    await Promise.all(all.map((node) => kill(node)));
    rmSync(root, { recursive: true, force: true });
    dirs.delete(root);
  };

  try {
    const first = makeNode('data', await freePort(), dataLines);
    primary = first;
    await launch(first);
    const replicaNodes: NodeState[] = [];
    for (let i = 0; i < replicaCount; i++) {
      replicaNodes.push(makeNode('data', await freePort(), [...dataLines, `replicaof 127.0.0.1 ${first.port}`]));
    }
    await Promise.all(replicaNodes.map((n) => launch(n)));
    for (const replica of replicaNodes) {
      await until(`replica ${replica.address} in sync`, 10_000, async () => {
        const info = infoFields(await command(replica, 'INFO', 'replication'));
        return info.master_link_status === 'up' ? true : undefined;
      });
    }

    const sentinelNodes: NodeState[] = [];
    for (let i = 0; i < sentinelCount; i++) {
      sentinelNodes.push(
        makeNode('sentinel', await freePort(), [
          `sentinel monitor ${masterName} 127.0.0.1 ${first.port} ${quorum}`,
          `sentinel down-after-milliseconds ${masterName} ${downAfterMs}`,
          `sentinel failover-timeout ${masterName} ${failoverTimeoutMs}`,
          `sentinel parallel-syncs ${masterName} 1`,
          ...(password ? [`sentinel auth-pass ${masterName} ${quoted(password)}`] : []),
        ]),
      );
    }
    await Promise.all(sentinelNodes.map((n) => launch(n)));
    // A failover needs every sentinel to know the others (hello messages, every 2 s) and the replicas.
    for (const sentinel of sentinelNodes) {
      await until(`sentinel ${sentinel.address} seeing its peers and replicas`, 20_000, async () => {
        const master = pairs(await command(sentinel, 'SENTINEL', 'MASTER', masterName));
        const ready =
          master.flags === 'master' &&
          Number(master['num-other-sentinels']) === sentinelCount - 1 &&
          Number(master['num-slaves']) === replicaCount;
        return ready ? true : undefined;
      });
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  const dataNodes = () => all.filter((n) => n.role === 'data');
  const sentinelNodes = () => all.filter((n) => n.role === 'sentinel');
  const byAddress = (address: string) => dataNodes().find((n) => n.address === address);

  const primaryFromSentinels = async (): Promise<string | undefined> => {
    const named = await Promise.all(
      sentinelNodes()
        .filter((s) => s.alive)
        .map(async (s) => {
          try {
            const reply = await command(s, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName);
            return Array.isArray(reply) ? `${reply[0]}:${reply[1]}` : undefined;
          } catch {
            return undefined;
          }
        }),
    );
    const counts = new Map<string, number>();
    for (const address of named) if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
    for (const [address, count] of counts) if (count >= quorum) return address;
    return undefined;
  };

  const withPassword = () => (password ? `:${encodeURIComponent(password)}@` : '');

  return {
    masterName,
    password,
    get nodes() {
      return dataNodes();
    },
    get primary() {
      return primary as RedisNode;
    },
    get replicas() {
      return dataNodes().filter((n) => n !== primary);
    },
    get sentinels() {
      return sentinelNodes();
    },
    sentinelUrl(db?: number) {
      const hosts = sentinelNodes()
        .map((s) => s.address)
        .join(',');
      return `redis+sentinel://${withPassword()}${hosts}/${masterName}${db === undefined ? '' : `/${db}`}`;
    },
    nodeUrl(node, db) {
      return `redis://${withPassword()}${node.address}${db === undefined ? '' : `/${db}`}`;
    },
    command,
    primaryFromSentinels,
    async killPrimary() {
      const address = await primaryFromSentinels();
      const target = (address && byAddress(address)) || primary;
      if (!target) throw new Error('redis-nodes: no primary to kill');
      lastKilled = target;
      await kill(target);
      return target;
    },
    async kill(node) {
      const state = all.find((n) => n === node);
      if (!state) throw new Error(`redis-nodes: ${node.address} was not started here`);
      if (state === primary) lastKilled = state;
      await kill(state);
    },
    async waitForFailover(timeoutMs, from) {
      const old = from ?? lastKilled ?? primary;
      const promoted = await until(`a primary other than ${old?.address}`, timeoutMs, async () => {
        const named = new Set<string>();
        for (const s of sentinelNodes().filter((n) => n.alive)) {
          const reply = await command(s, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName);
          if (Array.isArray(reply)) named.add(`${reply[0]}:${reply[1]}`);
        }
        const [address] = [...named];
        if (named.size !== 1 || !address || address === old?.address) return undefined;
        const node = byAddress(address);
        if (!node) return undefined;
        const role = await command(node, 'ROLE');
        return Array.isArray(role) && role[0] === 'master' ? node : undefined;
      });
      primary = promoted;
      return promoted;
    },
    async restart(node, options) {
      const state = all.find((n) => n === node);
      if (!state) throw new Error(`redis-nodes: ${node.address} was not started here`);
      if (state.alive) throw new Error(`redis-nodes: ${node.address} is running`);
      if (!options?.asReplica || state.role !== 'data') return launch(state);
      const current = await primaryFromSentinels();
      const [host, port] = current?.split(':') ?? [];
      if (!host || !port || current === state.address) {
        throw new Error(`redis-nodes: the sentinels name no other primary to follow (they say ${current})`);
      }
      await launch(state, ['--replicaof', host, port]);
    },
    async waitForReplicas(count, timeoutMs) {
      await until(`${count} replica(s) online at the primary`, timeoutMs, async () => {
        // The primary is the one the sentinels name: under load they may fail over again on their own (a node
        // slow to answer for downAfterMs), and the harness follows them as the bot does.
        const named = await primaryFromSentinels().catch(() => undefined);
        const current = (named && byAddress(named)) || primary;
        if (!current) return undefined;
        const info = infoFields(await command(current, 'INFO', 'replication'));
        const online = Object.entries(info).filter(([k, v]) => /^slave\d+$/.test(k) && /state=online/.test(v));
        if (info.role !== 'master' || online.length < count) return undefined;
        primary = current;
        return true;
      }).catch(async (error: unknown) => {
        // Where each data node stands, and what the sentinels say, for the failure's message.
        const nodes = await Promise.all(
          dataNodes().map(async (n) => {
            const info = infoFields(await command(n, 'INFO', 'replication').catch(() => ''));
            const link = info.role === 'slave' ? ` of ${info.master_port} link ${info.master_link_status}` : '';
            return `${n.address} ${n.alive ? (info.role ?? '?') : 'down'}${link}, ${info.connected_slaves ?? 0} replicas`;
          }),
        );
        const named = await primaryFromSentinels().catch(() => undefined);
        throw new Error(
          `${String(error)}; primary here ${primary?.address}, the sentinels name ${named}; ${nodes.join('; ')}`,
        );
      });
    },
    async cutReplicaLink(ms, replica) {
      const target = replica ?? dataNodes().find((n) => n !== primary && n.alive);
      if (!target) throw new Error('redis-nodes: no replica to cut off');
      // A replica just restarted or reconfigured may still be connecting to its primary.
      const info = await until(`${target.address} replicating`, 5_000, async () => {
        const fields = infoFields(await command(target, 'INFO', 'replication'));
        return fields.role === 'slave' && fields.master_link_status === 'up' ? fields : undefined;
      }).catch(async () => infoFields(await command(target, 'INFO', 'replication')));
      const source = byAddress(`${info.master_host}:${info.master_port}`);
      if (info.role !== 'slave' || !source) {
        throw new Error(
          `redis-nodes: ${target.address} is not a replica in sync (role ${info.role}, of ${info.master_host}:` +
            `${info.master_port}, link ${info.master_link_status})`,
        );
      }
      // A replica of Redis 7 reconnects within a millisecond of losing its link and catches up from the
      // primary's backlog, so killing the link alone loses nothing: the primary also refuses to resynchronise
      // it (PSYNC and SYNC denied) until the cut ends.
      await command(source, 'ACL', 'SETUSER', 'default', '-psync', '-sync');
      try {
        await command(target, 'CLIENT', 'KILL', 'TYPE', 'master');
        const end = Date.now() + ms;
        while (Date.now() < end && target.alive && source.alive) {
          await sleep(Math.min(20, Math.max(0, end - Date.now())));
          await command(target, 'CLIENT', 'KILL', 'TYPE', 'master').catch(() => undefined);
        }
      } finally {
        if (source.alive) await command(source, 'ACL', 'SETUSER', 'default', '+psync', '+sync').catch(() => undefined);
      }
      // A link made while the permissions changed can stay up without carrying the stream (seen under load:
      // the replica online, its acknowledged offset stuck): unless it catches up on its own, it is made to
      // resynchronise, so a cut lasts as long as asked and no longer.
      if (source.alive && target.alive && !(await caughtUp(source, target, 2_000))) {
        await command(target, 'CLIENT', 'KILL', 'TYPE', 'master').catch(() => undefined);
        if (!(await caughtUp(source, target, 2_000))) {
          await command(target, 'REPLICAOF', 'NO', 'ONE');
          await command(target, 'REPLICAOF', source.host, String(source.port));
          await caughtUp(source, target, 5_000);
        }
      }
    },
    log: tail,
    stop: stopAll,
  };
}
