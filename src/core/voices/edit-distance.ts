// Edit distance for typo-tolerant voice search ("Jeny" -> "Jenny"). Bounded: it gives up as soon as
// the distance must exceed `max`, and reuses its rows, so scoring a few hundred names per keystroke
// stays well under a millisecond.

// Three rows of the dynamic programme (i-2, i-1, i), reused across calls; grown when a longer name comes.
let rows = new Int32Array(3 * 64);
const FAR = 1 << 20;

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent transpositions)
 * between `a` and the first `bLength` characters of `b` (all of it by default), or `max + 1` when it
 * is larger than `max`. Only the diagonal band of width 2·max+1 is computed: cells outside it already
 * exceed `max`.
 */
export function boundedDistance(a: string, b: string, max: number, bLength = b.length): number {
  const n = Math.min(bLength, b.length);
  const m = a.length;
  if (Math.abs(m - n) > max) return max + 1;
  const width = n + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  const r = rows;
  for (let j = 0; j <= n; j++) r[width + j] = j <= max ? j : FAR; // row 0 lives in slot 1
  for (let i = 1; i <= m; i++) {
    const cur = ((i + 1) % 3) * width;
    const prev = (i % 3) * width;
    const prev2 = ((i + 2) % 3) * width;
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    r[cur] = i <= max ? i : FAR;
    if (lo > 1) r[cur + lo - 1] = FAR;
    let rowMin = r[cur] as number;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      const up = (r[prev + j] as number) + 1;
      const left = (r[cur + j - 1] as number) + 1;
      const diagonal = (r[prev + j - 1] as number) + (ai === bj ? 0 : 1);
      let d = Math.min(up, left, diagonal);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const swap = (r[prev2 + j - 2] as number) + 1;
        if (swap < d) d = swap;
      }
      r[cur + j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi < n) r[cur + hi + 1] = FAR;
    if (rowMin > max) return max + 1;
  }
  const d = r[((m + 1) % 3) * width + n] as number;
  return d > max ? max + 1 : d;
}

/** How many typos a query word of this length may carry: none for short words, where any match would do. */
export function typoAllowance(length: number): number {
  if (length <= 3) return 0;
  return length <= 5 ? 1 : 2;
}
