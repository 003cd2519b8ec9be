import { describe, expect, it } from 'vitest';
import { changedFieldLines, renderText, shownFields } from '../../src/console/render-text.ts';
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

describe('a card edited at the console', () => {
  const card = (fields: Array<[string, string]>) => ({
    text: 'request',
    cards: [{ title: 'request', fields: fields.map(([name, value]) => ({ name, value })) }],
  });
  const shown = shownFields(card([['Approval', 'needs 2 approvals (0/2)']]));

  it('names each field that changed, and none that did not', () => {
    const after = shownFields(
      card([
        ['Approval', 'needs 2 approvals (1/2) — @bea'],
        ['Outside reviewers', 'Ana (Acme)'],
      ]),
    );
    expect(changedFieldLines(shown, after)).toEqual([
      'Approval: needs 2 approvals (1/2) — @bea',
      'Outside reviewers: Ana (Acme)',
    ]);
    expect(changedFieldLines(after, after)).toEqual([]);
  });

  it('shows all of a card it has not shown before, and nothing for a field the card dropped', () => {
    expect(changedFieldLines(undefined, shown)).toEqual(['Approval: needs 2 approvals (0/2)']);
    expect(changedFieldLines(shownFields(card([['Outside reviewers', 'Ana']])), shownFields(card([])))).toEqual([]);
  });
});
