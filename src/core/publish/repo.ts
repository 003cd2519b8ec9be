// Where publish requests and drafts (a form opened but not yet submitted) are stored, each in its own
// store namespace; a record that no longer parses is ignored, never guessed at.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { KeyValue, Logger, Store } from '../ports.ts';
import { type PublishRequestRecord, requestSchema } from './model.ts';

/** Decided requests are kept this long for /scheduled's "last 10 published" and old cards' buttons. */
const DECIDED_TTL_MS = 90 * 24 * 3600_000;
/** A form left open longer than this is gone (Discord's interaction token lives 15 min). */
const DRAFT_TTL_MS = 24 * 3600_000;

/** Open requests stay until decided; decided ones are kept for a while, then go. */
function ttlOf(r: PublishRequestRecord): number | undefined {
  const open = ['pending', 'scheduled', 'overdue', 'publishing', 'unknown', 'failed'].includes(r.state);
  return open ? undefined : DECIDED_TTL_MS;
}

export function newRequestId(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

/** Where a form's answer belongs: the video, and the texts the form was prefilled with. */
export interface Draft {
  videoUrl: string;
  channelKey: string;
  /** What the form showed, kept for a field a platform's form could not hold (it comes back absent). */
  title?: string | undefined;
  description?: string | undefined;
}

export interface PublishRepo {
  get(id: string): Promise<PublishRequestRecord | undefined>;
  save(r: PublishRequestRecord): Promise<void>;
  /**
   * Compare-and-set of one request (two clicks, two replicas): `change` sees the stored record and
   * answers the new one, or undefined to leave it; it may run again on a conflict, so it must be pure.
   * Resolves to the record stored afterwards.
   */
  update(
    id: string,
    change: (r: PublishRequestRecord) => PublishRequestRecord | undefined,
  ): Promise<PublishRequestRecord | undefined>;
  ofChannel(channelKey: string): Promise<PublishRequestRecord[]>;
  all(): AsyncIterable<PublishRequestRecord>;
  saveDraft(id: string, d: Draft): Promise<void>;
  getDraft(id: string): Promise<Draft | undefined>;
}

export function createPublishRepo(store: Store, logger: Logger): PublishRepo {
  const requests = store.namespace('publish');
  const drafts = store.namespace('publish-drafts');

  async function read<T>(kv: KeyValue, key: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const raw = await kv.get<unknown>(key);
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    logger.warn({ key }, 'ignoring a stored publish request that does not parse');
    return undefined;
  }

  async function* all(): AsyncIterable<PublishRequestRecord> {
    for await (const [, raw] of requests.entries<unknown>()) {
      const parsed = requestSchema.safeParse(raw);
      if (parsed.success) yield parsed.data;
    }
  }

  const parse = (raw: unknown): PublishRequestRecord | undefined => {
    const parsed = requestSchema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  };

  return {
    get: (id) => read(requests, id, requestSchema),
    save: (r) => requests.set(r.id, r, ttlOf(r)),
    async update(id, change) {
      const stored = await requests.update<unknown>(
        id,
        (raw) => {
          const r = parse(raw);
          return r ? change(r) : undefined;
        },
        (v) => {
          const r = parse(v);
          return r ? ttlOf(r) : undefined;
        },
      );
      return parse(stored);
    },
    async ofChannel(channelKey) {
      const out: PublishRequestRecord[] = [];
      for await (const r of all()) if (r.channelKey === channelKey) out.push(r);
      return out.sort((a, b) => a.createdAt - b.createdAt);
    },
    all,
    saveDraft: (id, d) => drafts.set(id, d, DRAFT_TTL_MS),
    async getDraft(id) {
      const d = await drafts.get<Draft>(id);
      return d && typeof d.videoUrl === 'string' ? d : undefined;
    },
  };
}
