// How often one client address may call a route that asks for it (the pages served to people outside the chat):
// a fixed window per address in this process's memory, through rate-limiter-flexible. Guessing a 256-bit token is
// hopeless anyway; the limit keeps one client from spending the store's reads and the listener's time page after page.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { ClientRate, Route } from '../core/platform/route.ts';

/** Resolves true when `client` may make one more request now (and counts it). */
export type ClientLimit = (client: string) => Promise<boolean>;

export function createClientLimit(rate: ClientRate): ClientLimit {
  const limiter = new RateLimiterMemory({ points: rate.points, duration: rate.windowSeconds });
  return async (client) => {
    try {
      await limiter.consume(client);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  };
}

/** The counts of one mounting, one per `perClient` value: a page's GET and its form's POST, sharing one, share it. */
export interface ClientLimits {
  of(perClient: NonNullable<Route['perClient']>): ClientLimit;
}

export function createClientLimits(): ClientLimits {
  const limits = new Map<NonNullable<Route['perClient']>, ClientLimit>();
  return {
    of(perClient) {
      let limit = limits.get(perClient);
      if (!limit) {
        limit = createClientLimit(perClient.rate);
        limits.set(perClient, limit);
      }
      return limit;
    },
  };
}
