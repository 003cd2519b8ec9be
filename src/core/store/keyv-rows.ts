// keyv's row format, shared by the SQLite and Redis stores so rows written by either path (keyv's own
// get/set, or the store's one-statement claims and compare-and-set) read the same. The only file in
// src/core that imports keyv itself.

import Keyv, { type KeyvStoreAdapter } from 'keyv';

export type { Keyv };

/** Keyv configured to throw instead of answering "not found" when the adapter fails. */
export function keyvOver(store?: KeyvStoreAdapter): Keyv {
  // Keys are namespaced by backend.ts, so keyv's own prefixing is off.
  return new Keyv({ ...(store ? { store } : {}), namespace: undefined, useKeyPrefix: false, throwOnErrors: true });
}

/** The value keyv stored, unless keyv's own expiry (by wall clock) has passed. */
export async function decode(keyv: Keyv, raw: unknown): Promise<unknown> {
  if (typeof raw !== 'string') return undefined;
  const data = await keyv.deserializeData<unknown>(raw);
  if (!data || (typeof data.expires === 'number' && data.expires <= Date.now())) return undefined;
  return data.value;
}

/** A row as keyv's own set() would write it, so keyv reads it back like any other entry. */
export async function encode(keyv: Keyv, value: unknown, ttlMs: number | undefined): Promise<string> {
  const data = ttlMs === undefined ? { value } : { value, expires: Date.now() + ttlMs };
  const raw = await keyv.serializeData(data);
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

/** A claim row in keyv's own format: the holder's token and its expiry by the store's clock. */
export function claimRow(token: string, expires: number): string {
  return JSON.stringify({ value: token, expires });
}
