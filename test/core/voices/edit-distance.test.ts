import { describe, expect, it } from 'vitest';
import { boundedDistance, typoAllowance } from '../../../src/core/voices/edit-distance.ts';

/** The textbook optimal-string-alignment distance, to check the fast one against. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = v;
    }
  }
  return at(a.length, b.length);
}

describe('bounded edit distance', () => {
  it('counts typos, swaps included', () => {
    expect(boundedDistance('jeny', 'jenny', 2)).toBe(1);
    expect(boundedDistance('jnejy', 'jenny', 2)).toBe(2);
    expect(boundedDistance('aira', 'aria', 2)).toBe(1);
    expect(boundedDistance('same', 'same', 0)).toBe(0);
  });

  it('gives up past the bound', () => {
    expect(boundedDistance('abc', 'xyz', 1)).toBe(2);
    expect(boundedDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('compares against a prefix when told how much of the name to use', () => {
    expect(boundedDistance('jeni', 'jennifer', 1, 4)).toBe(1);
  });

  it('agrees with the textbook distance on many pseudo-random pairs', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const word = () => Array.from({ length: next() % 8 }, () => 'abcd'[next() % 4]).join('');
    for (let k = 0; k < 3000; k++) {
      const a = word();
      const b = word();
      const max = next() % 4;
      expect(boundedDistance(a, b, max), `${a} ${b} ${max}`).toBe(Math.min(reference(a, b), max + 1));
    }
  });

  it('allows no typo in short words and more in long ones', () => {
    expect([3, 4, 5, 6, 12].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
  });
});
