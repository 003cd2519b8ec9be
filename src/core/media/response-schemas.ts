// What the media API answers (docs/media-api.md), lenient where the docs leave room (envelopes, status
// literals, error shapes), because the bot must survive what the docs do not promise.
import { z } from 'zod';

/** 201 from a creation endpoint; the older envelope nests projectId under `data`. */
export const createdResponseSchema = z
  .object({
    projectId: z.string().optional(),
    data: z.object({ projectId: z.string().optional() }).loose().optional(),
  })
  .loose()
  .transform((b, ctx) => {
    const projectId = b.projectId ?? b.data?.projectId;
    if (!projectId) {
      ctx.addIssue({ code: 'custom', message: 'response carries no projectId' });
      return z.NEVER;
    }
    return { projectId };
  });

export const clipInfoSchema = z
  .object({
    title: z.string().catch(''),
    caption: z.string().catch(''),
    viralityScore: z.coerce.number().optional().catch(undefined),
    viralityScoreReason: z.string().optional().catch(undefined),
    tags: z.array(z.string()).catch([]),
    suitablePlatforms: z.array(z.string()).catch([]),
  })
  .loose();
export type ClipInfo = z.infer<typeof clipInfoSchema>;

/**
 * One output. The kinds differ only in which fields are present (clip: video+thumbnail+info;
 * subtitles/broll: video+thumbnail; tts: audio; ttv: video), so one lenient shape covers them.
 */
export const outputSchema = z
  .object({
    id: z.string().optional(),
    videoUrl: z.string().optional(),
    thumbnailUrl: z.string().optional(),
    audioUrl: z.string().optional(),
    info: clipInfoSchema.optional().catch(undefined),
  })
  .loose();
export type Output = z.infer<typeof outputSchema>;

export type ProjectState = 'in_progress' | 'completed' | 'failed';
const FAILED_LITERALS = new Set(['failed', 'error', 'failure', 'cancelled', 'canceled']);

/** The error field is a string, null, or (leniently) an object with a message. */
const projectErrorSchema = z
  .union([z.string(), z.object({ message: z.string() }).loose(), z.null(), z.undefined()])
  .catch(null)
  .transform((e) => (e == null ? null : typeof e === 'string' ? e : e.message));

const projectBodySchema = z
  .object({
    projectId: z.string(),
    status: z.string().catch('unknown'),
    createdAt: z.string().nullish(),
    completedAt: z.string().nullish(),
    error: projectErrorSchema,
    outputs: z.array(outputSchema).nullish().catch([]),
  })
  .loose();

/**
 * A project as the webhook body or GET /projects/{id} returns it, flat or inside `data`, with a derived
 * `state`: completed only when the docs' `completed` literal comes with outputs; failed on any failure
 * literal or on an error with no outputs; anything else is still in progress.
 */
export const projectSchema = z
  .union([
    projectBodySchema,
    z
      .object({ data: projectBodySchema })
      .loose()
      .transform((b) => b.data),
  ])
  .transform((p) => {
    const outputs = p.outputs ?? [];
    const status = p.status.toLowerCase();
    let state: ProjectState = 'in_progress';
    if (FAILED_LITERALS.has(status) || (p.error && outputs.length === 0)) state = 'failed';
    else if (status === 'completed' && outputs.length > 0) state = 'completed';
    else if (status === 'completed') state = 'failed';
    return {
      projectId: p.projectId,
      status: p.status,
      state,
      createdAt: p.createdAt ?? null,
      completedAt: p.completedAt ?? null,
      error: p.error ?? (state === 'failed' && status === 'completed' ? 'The project finished with no outputs.' : null),
      outputs,
    };
  });
export type Project = z.infer<typeof projectSchema>;

/**
 * Only what decides whether a webhook body is a project and which one: projectSchema's own fields that can
 * fail (the rest fall back), flat or inside `data`, so it accepts exactly the bodies projectSchema accepts
 * and names the same project, without parsing every output of a finished project (a webhook's hot path).
 */
const { projectId, createdAt, completedAt } = projectBodySchema.shape;
const namedProjectSchema = z.object({ projectId, createdAt, completedAt });
export const deliverySchema = z.union([
  namedProjectSchema,
  z.object({ data: namedProjectSchema }).transform((b) => b.data),
]);

export const voiceSchema = z
  .object({
    voiceId: z.string().min(1),
    name: z.string().catch(''),
    gender: z.string().catch(''),
    languageCode: z.string().catch(''),
    style: z.string().catch('general'),
    sampleVoiceUrl: z.string().optional().catch(undefined),
  })
  .loose();
export type Voice = z.infer<typeof voiceSchema>;

/** The voice list; entries that do not parse are dropped rather than failing the whole catalogue. */
export const voiceListSchema = z
  .object({ total: z.number().optional(), data: z.array(z.unknown()) })
  .loose()
  .transform((b) =>
    b.data.flatMap((v) => {
      const r = voiceSchema.safeParse(v);
      return r.success ? [r.data] : [];
    }),
  );

export const publishResponseSchema = z
  .object({
    success: z.boolean().optional(),
    message: z.string().optional(),
    data: z
      .object({ posts: z.array(z.string()).catch([]) })
      .loose()
      .optional(),
  })
  .loose()
  .transform((b) => ({ posts: b.data?.posts ?? [], message: b.message ?? '' }));
export type PublishResult = z.infer<typeof publishResponseSchema>;

/** `{"error":{"message"}}`, or the older `{"statusCode","status","message","retryAfter"}`. */
export const errorBodySchema = z
  .object({
    error: z.union([z.object({ message: z.string() }).loose(), z.string()]).optional(),
    message: z.string().optional(),
    retryAfter: z.coerce.number().optional().catch(undefined),
  })
  .loose()
  .transform((b) => ({
    message: (typeof b.error === 'string' ? b.error : b.error?.message) ?? b.message ?? null,
    retryAfterSeconds: b.retryAfter ?? null,
  }));

// ---------------------------------------------------------------- documented response bodies
// Exact bodies the docs show; the sandbox sends them and contract tests compare against them.

export const CREATED_MESSAGE = 'project created successfully';
export const ERROR_MESSAGES = {
  400: 'Bad Request: Missing required fields',
  401: 'Unauthorized: API key invalid',
  401.1: 'Unauthorized: Invalid or missing API key',
  404: 'Project not found.',
  429: 'Too Many Requests: Please slow down your request rate.',
  500: 'Internal Server Error: Please try again later or contact support',
} as const;
export const VOICES_MESSAGE = 'Voices fetched successfully!';
export const PUBLISH_MESSAGE = 'Successfully created your post';
