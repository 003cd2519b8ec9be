import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// What an operator sees in the idle bot's memory: start-up no longer leaves V8's young generation at its
// 16 MB-per-semi-space maximum (~29 MB resident that only a burst uses), and once the bot serves, a burst
// grows it as V8 always did. Measured in a fresh process, as main.ts imports young-generation.ts first.

const root = join(import.meta.dirname, '..');

/** Young generation size (MB) after long-lived allocation like start-up's, and again after release + a burst. */
function youngGeneration(nodeFlags: string[] = []): { startUp: number; afterBurst: number } {
  const code = `
    import v8 from 'node:v8';
    const { releaseYoungGeneration } = await import('./src/young-generation.ts');
    const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
    // Start-up: ~40 MB that all survives (module code and records, in the bot).
    const kept = [];
    for (let i = 0; i < 600_000; i++) kept.push({ i, text: 'module ' + i });
    const startUp = young();
    releaseYoungGeneration();
    // A burst: requests whose objects live a little while.
    const inFlight = [];
    for (let i = 0; i < 600_000; i++) inFlight.push({ i, text: 'request ' + i });
    console.log(JSON.stringify({ startUp, afterBurst: young() }));
  `;
  const out = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
  });
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(out.stdout.trim().split('\n').at(-1) ?? '{}') as { startUp: number; afterBurst: number };
}

describe('the young generation while the bot starts', () => {
  it('stays small through start-up and grows again under a burst once the bot serves', () => {
    const { startUp, afterBurst } = youngGeneration();
    // tsx's own loading happens before the hold; without it the same allocation reaches 32 MB.
    expect(startUp).toBeLessThanOrEqual(8);
    expect(afterBurst).toBeGreaterThanOrEqual(16);
  });

  it('leaves an operator’s own young-generation flags alone', () => {
    const { startUp } = youngGeneration(['--max-semi-space-size=16']);
    expect(startUp).toBe(32);
  });
});
