import { z } from 'zod';
import {
  BROLL_FREQUENCIES,
  BROLL_TYPES,
  CLIP_LANGUAGES,
  PRIVACY_VALUES,
  SUBTITLE_FONT_SIZES,
  SUBTITLE_LANGUAGES,
  SUBTITLE_POSITIONS,
  SUBTITLE_TEMPLATES,
  VISUAL_STYLES,
} from './enums.ts';

// Shapes of the media API (docs/media-api.md). Request schemas are what the API accepts (the sandbox
// validates with them); response schemas are lenient where the docs leave room (envelopes, status
// literals, error shapes), because the bot must survive what the docs do not promise.

/** 24 hex digits, the first 8 the creation time in Unix seconds (ObjectId style). */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'must be a 24-hex-digit id');

export const httpUrlSchema = z
  .string()
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Must be a valid URL');

/** The docs' own samples send some booleans as the strings "true"/"false": accept both. */
const looseBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]);

export const subtitleStylesSchema = z.object({
  template: z.enum(SUBTITLE_TEMPLATES).optional(),
  position: z.enum(SUBTITLE_POSITIONS).optional(),
  fontSize: z.enum(SUBTITLE_FONT_SIZES).optional(),
});

export const clipSettingsSchema = z.object({
  reelsCount: z.number().int().min(1).max(20).optional(),
  prompt: z.string().max(2000).optional(),
  keywords: z.array(z.string()).optional(),
  reelDuration: z
    .string()
    .regex(/^\d+-\d+$/, 'reelDuration must look like "<min>-<max>"')
    .optional(),
});

export const brollSettingsSchema = z.object({
  type: z.enum(BROLL_TYPES).optional(),
  frequency: z.enum(BROLL_FREQUENCIES).optional(),
});

export const bgmSettingsSchema = z.object({
  url: httpUrlSchema.optional(),
  volume: z.number().min(0).max(1).optional(),
  fadeIn: z.number().min(0).optional(),
  fadeOut: z.number().min(0).optional(),
});

export const clipFeaturesSchema = z.object({
  addBgm: looseBoolean.optional(),
  addBroll: looseBoolean.optional(),
  removeFillerWords: looseBoolean.optional(),
  removeSilenceParts: looseBoolean.optional(),
  addHook: looseBoolean.optional(),
});

export const clipRequestSchema = z.object({
  videoUrl: httpUrlSchema,
  webhookUrl: httpUrlSchema,
  language: z.enum(CLIP_LANGUAGES),
  clipSettings: clipSettingsSchema.optional(),
  brollSettings: brollSettingsSchema.optional(),
  bgmSettings: bgmSettingsSchema.optional(),
  subtitleStyles: subtitleStylesSchema.optional(),
  additionalFeatures: clipFeaturesSchema.optional(),
});
export type ClipRequest = z.input<typeof clipRequestSchema>;

/** Exactly one of script / prompt (tts and ttv). */
const exactlyOneOfScriptOrPrompt = {
  check: (b: { script?: string | undefined; prompt?: string | undefined }) =>
    (b.script === undefined) !== (b.prompt === undefined),
  message: 'exactly one of script or prompt is required',
};
const script = z.string().min(1).optional();

export const ttvRequestSchema = z
  .object({
    webhookUrl: httpUrlSchema,
    voiceId: z.string().min(1),
    script,
    prompt: script,
    visualStyle: z.enum(VISUAL_STYLES).optional(),
    subtitleStyles: subtitleStylesSchema.optional(),
    additionalFeatures: z.object({ addBgm: looseBoolean.optional() }).optional(),
  })
  .refine(exactlyOneOfScriptOrPrompt.check, { message: exactlyOneOfScriptOrPrompt.message });
export type TtvRequest = z.input<typeof ttvRequestSchema>;

export const subtitlesRequestSchema = z.object({
  videoUrl: httpUrlSchema,
  webhookUrl: httpUrlSchema,
  language: z.enum(SUBTITLE_LANGUAGES),
  subtitleStyles: subtitleStylesSchema.optional(),
});
export type SubtitlesRequest = z.input<typeof subtitlesRequestSchema>;

export const brollRequestSchema = z.object({ videoUrl: httpUrlSchema, webhookUrl: httpUrlSchema });
export type BrollRequest = z.input<typeof brollRequestSchema>;

export const ttsRequestSchema = z
  .object({ webhookUrl: httpUrlSchema, voiceId: z.string().min(1), script, prompt: script })
  .refine(exactlyOneOfScriptOrPrompt.check, { message: exactlyOneOfScriptOrPrompt.message });
export type TtsRequest = z.input<typeof ttsRequestSchema>;

export const publishRequestSchema = z.object({
  videoUrl: httpUrlSchema,
  apiAccessKeys: z.array(z.string().min(1)).min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  privacy: z.enum(PRIVACY_VALUES).optional(),
  scheduleTime: z.iso.datetime({ offset: true }).optional(),
});
export type PublishRequest = z.input<typeof publishRequestSchema>;

export const createRequestSchemas = {
  clip: clipRequestSchema,
  ttv: ttvRequestSchema,
  subtitles: subtitlesRequestSchema,
  broll: brollRequestSchema,
  tts: ttsRequestSchema,
} as const;

/** Request bodies by project kind, as the client sends them (webhookUrl added by the job layer). */
export interface CreateRequests {
  clip: ClipRequest;
  ttv: TtvRequest;
  subtitles: SubtitlesRequest;
  broll: BrollRequest;
  tts: TtsRequest;
}

// ---------------------------------------------------------------- responses

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
