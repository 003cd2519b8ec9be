import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/console/render-text.ts';
import { renderVoicePage, USE_VOICE_ID } from '../../src/core/voices/render-page.ts';
import { createVoiceIndex } from '../../src/core/voices/voice-index.ts';
import { buildCatalogue } from '../core/voices/fixture.ts';

const index = createVoiceIndex(buildCatalogue());

describe('a menu at the console', () => {
  const page = renderVoicePage({ voices: index.filter({}), page: 1, pageSize: 25, filters: {}, index });
  const lines = renderText(page);

  it('puts its name on a line of its own and its choices on lines a terminal shows whole', () => {
    expect(lines).toContain('  │ Use this voice (channel default):');
    const choices = lines.filter((l) => l.includes(`!${USE_VOICE_ID}:`));
    // Several lines, none of which a terminal 120 columns wide has to wrap.
    expect(choices.length).toBeGreaterThan(1);
    expect(choices.filter((l) => l.length > 110)).toEqual([]);
  });

  it('keeps every choice whole on one line, ready to type', () => {
    const menu = page.cards?.[0]?.controls?.find((c) => c.kind === 'select' && c.id === USE_VOICE_ID);
    if (menu?.kind !== 'select') throw new Error('no Use this voice menu');
    expect(menu.options).toHaveLength(25);
    for (const o of menu.options) {
      expect(lines.some((l) => l.includes(`!${USE_VOICE_ID}:${o.value} (${o.label})`))).toBe(true);
    }
  });
});
