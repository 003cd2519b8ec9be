// Where publish requests and drafts (a form opened but not yet submitted) are stored, each in its own
// store namespace; a record that no longer parses is ignored, never guessed at.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { KeyValue, Logger, Store } from '../../ports.ts';
import { type OutputRef, type PublishRequestRecord, requestSchema } from './model.ts';

/** Decided requests are kept this long for /scheduled's "last 10 published" and old cards' buttons. */
const DECIDED_TTL_MS = 90 * 24 * 3600_000;
/** How long the link → request entry is kept: past the longest a request can stay open. */
const LINK_TTL_MS = 800 * 24 * 3600_000;
/** A form left open longer than this is gone (Discord's interaction token lives 15 min). */
const DRAFT_TTL_MS = 24 * 3600_000;

const isOpen = (r: PublishRequestRecord) =>
  ['pending', 'scheduled', 'overdue', 'publishing', 'unknown', 'failed'].includes(r.state);

/** Open requests stay until decided; decided ones are kept for a while, then go. */
function ttlOf(r: PublishRequestRecord): number | undefined {
  return isOpen(r) ? undefined : DECIDED_TTL_MS;
}

/** The workspace part of a channel key (`platform:workspace:channel`, see channelKeyOf). */
const workspaceOf = (channelKey: string) => channelKey.split(':').slice(0, 2).join(':');
/** Set once the index holds every open request written before it existed. */
const INDEX_BUILT = '!built:v1';

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
  /** The result's still, the review page's poster. */
  thumbnailUrl?: string | undefined;
  /** The result it is (Publish… on a result): version 1's source. */
  source?: { output: OutputRef; clip: boolean } | undefined;
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
  /**
   * The open requests (not yet published or cancelled) of one workspace (Discord guild, Slack team), oldest
   * first, read through an index kept per workspace rather than by scanning every request.
   */
  openIn(platform: string, workspaceId: string): Promise<PublishRequestRecord[]>;
  all(): AsyncIterable<PublishRequestRecord>;
  saveDraft(id: string, d: Draft): Promise<void>;
  getDraft(id: string): Promise<Draft | undefined>;
  /** Which request a review link belongs to, by the SHA-256 of its token (the token is never stored). */
  saveLink(tokenHash: string, requestId: string): Promise<void>;
  linkRequest(tokenHash: string): Promise<string | undefined>;
}

export function createPublishRepo(store: Store, logger: Logger): PublishRepo {
  const requests = store.namespace('publish');
  const drafts = store.namespace('publish-drafts');
  const links = store.namespace('publish-review-links');
  // Workspace → ids of its open requests. An id is added before its request is written and removed after
  // the request closed, so the index holds every open request (and at times a closed one, dropped when read).
  const index = store.namespace('publish-open');
  const indexSchema = z.array(z.string());
  const ids = async (ws: string) => indexSchema.safeParse(await index.get<unknown>(ws)).data ?? [];
  const changeIds = (ws: string, change: (ids: string[]) => string[]) =>
    index.update<unknown>(ws, (raw) => {
      const before = indexSchema.safeParse(raw).data ?? [];
      const after = change(before);
      return after.length === before.length && after.every((id, i) => id === before[i]) ? undefined : after;
    });
  const indexAdd = (r: PublishRequestRecord) =>
    changeIds(workspaceOf(r.channelKey), (list) => (list.includes(r.id) ? list : [...list, r.id]));
  const indexDrop = (ws: string, gone: readonly string[]) =>
    changeIds(ws, (list) => list.filter((id) => !gone.includes(id)));

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
    async save(r) {
      if (isOpen(r)) await indexAdd(r);
      await requests.set(r.id, r, ttlOf(r));
      if (!isOpen(r)) await indexDrop(workspaceOf(r.channelKey), [r.id]);
    },
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
      const record = parse(stored);
      // A request only becomes open when it is created (save); an update may close it.
      if (record && !isOpen(record)) await indexDrop(workspaceOf(record.channelKey), [record.id]);
      return record;
    },
    async ofChannel(channelKey) {
      const out: PublishRequestRecord[] = [];
      for await (const r of all()) if (r.channelKey === channelKey) out.push(r);
      return out.sort((a, b) => a.createdAt - b.createdAt);
    },
    async openIn(platform, workspaceId) {
      if ((await index.get<boolean>(INDEX_BUILT)) !== true) {
        // Requests written before the index existed: added once (a request saved meanwhile adds itself).
        for await (const r of all()) if (isOpen(r)) await indexAdd(r);
        await index.set(INDEX_BUILT, true);
      }
      const ws = `${platform}:${workspaceId}`;
      const listed = await ids(ws);
      const found = await Promise.all(listed.map((id) => read(requests, id, requestSchema)));
      const open = found.filter((r): r is PublishRequestRecord => r !== undefined && isOpen(r));
      // Only a request read closed leaves: one not there yet may be a save between its two writes.
      const closed = found.flatMap((r) => (r && !isOpen(r) ? [r.id] : []));
      if (closed.length > 0) await indexDrop(ws, closed);
      return open.sort((a, b) => a.createdAt - b.createdAt);
    },
    all,
    saveDraft: (id, d) => drafts.set(id, d, DRAFT_TTL_MS),
    async getDraft(id) {
      const d = await drafts.get<Draft>(id);
      return d && typeof d.videoUrl === 'string' ? d : undefined;
    },
    // Outlives its request however long it waits (approvals may last a year, a post be held a year more); once
    // the request is gone the link opens nothing anyway.
    saveLink: (tokenHash, requestId) => links.set(tokenHash, requestId, LINK_TTL_MS),
    async linkRequest(tokenHash) {
      const id = await links.get<unknown>(tokenHash);
      return typeof id === 'string' ? id : undefined;
    },
  };
}
