import { z } from 'zod';
import { PROJECT_KINDS } from '../media/enums.ts';
import { outputSchema } from '../media/schemas.ts';
import type { Origin } from '../ports.ts';

// A job is one request of a user: one project, or several for a long text-to-speech script (parts
// delivered in order). Jobs live in the store, so a restart loses nothing.

const platformSchema = z.enum(['discord', 'slack', 'console']);

export const originSchema = z.object({
  platform: platformSchema,
  workspaceId: z.string(),
  channelId: z.string(),
  threadId: z.string().optional(),
  userId: z.string(),
  userName: z.string().optional(),
});

export const threadRefSchema = z.object({
  platform: platformSchema,
  workspaceId: z.string(),
  channelId: z.string(),
  threadId: z.string(),
  cardMessageId: z.string(),
});

export const JOB_STATES = ['submitting', 'pending', 'completed', 'failed', 'expired'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(PROJECT_KINDS),
  state: z.enum(JOB_STATES),
  channelKey: z.string(),
  origin: originSchema,
  thread: threadRefSchema.optional(),
  /** One line saying what was asked, for cards and /jobs. */
  summary: z.string(),
  /** The request body of each part, without webhookUrl (kept for Retry). */
  requests: z.array(z.record(z.string(), z.unknown())).min(1),
  /** Project id of each part, once created. */
  projectIds: z.array(z.string().nullable()),
  error: z.string().optional(),
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
});
export type Pending = z.infer<typeof pendingSchema>;

export const tokenRecordSchema = z.object({ jobId: z.string(), part: z.number().int() });
export type TokenRecord = z.infer<typeof tokenRecordSchema>;

export const channelKeyOf = (o: Pick<Origin, 'platform' | 'workspaceId' | 'channelId'>): string =>
  `${o.platform}:${o.workspaceId}:${o.channelId}`;
