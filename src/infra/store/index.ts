export { createMemoryStore } from './memory-store.ts';
export { openStore, type StoreOptions } from './open-store.ts';
export { createRedisStore, type RedisStoreOptions } from './redis-store.ts';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite-store.ts';
