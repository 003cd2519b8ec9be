// Small working fakes of the ports the catalogue needs: an in-memory Store, a media API that counts
// voice-list calls and can be told to fail, a settable clock, and a logger that records warnings.

import { MediaApiError } from '../../../src/core/errors.ts';
import type { Voice } from '../../../src/core/media/schemas.ts';
import type { Clock, KeyValue, MediaApi, Store } from '../../../src/core/ports.ts';

export function fakeClock(start = Date.UTC(2025, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

export function memoryStore(clock: Clock): Store & { raw: Map<string, unknown> } {
  const raw = new Map<string, unknown>();
  const expiries = new Map<string, number>();
  const live = (k: string) => {
    const until = expiries.get(k);
    if (until !== undefined && until <= clock.now()) {
      raw.delete(k);
      expiries.delete(k);
    }
    return raw.has(k);
  };
  const namespace = (name: string): KeyValue => ({
    async get<T>(key: string) {
      const k = `${name}:${key}`;
      return live(k) ? (structuredClone(raw.get(k)) as T) : undefined;
    },
    async set<T>(key: string, value: T, ttlMs?: number) {
      const k = `${name}:${key}`;
      raw.set(k, structuredClone(value));
      if (ttlMs === undefined) expiries.delete(k);
      else expiries.set(k, clock.now() + ttlMs);
    },
    async delete(key: string) {
      return raw.delete(`${name}:${key}`);
    },
    async *entries<T>() {
      for (const k of [...raw.keys()]) {
        if (k.startsWith(`${name}:`) && live(k)) yield [k.slice(name.length + 1), raw.get(k) as T] as [string, T];
      }
    },
    // One process, no awaits between read and write: already atomic here.
    async update<T>(key: string, change: (current: T | undefined) => T | undefined) {
      const k = `${name}:${key}`;
      const next = change(live(k) ? (structuredClone(raw.get(k)) as T) : undefined);
      if (next !== undefined) raw.set(k, structuredClone(next));
      return next;
    },
  });
  const claims = new Map<string, number>();
  return {
    raw,
    namespace,
    async claim(key, ttlMs) {
      const until = claims.get(key);
      if (until !== undefined && until > clock.now()) return false;
      claims.set(key, clock.now() + ttlMs);
      return true;
    },
    async lease(key, ttlMs) {
      if (!(await this.claim(key, ttlMs))) return undefined;
      return this.held(key, 'fake');
    },
    held: (key, token) => ({
      key,
      token,
      renew: async () => true,
      release: async () => void claims.delete(key),
    }),
    async release(key) {
      claims.delete(key);
    },
    async ping() {},
    async replicated() {},
    epoch: () => 0,
    health: async () => ({ state: 'ok', since: 0 }),
    async close() {},
  };
}

/** A media API whose voice list can be swapped, held back, or made to fail. */
export function fakeMedia(voices: Voice[]) {
  const state = {
    voices,
    calls: 0,
    failWith: undefined as MediaApiError | undefined,
    /** While set, listVoices waits for `release()`. */
    gate: undefined as Promise<void> | undefined,
  };
  let open: (() => void) | undefined;
  const api: MediaApi = {
    async listVoices() {
      state.calls++;
      if (state.gate) await state.gate;
      if (state.failWith) throw state.failWith;
      return state.voices;
    },
    create: async () => {
      throw new Error('not used');
    },
    getProject: async () => {
      throw new Error('not used');
    },
    publish: async () => {
      throw new Error('not used');
    },
  };
  return {
    api,
    state,
    hold() {
      state.gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      state.gate = undefined;
      open?.();
    },
    fail(status = 500, message = 'Internal Server Error: Please try again later or contact support') {
      state.failWith = new MediaApiError(status, message);
    },
    recover() {
      state.failWith = undefined;
    },
  };
}
