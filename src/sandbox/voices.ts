import { createHash } from 'node:crypto';
import { DEFAULT_VOICE_ID, EXAMPLE_VOICE } from '../core/media/enums.ts';
import type { Voice } from '../core/media/schemas.ts';
import { type LocaleVoices, VOICE_LOCALES, VOICE_STYLES } from './voice-names.ts';

/** The docs' catalogue size ("total":803). */
export const SANDBOX_VOICE_TOTAL = 803;
/** The docs give the default voice's id only; the sandbox names it like the usual en-US default. */
export const DEFAULT_VOICE = { name: 'Jenny', gender: 'Female', languageCode: 'en-US', style: 'general' } as const;
/** Where the standalone sandbox listens by default; sample URLs use the real origin when it is known. */
export const DEFAULT_SANDBOX_ORIGIN = 'http://127.0.0.1:4010';
/** Path prefix of the voice samples the sandbox serves. */
export const VOICE_SAMPLE_PREFIX = '/voices/';

interface VoiceRow {
  languageCode: string;
  name: string;
  gender: 'Male' | 'Female';
  style: string;
  order: [number, number, number];
}

/** A stable UUID (version-5 layout) from the voice's locale, name and style. */
function voiceUuid(e: VoiceRow): string {
  const h = createHash('sha1').update(`${e.languageCode}/${e.name}/${e.style}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

function hasStyles(locale: LocaleVoices, gender: 'Male' | 'Female', index: number): boolean {
  if (locale.styled === 'all') return true;
  if (locale.styled !== 'leads') return false;
  return gender === 'Female' ? index < 3 : index - locale.female.length < 2;
}

function baseEntries(): { general: VoiceRow[]; styled: VoiceRow[] } {
  const general: VoiceRow[] = [];
  const styled: VoiceRow[] = [];
  VOICE_LOCALES.forEach((locale, li) => {
    const voices = [
      ...locale.female.map((name) => ({ name, gender: 'Female' as const })),
      ...locale.male.map((name) => ({ name, gender: 'Male' as const })),
    ];
    if (locale.code === EXAMPLE_VOICE.languageCode) voices.push({ name: EXAMPLE_VOICE.name, gender: 'Male' });
    voices.forEach((v, vi) => {
      const entry: VoiceRow = { languageCode: locale.code, ...v, style: 'general', order: [li, vi, 0] };
      general.push(entry);
      if (hasStyles(locale, v.gender, vi) && v.name !== EXAMPLE_VOICE.name) styled.push(entry);
    });
  });
  return { general, styled };
}

/** Every voice in "general", then extra styles round-robin over the styled voices up to the docs' total. */
function catalogueEntries(): VoiceRow[] {
  const { general, styled } = baseEntries();
  const entries = [...general];
  for (let si = 1; si < VOICE_STYLES.length && entries.length < SANDBOX_VOICE_TOTAL; si++) {
    for (const v of styled) {
      if (entries.length >= SANDBOX_VOICE_TOTAL) break;
      entries.push({ ...v, style: VOICE_STYLES[si] ?? 'general', order: [v.order[0], v.order[1], si] });
    }
  }
  return entries.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2]);
}

let cached: VoiceRow[] | undefined;

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function toVoice(e: VoiceRow, origin: string): Voice {
  if (e.name === EXAMPLE_VOICE.name && e.languageCode === EXAMPLE_VOICE.languageCode) return { ...EXAMPLE_VOICE };
  const isDefault =
    e.name === DEFAULT_VOICE.name && e.languageCode === DEFAULT_VOICE.languageCode && e.style === DEFAULT_VOICE.style;
  return {
    voiceId: isDefault ? DEFAULT_VOICE_ID : voiceUuid(e),
    name: e.name,
    gender: e.gender,
    languageCode: e.languageCode,
    style: e.style,
    sampleVoiceUrl: `${origin}${VOICE_SAMPLE_PREFIX}${e.languageCode}-${e.name}-${capitalised(e.style)}-Audio.wav`,
  };
}

/**
 * The sandbox's deterministic voice catalogue: 803 entries (one per voice x speaking style) across
 * many locales, including the docs' example voice and default voice id. Sample URLs point at `origin`.
 */
export function sandboxVoices(origin: string = DEFAULT_SANDBOX_ORIGIN): Voice[] {
  cached ??= catalogueEntries();
  return cached.map((e) => toVoice(e, origin.replace(/\/+$/, '')));
}
