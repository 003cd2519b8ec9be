// The Store port on Redis, for several replicas, through keyv over an adapter of our own on ioredis
// (keyv-ioredis.ts): the client BullMQ already loads, made by the one Redis connection factory. Rows are
// keyv's, as @keyv/redis wrote them in earlier versions, so a database written by any of them reads back.
// Claims, leases and compare-and-set run on the same connection (redis-atomic.ts).

import { ConfigError } from '../../core/errors.ts';
import { type Clock, type Store, systemClock } from '../../core/ports.ts';
import { createRedisConnection } from '../redis/redis-connection.ts';
import { KEY_PREFIX } from '../redis/redis-keys.ts';
import { createReplicaCensus } from '../redis/redis-replica-census.ts';
import { defaultReplicaAcks } from '../redis/redis-url.ts';
import { createRedisWriteHealth } from '../redis/redis-write-health.ts';
import { createBackedStore } from './backend.ts';
import { createKeyvBackend } from './keyv-backend.ts';
import { createKeyvIoredis } from './keyv-ioredis.ts';
import { createRedisAtomic } from './redis-atomic.ts';

const REDIS_TIMEOUT_MS = 5_000;
/**
 * Bound on each operation on the request path. The client's own command timeout does not abort a
 * command already written to a Redis that accepts but never answers, so backend.ts races this.
 */
const OPERATION_TIMEOUT_MS = 2_000;

export interface RedisStoreOptions {
  url: string;
  clock?: Clock;
  /** Put in front of every key so several bots can share one Redis; default KEY_PREFIX (redis-keys.ts). */
  prefix?: string;
  /** Bound on connecting; default 5000 ms. */
  timeoutMs?: number;
  /** Bound on each operation; default 2000 ms. */
  operationTimeoutMs?: number;
  /**
   * How many replicas at the least must acknowledge the writes that guard a call that cannot be repeated
   * (Store.replicated); default defaultReplicaAcks (redis-url.ts): 1 behind Sentinel, 0 for one Redis. Behind
   * Sentinel, every replica the sentinels could promote must acknowledge them too.
   */
  replicaAcks?: number;
}

/** Connects on first use, so call `ping()` at start-up to fail fast. */
export function createRedisStore(options: RedisStoreOptions): Store {
  const clock = options.clock ?? systemClock;
  const keyPrefix = options.prefix ?? KEY_PREFIX;
  if (!/^[A-Za-z0-9_.:{}-]*$/.test(keyPrefix)) {
    throw new ConfigError(`the Redis key prefix "${keyPrefix}" may only hold letters, digits, _ . : - { }`);
  }
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  // Failures reach the caller through the command that failed (backend.ts says where and what to check).
  const connection = createRedisConnection(options.url, { failFast: true, timeoutMs });
  const replicas = options.replicaAcks ?? defaultReplicaAcks(options.url);
  // Behind Sentinel, every replica that could be promoted must hold a confirmed write, not any one of them.
  const census = replicas > 0 ? createReplicaCensus(options.url) : undefined;
  const writeHealth = createRedisWriteHealth(options.url, { replicas, ...(census ? { census } : {}) });
  const backend = createKeyvBackend({
    where: connection.where,
    adapter: createKeyvIoredis(connection),
    atomic: createRedisAtomic(connection, { replicas, health: writeHealth, ...(census ? { census } : {}) }),
    node: () => connection.node(),
    writable: () => writeHealth.look(),
    close: async () => {
      census?.close();
      await Promise.all([writeHealth.close(), connection.close()]);
    },
  });
  return createBackedStore(backend, {
    clock,
    keyPrefix,
    operationTimeoutMs: options.operationTimeoutMs ?? OPERATION_TIMEOUT_MS,
    connectTimeoutMs: timeoutMs,
  });
}
