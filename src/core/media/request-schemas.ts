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

// What the media API accepts (docs/media-api.md): the sandbox validates with these schemas, and the
// client parses every body with them before sending.

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
