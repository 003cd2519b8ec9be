// A publish request: what will be posted, where, when, and who agreed. Stored whole, so every button
// on its card works after a restart.

import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SHIPPED_LOCALES } from '../../i18n/locales.ts';
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
  /** The version this reviewer last approved or asked for changes on (versions.ts): the page says what changed since. */
  decidedOn: z.number().int().optional(),
  /** The language the inviter chose for the reviewer's page; absent, the page follows the reader's browser. */
  locale: z.enum(SHIPPED_LOCALES).optional(),
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
  /**
   * Which version of the request this is (versions.ts); absent = 1. Part of the hash from version 2 on, so an
   * approval of one version is never one of another, even when both show the same video.
   */
  version: z.number().int().min(1).optional(),
});
export type Content = z.infer<typeof contentSchema>;

/** A change request a version answers, by reference: its text stays in the comment log (comments.ts). */
export const answerSchema = personSchema.extend({
  /** When it was asked: with `userId`, the comment's key in the log. */
  at: z.number(),
  reviewer: z.string().optional(),
  invitedBy: z.string().optional(),
  position: z.string().optional(),
  /** The version it was asked on. */
  on: z.number().int().optional(),
});
export type Answer = z.infer<typeof answerSchema>;

/** Which output of a finished job a version is: `<job>:<part>:<output>`, as result buttons name it. */
export const outputRefSchema = z.object({ jobId: z.string(), part: z.number().int(), index: z.number().int() });
export type OutputRef = z.infer<typeof outputRefSchema>;

export const VERSION_HOWS = ['asked', 'subtitles', 'broll', 'cut', 'thread', 'link'] as const;
export type VersionHow = (typeof VERSION_HOWS)[number];

/** One version of a request's video: what it is, who made it and how, and which change requests it answers. */
export const versionSchema = z.object({
  n: z.number().int().min(1),
  videoUrl: z.string(),
  thumbnailUrl: z.string().optional(),
  at: z.number(),
  by: personSchema,
  how: z.enum(VERSION_HOWS),
  /** What was asked for, in words ("template beast · top-center · l"): the bot's own text from the form's choices. */
  note: z.string().optional(),
  /** The job output it is, when a job made it. */
  source: outputRefSchema.optional(),
  /** The clip it is a reel of (or descends from through follow-ups): what a new cut starts from. */
  cut: z.object({ jobId: z.string(), part: z.number().int() }).optional(),
  answers: z.array(answerSchema).default([]),
});
export type Version = z.infer<typeof versionSchema>;

/** The next version while a job makes it: the card says so; the job's end makes it a version, or says it failed. */
export const makingSchema = z.object({
  n: z.number().int(),
  how: z.enum(VERSION_HOWS),
  note: z.string().optional(),
  by: personSchema,
  at: z.number(),
  /** Set once the job is started (a reservation without one older than a few minutes was cut short). */
  jobId: z.string().optional(),
  cut: z.object({ jobId: z.string(), part: z.number().int() }).optional(),
  answers: z.array(answerSchema).default([]),
});
export type Making = z.infer<typeof makingSchema>;

export const requestSchema = z.object({
  id: z.string(),
  channelKey: z.string(),
  thread: threadRefSchema,
  content: contentSchema,
  requester: personSchema,
  /**
   * The language its public messages (card, thread lines, reminders) are written in: the channel's when it was
   * asked (`/setup locale=`, else the platform's, else English), kept since they are written long after (words.ts).
   * Absent for a request made before it: English.
   */
  locale: z.string().optional(),
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
      /** The version approved (absent = 1): an approval counts for that version only. */
      version: z.number().int().optional(),
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
        invitedBy: z.string().optional(),
        /** The version it was asked on (absent = 1). */
        version: z.number().int().optional(),
      }),
    )
    .default([]),
  /**
   * Versions of the video, oldest first (versions.ts); empty for a request made before versions, whose one
   * version is its content. At most MAX_VERSIONS.
   */
  versions: z.array(versionSchema).optional(),
  /** The next version while a job makes it. */
  making: makingSchema.optional(),
  /** The last version that could not be made, and why (shown on the card until the next version). */
  unmade: z.object({ n: z.number().int(), at: z.number(), error: z.string() }).optional(),
  /**
   * Change requests made before this are answered (an Edit answers every open one); absent = `editedAt`. A new
   * version moves `editedAt` (its approvals start over) but answers only the requests its maker ticked.
   */
  changesFrom: z.number().optional(),
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
  const fields = [c.videoUrl, c.title, c.description, [...c.accounts].sort(), c.privacy, c.scheduleAt];
  // Version 1 hashes as before versions existed, so approvals stored then still count.
  const canonical = JSON.stringify((c.version ?? 1) > 1 ? [...fields, c.version] : fields);
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
