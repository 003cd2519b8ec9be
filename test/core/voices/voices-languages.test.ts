import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/core/app/commands.ts';
import { createCatalogue } from '../../../src/core/i18n/catalogue.ts';
import { describeAge } from '../../../src/core/voices/catalogue.ts';
import { checkScriptLength } from '../../../src/core/voices/split-script.ts';
import { createVoiceIndex } from '../../../src/core/voices/voice-index.ts';
import { buildCatalogue } from './fixture.ts';

// Why a voice or a script is refused, in the reader's language (issue 44); what the person typed stays as typed.

const catalogue = createCatalogue(MESSAGES);
const index = createVoiceIndex(buildCatalogue());

describe('a voice that cannot be found', () => {
  it('is refused in French, the typed name quoted as it was', () => {
    const found = index.resolve('<!channel> {x}', catalogue.translator('fr'));
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.message).toMatch(/^voix inconnue « <!channel> \{x\} » — /);
    expect(found.message).toContain('/voices');
  });

  it('is refused in English as before when no reader is named', () => {
    const found = index.resolve('');
    expect(found).toMatchObject({ ok: false, message: 'no voice given — browse with /voices' });
  });
});

describe('a script too long to speak', () => {
  it('is refused in German with the figures written the German way', () => {
    const checked = checkScriptLength('wort '.repeat(2345), catalogue.translator('de'));
    expect(checked).toEqual({
      ok: false,
      message: 'Das Skript hat 2.345 Wörter; die Grenze liegt bei 1.500 — teile es auf mehrere /tts-Befehle auf.',
    });
    expect(checkScriptLength('word '.repeat(2345))).toMatchObject({
      message: 'That script is 2,345 words; the limit is 1,500 — split it into several /tts commands.',
    });
  });
});

describe('the age of a voice list that could not be refreshed', () => {
  it('is said in the reader’s words', () => {
    expect(describeAge(3 * 3_600_000, catalogue.translator('ja'))).toBe('3 時間前');
    expect(describeAge(86_400_000, catalogue.translator('es'))).toBe('hace 1 día');
    expect(describeAge(86_400_000)).toBe('1 day ago');
  });
});
