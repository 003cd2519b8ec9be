// A realistic voice catalogue for tests: neural voices across locales, each in its general style and
// some in extra speaking styles, like the media API's list (one entry per voice × style).

import type { Voice } from '../../../src/core/media/schemas.ts';

type Speaker = [name: string, gender: 'Male' | 'Female', extraStyles?: string[]];

const EN_STYLES = ['cheerful', 'sad', 'angry', 'excited', 'friendly', 'hopeful', 'shouting', 'whispering', 'terrified'];

const SPEAKERS: Record<string, Speaker[]> = {
  'en-US': [
    ['Jenny', 'Female', [...EN_STYLES, 'assistant', 'chat', 'customerservice', 'newscast']],
    ['Guy', 'Male', [...EN_STYLES, 'newscast']],
    ['Aria', 'Female', [...EN_STYLES, 'chat', 'customerservice', 'narration-professional', 'newscast-casual']],
    ['Davis', 'Male', EN_STYLES],
    ['Jane', 'Female', EN_STYLES],
    ['Jason', 'Male', EN_STYLES],
    ['Nancy', 'Female', EN_STYLES],
    ['Sara', 'Female', EN_STYLES],
    ['Tony', 'Male', EN_STYLES],
    ['Ana', 'Female'],
    ['Andrew', 'Male'],
    ['Brian', 'Male'],
    ['Emma', 'Female'],
    ['Michelle', 'Female'],
    ['Roger', 'Male'],
    ['Steffan', 'Male'],
    ['JennyMultilingual', 'Female'],
    ['AIGenerate1', 'Male'],
    ['AIGenerate2', 'Female'],
  ],
  'en-GB': [
    ['Sonia', 'Female', ['cheerful', 'sad']],
    ['Ryan', 'Male', ['cheerful', 'chat']],
    ['Libby', 'Female'],
    ['Abbi', 'Female'],
    ['Alfie', 'Male'],
    ['Jenny', 'Female'],
  ],
  'en-AU': [
    ['Natasha', 'Female'],
    ['William', 'Male'],
    ['Annette', 'Female'],
  ],
  'en-IN': [
    ['Neerja', 'Female', ['cheerful', 'empathetic', 'newscast']],
    ['Prabhat', 'Male'],
  ],
  'fr-FR': [
    ['Denise', 'Female', ['cheerful', 'sad']],
    ['Henri', 'Male', ['cheerful', 'sad']],
    ['Eloise', 'Female'],
    ['Brigitte', 'Female'],
    ['Alain', 'Male'],
    ['Jacqueline', 'Female'],
  ],
  'fr-CA': [
    ['Sylvie', 'Female'],
    ['Antoine', 'Male'],
    ['Jean', 'Male'],
  ],
  'de-DE': [
    ['Katja', 'Female'],
    ['Conrad', 'Male', ['cheerful']],
    ['Amala', 'Female'],
    ['Bernd', 'Male'],
  ],
  'es-ES': [
    ['Elvira', 'Female'],
    ['Alvaro', 'Male'],
    ['Abril', 'Female'],
  ],
  'es-MX': [
    ['Dalia', 'Female', ['cheerful', 'sad', 'whispering']],
    ['Jorge', 'Male', ['cheerful', 'chat']],
  ],
  'pt-BR': [
    ['Francisca', 'Female', ['calm']],
    ['Antonio', 'Male'],
  ],
  'it-IT': [
    ['Elsa', 'Female'],
    ['Diego', 'Male'],
    ['Isabella', 'Female', ['cheerful', 'chat']],
  ],
  'ja-JP': [
    ['Nanami', 'Female', ['chat', 'cheerful', 'customerservice']],
    ['Keita', 'Male'],
  ],
  'zh-CN': [
    [
      'Xiaoxiao',
      'Female',
      ['affectionate', 'angry', 'assistant', 'calm', 'chat', 'cheerful', 'newscast', 'poetry-reading'],
    ],
    ['Yunxi', 'Male', ['angry', 'assistant', 'chat', 'cheerful', 'narration-relaxed', 'newscast']],
    ['Yunjian', 'Male', ['narration-relaxed', 'sports-commentary']],
  ],
  'ko-KR': [
    ['SunHi', 'Female'],
    ['InJoon', 'Male'],
  ],
  'ar-EG': [
    ['Salma', 'Female'],
    ['Shakir', 'Male'],
  ],
  'hi-IN': [
    ['Swara', 'Female'],
    ['Madhur', 'Male'],
  ],
  'th-TH': [
    ['Premwadee', 'Female'],
    ['Niwat', 'Male'],
  ],
  'sv-SE': [
    ['Sofie', 'Female'],
    ['Mattias', 'Male'],
  ],
};

/** A stable UUID per position, so tests can refer to voices by id. */
const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const capitalise = (s: string): string =>
  s
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export function voice(partial: Partial<Voice> & { name: string }, n = 0): Voice {
  const languageCode = partial.languageCode ?? 'en-US';
  const style = partial.style ?? 'general';
  return {
    voiceId: uuid(n),
    gender: 'Female',
    languageCode,
    style,
    sampleVoiceUrl: `https://samples.example/voices/${languageCode}-${partial.name}-${capitalise(style)}-Audio.wav`,
    ...partial,
  };
}

/** A few hundred voices: every speaker in its general style, then its extra styles. */
export function buildCatalogue(): Voice[] {
  const voices: Voice[] = [];
  for (const [languageCode, speakers] of Object.entries(SPEAKERS)) {
    for (const [name, gender, extra = []] of speakers) {
      for (const style of ['general', ...extra]) {
        voices.push(voice({ name, gender, languageCode, style }, voices.length + 1));
      }
    }
  }
  return voices;
}

/** The catalogue grown to the API's real size (800+), with distinct generated speakers. */
export function buildLargeCatalogue(size = 840): Voice[] {
  const voices = buildCatalogue();
  const locales = Object.keys(SPEAKERS);
  for (let i = 0; voices.length < size; i++) {
    const languageCode = locales[i % locales.length] ?? 'en-US';
    const style = i % 3 === 0 ? 'general' : (EN_STYLES[i % EN_STYLES.length] ?? 'general');
    voices.push(
      voice({ name: `Speaker${i}`, gender: i % 2 ? 'Male' : 'Female', languageCode, style }, voices.length + 1),
    );
  }
  return voices;
}

export const find = (voices: Voice[], name: string, languageCode = 'en-US', style = 'general'): Voice => {
  const v = voices.find((x) => x.name === name && x.languageCode === languageCode && x.style === style);
  if (!v) throw new Error(`fixture has no ${languageCode} ${name} ${style}`);
  return v;
};
