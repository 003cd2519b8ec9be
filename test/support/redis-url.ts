import { inject } from 'vitest';

/**
 * The Redis the tests share, as test/support/redis-server.ts found or started it. The unit tier starts none and
 * refuses every socket, so there the usual address only names what a unit test must not reach.
 */
export const REDIS_URL: string = inject('redisUrl') ?? 'redis://127.0.0.1:6379';

export const REDIS_PORT = Number(new URL(REDIS_URL).port);
