import { DEFAULT_VOICE_ID } from '../../src/core/media/enums.ts';

// Example requests built from docs/media-api.md's endpoint table and enumerations, including the
// docs' quirk of sending some booleans as the strings "false".

// The webhook points at loopback (the discard port, where nothing listens) so tests never leave the machine.
export const WEBHOOK = 'http://127.0.0.1:9/webhooks/media';
export const VIDEO = 'https://example.com/videos/interview.mp4';

export const CLIP_EXAMPLE = {
  videoUrl: VIDEO,
  webhookUrl: WEBHOOK,
  language: 'english',
  clipSettings: { reelsCount: 3, prompt: 'the funniest moments', keywords: ['ai', 'startup'], reelDuration: '10-30' },
  brollSettings: { type: 'mixed', frequency: 'medium' },
  bgmSettings: { volume: 0.5, fadeIn: 0.5, fadeOut: 0.5 },
  subtitleStyles: { template: 'productive', position: 'bottom-center', fontSize: 'm' },
  additionalFeatures: {
    addBgm: 'false',
    addBroll: true,
    removeFillerWords: 'false',
    removeSilenceParts: false,
    addHook: true,
  },
};

export const TTV_EXAMPLE = {
  webhookUrl: WEBHOOK,
  voiceId: DEFAULT_VOICE_ID,
  script: 'Three tips to start your morning right.',
  visualStyle: 'realism',
  subtitleStyles: { template: 'cinematic', position: 'middle-center', fontSize: 'l' },
  additionalFeatures: { addBgm: true },
};

export const SUBTITLES_EXAMPLE = {
  videoUrl: VIDEO,
  webhookUrl: WEBHOOK,
  language: 'german (switzerland)',
  subtitleStyles: { template: 'harmozi', position: 'top-center', fontSize: 'xl' },
};

export const BROLL_EXAMPLE = { videoUrl: VIDEO, webhookUrl: WEBHOOK };

export const TTS_EXAMPLE = { webhookUrl: WEBHOOK, voiceId: DEFAULT_VOICE_ID, prompt: 'A cheerful welcome message.' };

export const PUBLISH_EXAMPLE = {
  videoUrl: 'https://example.com/reels/best-moment.mp4',
  apiAccessKeys: ['social-account-key-1'],
  title: 'Our best moment 🚀',
  description: 'Watch till the end #startup #ai',
  privacy: 'unlisted',
  scheduleTime: '2030-05-01T09:30:00.000Z',
};

export const CREATE_EXAMPLES = {
  clip: CLIP_EXAMPLE,
  ttv: TTV_EXAMPLE,
  subtitles: SUBTITLES_EXAMPLE,
  broll: BROLL_EXAMPLE,
  tts: TTS_EXAMPLE,
} as const;
