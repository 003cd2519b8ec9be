import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../../src/core/commands/suggest.ts';
import { SUBTITLE_TEMPLATES } from '../../../src/core/media/enums.ts';

describe('closest', () => {
  it('guesses beast for bst among the subtitle templates', () => {
    expect(closest('bst', SUBTITLE_TEMPLATES)[0]).toBe('beast');
  });

  it('puts an exact match first, ignoring case', () => {
    expect(closest('MARINESHIFT', SUBTITLE_TEMPLATES)[0]).toBe('marineShift');
  });

  it('ranks words that start with the input before words a few edits away', () => {
    expect(closest('imp', ['limp', 'impact', 'impact2'])).toEqual(['impact', 'impact2', 'limp']);
    expect(closest('whis', SUBTITLE_TEMPLATES)).toEqual(['whisperer', 'whisperer2']);
  });

  it('ranks a word containing the input after prefixes and before distant guesses', () => {
    expect(closest('shift', ['marineShift', 'shifty', 'shirt'])).toEqual(['shifty', 'marineShift', 'shirt']);
  });

  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('tmeplate', 'template')).toBe(1);
    expect(closest('tmeplate', ['template', 'temperature'])).toEqual(['template']);
  });

  it('treats -, _ and spaces as the same', () => {
    expect(closest('remove-fillers', ['remove_fillers', 'remove_silences'])[0]).toBe('remove_fillers');
    expect(closest('bottom center', ['bottom-center', 'top-center'])[0]).toBe('bottom-center');
  });

  it('offers nothing when every candidate is too far away', () => {
    expect(closest('xyz', SUBTITLE_TEMPLATES)).toEqual([]);
    expect(closest('zzzzzzzz', ['english', 'french'])).toEqual([]);
  });

  it('prefers the shortest completion of a prefix', () => {
    expect(closest('i', ['impact2', 'inflate', 'impact'], 1)).toEqual(['impact']);
  });

  it('offers nothing for empty input and returns at most max guesses', () => {
    expect(closest('  ', SUBTITLE_TEMPLATES)).toEqual([]);
    expect(closest('i', ['impact', 'impact2', 'inflate', 'images'], 2)).toHaveLength(2);
  });

  it('keeps the candidates order between equally good guesses', () => {
    expect(closest('fad', ['fade', 'fat', 'fab'])).toEqual(['fade', 'fat', 'fab']);
  });
});

describe('didYouMean', () => {
  it('reads as a question for one, two or three guesses, and is empty for none', () => {
    expect(didYouMean(['beast'])).toBe('did you mean beast?');
    expect(didYouMean(['beast', 'boxd'])).toBe('did you mean beast or boxd?');
    expect(didYouMean(['a', 'b', 'c'])).toBe('did you mean a, b or c?');
    expect(didYouMean([])).toBe('');
  });
});
