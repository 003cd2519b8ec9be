import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, for tests that check what a long wait keeps alive (WeakRef.deref() is
 * undefined after it once nothing holds the object). A few rounds, with turns of the loop between, so
 * promise reactions that held the object have run.
 */
export async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
}
