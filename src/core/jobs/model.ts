import { z } from 'zod';
import { PROJECT_KINDS } from '../media/enums.ts';
import { outputSchema } from '../media/schemas.ts';
import { originSchema, threadRefSchema } from '../platform/origin.ts';

// A job is one request of a user: one project, or several for a long text-to-speech script (parts
// delivered in order). Jobs live in the store, so a restart loses nothing. Only lifecycle.ts writes them.

export { originSchema, threadRefSchema };

export const JOB_STATES = ['submitting', 'running', 'settled', 'failed', 'expired', 'abandoned'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** Names stored by earlier versions, read as today's. */
const LEGACY_STATES: Record<string, JobState> = { pending: 'running', completed: 'settled' };
export const jobStateSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (LEGACY_STATES[value] ?? value) : value),
  z.enum(JOB_STATES),
);
/** No further transition: the job's record only waits for its time to live. */
export const isFinal = (state: JobState): boolean => !['submitting', 'running'].includes(state);

/**
 * Whom to tell when the job ends: a continuation registered under `name` by the feature that started the job
 * (`JobService.whenEnded`), given `data` back. The jobs feature knows nothing of what it does.
 */
export const continuationSchema = z.object({
  name: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type Continuation = z.infer<typeof continuationSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(PROJECT_KINDS),
  state: jobStateSchema,
  channelKey: z.string(),
  origin: originSchema,
  thread: threadRefSchema.optional(),
  /** One line saying what was asked, for cards and /jobs. */
  summary: z.string(),
  /**
   * The language its public messages are written in (the channel's when it started: `/setup locale=`, else the
   * platform's); absent for jobs started before languages, which stay English.
   */
  locale: z.string().optional(),
  /** The request body of each part, without webhookUrl (kept for Retry). */
  requests: z.array(z.record(z.string(), z.unknown())).min(1),
  /** Project id of each part, once created. */
  projectIds: z.array(z.string().nullable()),
  error: z.string().optional(),
  /**
   * Per part: the creation request may have left. Written (durably) just before each creation POST, so a
   * job a crash left "submitting" tells a creation never sent (safe to send) from one maybe sent (never
   * sent again: creating a project is not idempotent).
   */
  sent: z.array(z.boolean()).optional(),
  /**
   * Per part: which attempt set `sent`, so an attempt whose mark was written but whose answer was lost (a
   * store failing over) knows on its next try that the mark is its own and the request never left.
   */
  sentBy: z.array(z.string().nullable()).optional(),
  /** Creation failed without an answer (timeout, connection error, 5xx): the API may have made the project. */
  creation: z.enum(['unknown']).optional(),
  /** The API key that created the job, sealed, until the job ends: a key changed meanwhile breaks nothing. */
  sealedKey: z.string().optional(),
  /** What the card last showed; a final state whose card says otherwise is repaired when next seen. */
  cardShows: z.string().optional(),
  /** Told when the job ends (continuations.ts). */
  continuation: continuationSchema.optional(),
  /** The continuation ran to its end: it is not run again. */
  told: z.boolean().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Job = z.infer<typeof jobSchema>;

/** The settled result of one part, stored under its own key so parts never overwrite each other. */
export const partResultSchema = z.object({
  state: z.enum(['completed', 'failed']),
  projectId: z.string(),
  error: z.string().nullable(),
  outputs: z.array(outputSchema),
  delivered: z.boolean(),
  settledAt: z.number(),
  /** When the media API says it finished (ms), for the completion-to-post time. */
  completedAt: z.number().optional(),
});
export type PartResult = z.infer<typeof partResultSchema>;

/** What the poller keeps for each job still waiting for results. */
export const pendingSchema = z.object({
  jobId: z.string(),
  channelKey: z.string(),
  nextPollAt: z.number(),
  polls: z.number(),
  /** A webhook said it finished; poll right away. */
  seenAt: z.number().optional(),
  /** Polls in a row the media API failed (5xx, no answer): the next look comes sooner (see poll.ts). */
  failures: z.number().optional(),
});
export type Pending = z.infer<typeof pendingSchema>;

export const tokenRecordSchema = z.object({ jobId: z.string(), part: z.number().int() });
export type TokenRecord = z.infer<typeof tokenRecordSchema>;

/**
 * Which job made a project: project ids are guessable (a time and a counter), so /project answers only for the
 * workspace whose job made it (project-access.ts).
 */
export const projectMakerSchema = z.object({ jobId: z.string(), part: z.number().int() });
export type ProjectMaker = z.infer<typeof projectMakerSchema>;

// The channel key belongs to the seam (every feature keys by it); kept importable where jobs are.
export { channelKeyOf } from '../platform/origin.ts';
