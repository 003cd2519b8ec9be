// What STORE_URL says about Redis, read without loading the client (the configuration checks it at start-up):
// one server (`redis://`, `rediss://` for TLS), or the sentinels that name the primary of a replicated set
// (`redis+sentinel://host:port,host:port,…/masterName[/db]`). Sentinel URLs hold several host:port pairs, which
// WHATWG URL parsing rejects, so they are read here by hand.

import { ConfigError } from '../../core/errors.ts';

export type RedisTarget =
  | { kind: 'server'; url: string }
  | {
      kind: 'sentinel';
      sentinels: { host: string; port: number }[];
      /** The name the sentinels monitor the primary by (`sentinel monitor <name> …`). */
      name: string;
      /** The data nodes' credentials; the sentinels themselves are asked without. */
      username?: string;
      password?: string;
      db?: number;
    };

const SENTINEL_SCHEME = 'redis+sentinel://';
const DEFAULT_SENTINEL_PORT = 26379;
const SENTINEL_EXAMPLE = 'redis+sentinel://10.0.0.1:26379,10.0.0.2:26379,10.0.0.3:26379/mymaster';

export function isSentinelUrl(url: string): boolean {
  return url.toLowerCase().startsWith(SENTINEL_SCHEME);
}

/**
 * Replicas that must acknowledge a write that cannot be lost: 1 behind Sentinel (a primary with replicas, one
 * of which may be promoted), 0 for one Redis (nothing to fail over to).
 */
export function defaultReplicaAcks(url: string): number {
  return isSentinelUrl(url) ? 1 : 0;
}

/** Throws ConfigError naming what to write when the URL is not one this bot can connect with. */
export function parseRedisUrl(url: string): RedisTarget {
  if (!isSentinelUrl(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError('STORE_URL is not a valid URL; expected redis://host:6379 or sqlite://path/to/file.sqlite');
    }
    if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
      throw new ConfigError(`STORE_URL: ${parsed.protocol}// is not a Redis URL; expected redis://host:6379`);
    }
    return { kind: 'server', url };
  }
  return parseSentinelUrl(url);
}

function sentinelProblem(what: string): ConfigError {
  return new ConfigError(`STORE_URL: ${what}; write ${SENTINEL_EXAMPLE} (optionally :password@ before the hosts)`);
}

function parseSentinelUrl(url: string): RedisTarget {
  const rest = url.slice(SENTINEL_SCHEME.length);
  if (/[?#]/.test(rest)) throw sentinelProblem('a redis+sentinel:// URL takes no ?query or #fragment');
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash + 1);
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostList = at === -1 ? authority : authority.slice(at + 1);

  let username: string | undefined;
  let password: string | undefined;
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    try {
      username = decodeURIComponent(colon === -1 ? userinfo : userinfo.slice(0, colon)) || undefined;
      password = colon === -1 ? undefined : decodeURIComponent(userinfo.slice(colon + 1)) || undefined;
    } catch {
      throw sentinelProblem('the password is not valid percent-encoding (write %40 for @, %3A for :, %2F for /)');
    }
  }

  if (hostList === '') throw sentinelProblem('no sentinel host:port before the master name');
  const sentinels = hostList.split(',').map((entry) => sentinelAddress(entry));

  const [name, db, ...extra] = path.split('/');
  if (!name) throw sentinelProblem('the master name is missing after the hosts');
  let decodedName: string;
  try {
    decodedName = decodeURIComponent(name);
  } catch {
    throw sentinelProblem(`the master name "${name}" is not valid percent-encoding`);
  }
  if (extra.length > 0 || (db !== undefined && !/^\d{1,5}$/.test(db))) {
    throw sentinelProblem(`after the master name only a database number may follow (/${name}/2), not "/${path}"`);
  }
  return {
    kind: 'sentinel',
    sentinels,
    name: decodedName,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(db ? { db: Number(db) } : {}),
  };
}

/** `host:port`, `[v6]:port` or a bare host (port 26379). */
function sentinelAddress(entry: string): { host: string; port: number } {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]\s]+)(?::([^:]*))?$/.exec(entry);
  if (!match?.[1]) throw sentinelProblem(`"${entry}" is not a sentinel host:port`);
  const host = match[1].startsWith('[') ? match[1].slice(1, -1) : match[1];
  const portText = match[2];
  if (portText === undefined) return { host, port: DEFAULT_SENTINEL_PORT };
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 1 && port <= 65_535)) {
    throw sentinelProblem(`the port in "${entry}" must be a number from 1 to 65535 (a sentinel's is usually 26379)`);
  }
  return { host, port };
}

/** What is wrong with a redis+sentinel:// URL, said after "STORE_URL: "; undefined when it is fine. */
export function sentinelUrlProblem(url: string): string | undefined {
  try {
    parseSentinelUrl(url);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^STORE_URL: /, '');
  }
}

/** The URL without credentials, safe for messages and logs. */
export function redisAddress(url: string): string {
  const target = parseRedisUrl(url);
  if (target.kind === 'sentinel') {
    const hosts = target.sentinels.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`);
    const db = target.db === undefined ? '' : `/${target.db}`;
    return `${SENTINEL_SCHEME}${hosts.join(',')}/${encodeURIComponent(target.name)}${db}`;
  }
  const parsed = new URL(target.url);
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  return `${parsed.protocol}//${parsed.host}${path}`;
}

/** The password in a Redis URL (for the logger to mask), undefined when none or the URL is malformed. */
export function redisPassword(url: string): string | undefined {
  try {
    const target = parseRedisUrl(url);
    if (target.kind === 'sentinel') return target.password;
    return decodeURIComponent(new URL(target.url).password) || undefined;
  } catch {
    return undefined;
  }
}
