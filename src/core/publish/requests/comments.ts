// The history of a request's change requests, kept apart from the request: the record holds each person's
// newest open ask only (decide.ts), so it stays small however many comments come, while every comment given
// stays readable here, bounded per request and kept as long as a decided request is.
import { z } from 'zod';
import type { Store } from '../../ports.ts';

/** The newest this many comments of a request are kept; a link may add 10 an hour, a member one per click. */
export const MAX_COMMENTS = 200;
/** As long as a request may stay open and be kept after (a year to approve, one more held, 90 days after). */
const COMMENTS_TTL_MS = 800 * 24 * 3600_000;

const commentSchema = z.object({
  /** A member's id, or `outside:<reviewer id>`. */
  userId: z.string(),
  reviewer: z.string().optional(),
  at: z.number(),
  reason: z.string(),
  position: z.string().optional(),
  /** The version it was made on (absent = 1). */
  version: z.number().int().optional(),
});
export type Comment = z.infer<typeof commentSchema>;
const listSchema = z.array(commentSchema);

export interface CommentLog {
  add(requestId: string, c: Comment): Promise<void>;
  /** Oldest first. */
  list(requestId: string): Promise<Comment[]>;
}

export function createCommentLog(store: Store): CommentLog {
  const kv = store.namespace('publish-comments');
  const read = (raw: unknown) => listSchema.safeParse(raw ?? []).data ?? [];
  return {
    async add(requestId, c) {
      await kv.update<unknown>(
        requestId,
        (raw) => {
          const list = read(raw);
          // The same comment twice (a task or a write run again) is one.
          if (list.some((x) => x.userId === c.userId && x.at === c.at)) return undefined;
          return [...list, c].slice(-MAX_COMMENTS);
        },
        COMMENTS_TTL_MS,
      );
    },
    list: async (requestId) => read(await kv.get<unknown>(requestId)),
  };
}
