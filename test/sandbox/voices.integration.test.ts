import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_ID, EXAMPLE_VOICE } from '../../src/core/media/enums.ts';
import { voiceSchema } from '../../src/core/media/schemas.ts';
import { DEFAULT_VOICE, sandboxVoices } from '../../src/sandbox/voices.ts';
import { call, sandboxForTest } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the voice catalogue', () => {
  const voices = sandboxVoices('http://127.0.0.1:4010');

  it('has the docs’ 803 entries with unique UUIDs, every one a valid voice', () => {
    expect(voices).toHaveLength(803);
    expect(new Set(voices.map((v) => v.voiceId)).size).toBe(803);
    for (const v of voices) {
      expect(v.voiceId).toMatch(UUID);
      expect(voiceSchema.parse(v)).toEqual(v);
      expect(['Male', 'Female']).toContain(v.gender);
      expect(v.languageCode).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
    }
  });

  it('is the same on every call', () => {
    expect(sandboxVoices('http://127.0.0.1:4010')).toEqual(voices);
  });

  it('contains the docs’ example voice exactly, sample URL included', () => {
    expect(voices).toContainEqual(EXAMPLE_VOICE);
  });

  it('contains the docs’ default voice id, named like a real en-US voice', () => {
    const found = voices.find((v) => v.voiceId === DEFAULT_VOICE_ID);
    expect(found).toMatchObject(DEFAULT_VOICE);
  });

  it('spans at least 30 languages with both genders', () => {
    const languages = new Set(voices.map((v) => v.languageCode.split('-')[0]));
    expect(languages.size).toBeGreaterThanOrEqual(30);
    expect(voices.some((v) => v.languageCode === 'fr-FR' && v.name === 'Denise')).toBe(true);
    expect(new Set(voices.map((v) => v.gender))).toEqual(new Set(['Male', 'Female']));
  });

  it('lists one entry per voice and speaking style', () => {
    const styles = new Set(voices.map((v) => v.style));
    for (const s of ['general', 'cheerful', 'newscast', 'whispering', 'sad', 'angry', 'friendly', 'excited']) {
      expect(styles).toContain(s);
    }
    const jenny = voices.filter((v) => v.languageCode === 'en-US' && v.name === 'Jenny').map((v) => v.style);
    expect(new Set(jenny).size).toBe(jenny.length);
    expect(jenny.length).toBeGreaterThan(1);
  });

  it('points sample URLs at the given origin', () => {
    const own = voices.filter((v) => v.voiceId !== EXAMPLE_VOICE.voiceId);
    expect(own.every((v) => v.sampleVoiceUrl?.startsWith('http://127.0.0.1:4010/voices/'))).toBe(true);
  });
});

describe('voice samples served by the sandbox', () => {
  it('open as WAV audio', async () => {
    const sandbox = await sandboxForTest();
    const list = (await call(sandbox, 'GET', '/constants/voices')).body as { data: { sampleVoiceUrl: string }[] };
    const own = list.data.filter((v) => v.sampleVoiceUrl.startsWith(sandbox.origin));
    expect(own.length).toBe(802);
    // Every 40th sample is enough: they are all served by the same route.
    for (const voice of own.filter((_, i) => i % 40 === 0)) {
      const res = await fetch(voice.sampleVoiceUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 4)
          .toString('ascii'),
      ).toBe('RIFF');
    }
  });
});
