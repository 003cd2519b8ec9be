// The voice catalogue of each API key: fetched once, kept in memory and in the store, refreshed in the
// background after its TTL. The list is 800+ entries and changes rarely, while the API allows about 100
// requests an hour on the free plan, so a failed refresh keeps serving the old copy (saying how old)
// and waits a while before asking again.

import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import { MediaApiError } from '../errors.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { type Voice, voiceSchema } from '../media/schemas.ts';
import type { Clock, Logger, MediaApi, Store } from '../ports.ts';
import { createVoiceIndex, type VoiceIndex } from './voice-index.ts';

export interface CatalogueView {
  index: VoiceIndex;
  /** When the list was fetched from the API (epoch ms). */
  fetchedAt: number;
  /** The last refresh failed: the list may be out of date. */
  stale: boolean;
  /** "voice list from 3 hours ago; refreshing failed: …", set when stale (English, for logs). */
  staleReason?: string;
  /** Why the last refresh failed, set when stale: a page says it with the list's age in its reader's words. */
  failedWith?: string;
}

export interface VoiceCatalogue {
  /** Memory, then the store, then the API; throws the API's error only when no copy exists at all. */
  get(apiKey: string): Promise<CatalogueView>;
  /** The index in memory, if any, without waiting (autocomplete must answer within 3 s). */
  peek(apiKey: string): VoiceIndex | undefined;
  /** Starts loading the catalogue when memory has none; never throws. */
  warm(apiKey: string): void;
  /** Resolves once no load or background refresh is running (tests, shutdown). */
  settled(): Promise<void>;
}

