// A publish request: what will be posted, where, when, and who agreed. Stored whole, so every button
// on its card works after a restart.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { threadRefSchema } from '../../jobs/model.ts';
import { PRIVACY_VALUES } from '../../media/enums.ts';
import type { Policy } from '../approvals/policy.ts';

export const REQUEST_STATES = [
  'pending', // waiting for approvals
  'scheduled', // approved, waiting for its time
  'overdue', // its time passed (the bot was down, or the quorum came late): asks to post now, at a new time, or cancel
  'publishing', // the API call is claimed (at most once) and under way
  'published',
  'failed', // the API refused (400/401/429): nothing was posted, may be tried again
  'unknown', // timeout, connection error or 5xx: it may or may not have been posted
  'cancelled',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

const personSchema = z.object({ userId: z.string(), userName: z.string().optional() });
export type Person = z.infer<typeof personSchema>;

/**
 * An outside reviewer and their link. Only the SHA-256 of the link's token is kept: the token itself is
 * shown once, to the member who invited them.
 */
export const reviewerSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokenHash: z.string(),
  createdBy: personSchema,
  /** The inviter's roles when they invited (Discord sends them with the click); Slack's groups are looked up. */
  inviterRoles: z.array(z.string()).optional(),
  createdAt: z.number(),
  revokedAt: z.number().optional(),
  /** When this link asked for changes within the last hour (at most the hourly limit, so the record stays small). */
  asked: z.array(z.number()).optional(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

export const contentSchema = z.object({
  videoUrl: z.string(),
  title: z.string(),
  description: z.string(),
  accounts: z.array(z.string()).min(1),
  privacy: z.enum(PRIVACY_VALUES),
  /** null = as soon as approved. */
  scheduleAt: z.number().nullable(),
  /** The video's still, shown as the outside review page's poster; not posted, so not part of the hash. */
  thumbnailUrl: z.string().optional(),
});
export type Content = z.infer<typeof contentSchema>;

export const requestSchema = z.object({
  id: z.string(),
  channelKey: z.string(),
  thread: threadRefSchema,
  content: contentSchema,
  requester: personSchema,
  /**
   * `reviewer`: the name of an outside reviewer who decided from a review link (userId `outside:<id>`), and
   * `invitedBy` the member who invited them. `standsFor`: the team member this approval counts as (the member
   * themself, or the inviter of the link), absent when it counts toward no one (an inviter who may not approve).
   */
  approvals: z.array(
    personSchema.extend({
      at: z.number(),
      hash: z.string(),
      reviewer: z.string().optional(),
      invitedBy: z.string().optional(),
      standsFor: z.string().optional(),
    }),
  ),
  /** The open change request of each person, their newest only: the full history is kept apart (comments.ts). */
  changes: z
    .array(
      personSchema.extend({
        at: z.number(),
        reason: z.string(),
        reviewer: z.string().optional(),
        /** Where the outside reviewer paused the video ("0:12"). */
        position: z.string().optional(),
      }),
    )
    .default([]),
  /** Outside reviewers invited with a personal link (outside-review.ts); one link each. */
  reviewers: z.array(reviewerSchema).default([]),
  state: z.enum(REQUEST_STATES),
  /** Bumped by Try again; each attempt has its own never-expiring claim. */
  attempt: z.number().int(),
  posts: z.array(z.object({ account: z.string(), postId: z.string() })).default([]),
  error: z.string().optional(),
  /** Who published, cancelled or marked it (the decision recorded on the locked card). */
  decidedBy: personSchema.optional(),
  decidedAt: z.number().optional(),
  /** Reminders posted since the last edit (reminders.ts): how many while waiting, and the one before its time. */
  reminded: z.object({ editedAt: z.number(), count: z.number().int(), slot: z.boolean() }).optional(),
  /** Who gave an overdue post a new time, when, and the time it missed. */
  moved: personSchema.extend({ at: z.number(), from: z.number() }).optional(),
  /** When the content last changed (approvals older than the expiry, or than this, do not count). */
  editedAt: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PublishRequestRecord = z.infer<typeof requestSchema>;

/** What an approval is bound to: exactly what will be posted. */
export function contentHash(c: Content): string {
  const canonical = JSON.stringify([
    c.videoUrl,
    c.title,
    c.description,
    [...c.accounts].sort(),
    c.privacy,
    c.scheduleAt,
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

export const personOf = (o: { userId: string; userName?: string | undefined }): Person =>
  o.userName ? { userId: o.userId, userName: o.userName } : { userId: o.userId };

export const OPEN_STATES: readonly RequestState[] = ['pending', 'scheduled', 'overdue'];

/**
 * A decision on the stored record: the new record, or a refusal shown to the person who clicked. Pure,
 * because a compare-and-set write runs it again when another click or replica changed the record first.
 */
export type Decide = (r: PublishRequestRecord, policy: Policy) => PublishRequestRecord | string;

/** What a decision left: the record stored afterwards, or why nothing changed. */
export interface Decided {
  record?: PublishRequestRecord;
  refusal?: string;
}
