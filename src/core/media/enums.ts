// The media API's enumerations, as its public docs list them (docs/media-api.md).
// One source of truth for the client, the sandbox, the command table and the parsers.

export const CLIP_LANGUAGES = [
  'bulgarian',
  'catalan',
  'chinese (mandarin, simplified)',
  'chinese (mandarin, traditional)',
  'czech',
  'danish',
  'dutch',
  'english',
  'estonian',
  'finnish',
  'flemish',
  'french',
  'german',
  'german (switzerland)',
  'greek',
  'hindi',
  'hungarian',
  'indonesian',
  'italian',
  'japanese',
  'korean',
  'latvian',
  'lithuanian',
  'malay',
  'multilingual (spanish + english)',
  'norwegian',
  'polish',
  'portuguese',
  'romanian',
  'russian',
  'slovak',
  'spanish',
  'swedish',
  'thai',
  'turkish',
  'ukrainian',
  'vietnamese',
  'hinglish',
] as const;
export type ClipLanguage = (typeof CLIP_LANGUAGES)[number];

/** `/subtitles` accepts the clip languages except hinglish. */
export const SUBTITLE_LANGUAGES = CLIP_LANGUAGES.filter(
  (l): l is Exclude<ClipLanguage, 'hinglish'> => l !== 'hinglish',
);

export const SUBTITLE_TEMPLATES = [
  'none',
  'harmozi',
  'pulse',
  'filler',
  'whisperer',
  'marineShift',
  'sonic',
  'spotlight',
  'focusFlash',
  'inflate',
  'boxd',
  'productive',
  'beast',
  'impact',
  'fade',
  'typewriter',
  // Listed by newer revisions of the docs.
  'cinematic',
  'vivid',
  'whisperer2',
  'impact2',
] as const;
export type SubtitleTemplate = (typeof SUBTITLE_TEMPLATES)[number];
export const DEFAULT_SUBTITLE_TEMPLATE: SubtitleTemplate = 'productive';

export const SUBTITLE_POSITIONS = ['bottom-center', 'top-center', 'middle-center'] as const;
export const SUBTITLE_FONT_SIZES = ['s', 'm', 'l', 'xl'] as const;

export const BROLL_TYPES = ['images', 'stock', 'mixed'] as const;
export const BROLL_FREQUENCIES = ['none', 'low', 'medium', 'high'] as const;

export const VISUAL_STYLES = [
  'realtime',
  'realism',
  'anime',
  'cyberpunk',
  'comic',
  'fantasy',
  'scifi',
  'lego',
  'pixel_art',
  'line_art',
  'renaissance',
  'medieval_painting',
  'medieval_painting2',
  'wes_anderson',
  'anime_figures',
  'porcelain',
] as const;

export const PRIVACY_VALUES = ['public', 'private', 'unlisted'] as const;

export const PROJECT_KINDS = ['clip', 'ttv', 'subtitles', 'broll', 'tts'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/** The docs' default voice for /tts and /ttv. */
export const DEFAULT_VOICE_ID = '386a7b80-1001-4017-bb51-49b3428ab8f4';
/** The one voice the docs publish in full. */
export const EXAMPLE_VOICE = {
  voiceId: '5dfe5ceb-0068-4a5f-8960-214e272f57a7',
  name: 'AIGenerate1',
  gender: 'Male',
  languageCode: 'en-US',
  style: 'general',
  sampleVoiceUrl: 'https://qr-be-assests.s3.us-east-1.amazonaws.com/voices/en-US-AIGenerate1-General-Audio.wav',
} as const;

export const DEFAULT_REEL_DURATION = '10-30';
/** What the bot uses when neither the command nor the channel names a language. */
export const DEFAULT_LANGUAGE: ClipLanguage = 'english';
/** The docs recommend at most about 100 words per text-to-speech request. */
export const TTS_WORDS_PER_REQUEST = 100;
