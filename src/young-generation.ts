// V8's young generation, held small while the bot starts. Start-up loads ~1,500 modules, and nearly all it
// allocates lives for good (code, module records); V8 reads that survival as a busy young generation and
// doubles it at each scavenge up to its 16 MB semi-space maximum. Nothing shrinks it afterwards: an idle
// bot kept ~29 MB of young generation it only uses under a burst (issue 15; BENCHMARKS.md section 6).
// Growth is therefore held (factor 1) from the first import until the bot serves, then V8's own factor
// is restored, so a burst grows the young generation exactly as before. Imported first by main.ts.
//
// A factor of 1 is refused on the command line (V8 raises it to 2 when the heap is set up) but is read at
// each scavenge, so setting it at run time holds growth. An operator who sizes the young generation with
// node flags (`--max-semi-space-size`, `--semi-space-growth-factor`) keeps exactly their setting; a cap
// given in NODE_OPTIONS instead (not in execArgv) is kept too, since only the growth factor is touched.
import { setFlagsFromString } from 'node:v8';

/** V8's default --semi-space-growth-factor. */
const V8_GROWTH_FACTOR = 2;

const sizedByOperator = process.execArgv.some((flag) => /semi[-_]space/.test(flag));
let held = false;

if (!sizedByOperator) {
  setFlagsFromString('--semi-space-growth-factor=1');
  held = true;
}

/** From now on the young generation grows under load as V8 would have it. Idempotent. */
export function releaseYoungGeneration(): void {
  if (!held) return;
  held = false;
  setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`);
}