export interface CatalogueDeps {
  store: Store;
  media: MediaApi;
  clock: Clock;
  logger: Logger;
  /** Age after which a copy is refreshed in the background (default 24 h). */
  ttlMs?: number;
  /**
   * The origin the list's links point at when it changes between runs: the in-process sandbox listens on a
   * new port at every start and its sample links point at it. A stored copy's links are moved to this run's
   * origin when read, so a restart reads the list from the store instead of spending a request on it; such a
   * list is kept apart from the real API's.
   */
  source?: string;
  /** The encryption key: catalogues are stored under an HMAC of the API key with it. */
  keySecret?: Uint8Array;
  /** How long to wait after a failed refresh before trying again (default 10 min, or the API's Retry-After). */
  retryMs?: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** Stored copies outlive their TTL so a failing API can still be answered from them. */
const RETAIN_MS = 30 * DAY;
const NAMESPACE = 'voices';

const storedSchema = z.object({
  fetchedAt: z.number(),
  voices: z.array(voiceSchema),
  /** The `source` its links pointed at when fetched. */
  origin: z.string().optional(),
});
type Stored = z.infer<typeof storedSchema>;

interface Held {
  index: VoiceIndex;
  fetchedAt: number;
  failure?: { message: string; retryAt: number };
}

/**
 * The store key for an API key, so the key itself is never written anywhere: an HMAC with the
 * encryption key (an unsalted hash of a short key could be reversed by guessing), or its SHA-256
 * where no secret is given (tests). A `source` (the in-process sandbox, whatever its port) keeps its
 * catalogue apart from the real API's.
 */
export const catalogueKey = (apiKey: string, secret?: Uint8Array, source?: string): string => {
  const material = source ? `sandbox\n${apiKey}` : apiKey;
  return secret
    ? createHmac('sha256', secret).update(material).digest('hex')
    : createHash('sha256').update(material).digest('hex');
};

/** "3 hours ago", "1 day ago", "just now"; in `t`'s language when given (English for logs). */
export function describeAge(ms: number, t?: Translator): string {
  const units: Array<[string, number]> = [
    ['day', DAY],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, size] of units) {
    const n = Math.floor(ms / size);
    if (n >= 1) return t ? t.t('voices.age', { unit, n }) : `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return t ? t.t('voices.age', { unit: 'now', n: 0 }) : 'just now';
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function createVoiceCatalogue(deps: CatalogueDeps): VoiceCatalogue {
  const { store, media, clock } = deps;
  const ttlMs = deps.ttlMs ?? DAY;
  const retryMs = deps.retryMs ?? 10 * 60_000;
  const kv = store.namespace(NAMESPACE);
  const memory = new Map<string, Held>();
  /** One load or refresh at a time per key; concurrent callers share it. */
  const inFlight = new Map<string, Promise<Held>>();

  const hold = (key: string, stored: Stored): Held => {
    const held: Held = { index: createVoiceIndex(stored.voices), fetchedAt: stored.fetchedAt };
    memory.set(key, held);
    return held;
  };

  /** A copy stored by an earlier run, its links moved to where this run's source answers. */
  const rebased = (stored: Stored): Stored => {
    const from = stored.origin;
    const to = deps.source;
    if (!from || !to || from === to) return stored;
    const move = (url: string | undefined) => (url?.startsWith(`${from}/`) ? to + url.slice(from.length) : url);
    return {
      ...stored,
      origin: to,
      voices: stored.voices.map((v) => ({ ...v, sampleVoiceUrl: move(v.sampleVoiceUrl) })),
    };
  };

  async function readStore(key: string): Promise<Stored | undefined> {
    try {
      const parsed = storedSchema.safeParse(await kv.get<unknown>(key));
      return parsed.success ? rebased(parsed.data) : undefined;
    } catch (err) {
      deps.logger.warn({ err, catalogue: key.slice(0, 8) }, 'voice catalogue: store read failed');
      return undefined;
    }
  }

  async function fetchFromApi(key: string, apiKey: string): Promise<Held> {
    const voices: Voice[] = await media.listVoices(apiKey);
    const stored: Stored = { fetchedAt: clock.now(), voices, ...(deps.source ? { origin: deps.source } : {}) };
    try {
      await kv.set(key, stored, RETAIN_MS);
    } catch (err) {
      deps.logger.warn({ err, catalogue: key.slice(0, 8) }, 'voice catalogue: store write failed');
    }
    deps.logger.info({ catalogue: key.slice(0, 8), voices: voices.length }, 'voice catalogue fetched');
    return hold(key, stored);
  }

  /** No copy in memory: the store's (even an old one, refreshed later), else the API's. */
  async function load(key: string, apiKey: string): Promise<Held> {
    const stored = await readStore(key);
    return stored ? hold(key, stored) : fetchFromApi(key, apiKey);
  }

  /** A copy past its TTL: another replica may have refreshed the store already; else ask the API. */
  async function refresh(key: string, apiKey: string, held: Held): Promise<Held> {
    const stored = await readStore(key);
    if (stored && stored.fetchedAt > held.fetchedAt && clock.now() - stored.fetchedAt < ttlMs) return hold(key, stored);
    try {
      return await fetchFromApi(key, apiKey);
    } catch (err) {
      const wait = Math.max(retryMs, (err instanceof MediaApiError && err.retryAfterMs) || 0);
      held.failure = { message: messageOf(err), retryAt: clock.now() + wait };
      deps.logger.warn({ err, catalogue: key.slice(0, 8) }, 'voice catalogue refresh failed; serving the old copy');
      return held;
    }
  }

  function shareLoad(key: string, work: () => Promise<Held>): Promise<Held> {
    const running = inFlight.get(key);
    if (running) return running;
    const started = work().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  function refreshIfDue(key: string, apiKey: string, held: Held): void {
    const now = clock.now();
    if (now - held.fetchedAt < ttlMs || (held.failure && now < held.failure.retryAt)) return;
    shareLoad(key, () => refresh(key, apiKey, held)).catch((err: unknown) => {
      deps.logger.error({ err, catalogue: key.slice(0, 8) }, 'voice catalogue refresh crashed');
    });
  }

  function view(held: Held): CatalogueView {
    if (!held.failure) return { index: held.index, fetchedAt: held.fetchedAt, stale: false };
    const age = describeAge(clock.now() - held.fetchedAt);
    const staleReason = `voice list from ${age}; refreshing failed: ${held.failure.message}`;
    return { index: held.index, fetchedAt: held.fetchedAt, stale: true, staleReason, failedWith: held.failure.message };
  }

  return {
    async get(apiKey) {
      const key = catalogueKey(apiKey, deps.keySecret, deps.source);
      const held = memory.get(key) ?? (await shareLoad(key, () => load(key, apiKey)));
      refreshIfDue(key, apiKey, held);
      return view(held);
    },
    peek: (apiKey) => memory.get(catalogueKey(apiKey, deps.keySecret, deps.source))?.index,
    warm(apiKey) {
      const key = catalogueKey(apiKey, deps.keySecret, deps.source);
      if (memory.has(key) || inFlight.has(key)) return;
      shareLoad(key, () => load(key, apiKey)).catch((err: unknown) => {
        deps.logger.warn({ err, catalogue: key.slice(0, 8) }, 'voice catalogue warm-up failed');
      });
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
