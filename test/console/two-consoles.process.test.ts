import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Run, run, stopAll } from '../support/bot-process.ts';

// Two `npm start` consoles on one checkout share `data/`; each runs its own sandbox. A job one of them
// started must never be failed by the other (or by the next start after Ctrl-C) for a 404 from a
// sandbox that never knew its project.

const dirs: string[] = [];
afterEach(async () => {
  await stopAll();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** One console on the data folder `dir`, as `npm start` runs it, with input piped in. */
function startConsole(dir: string, jobMs: number): Run {
  return run(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts'],
    {
      STORE_URL: `sqlite://${join(dir, 'reelbot.sqlite')}`,
      PORT: '0',
      SANDBOX_JOB_MS: String(jobMs),
      LOG_LEVEL: 'warn',
    },
    undefined,
    { keepStdinOpen: true },
  );
}

async function waitFor(c: Run, pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(c.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms: ${c.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const FALSE_FAILURE = /no longer knows project|B-roll failed|job failed/;

describe('two consoles on one data folder', () => {
  it('each gets its own results; neither fails the other one’s job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-two-'));
    dirs.push(dir);
    const first = startConsole(dir, 4000);
    first.proc.stdin?.end('/broll https://example.com/first.mp4\n');
    await waitFor(first, /Working on it/);
    // The second starts while the first's project is still being made, and looks at every pending job.
    const second = startConsole(dir, 1000);
    second.proc.stdin?.end('/broll https://example.com/second.mp4\n');
    const [firstCode, secondCode] = await Promise.all([first.exited, second.exited]);
    expect(first.output()).toMatch(/your B-roll video is ready: example\.com\/first\.mp4/);
    expect(second.output()).toMatch(/your B-roll video is ready: example\.com\/second\.mp4/);
    expect(first.output()).not.toMatch(FALSE_FAILURE);
    expect(second.output()).not.toMatch(FALSE_FAILURE);
    expect(firstCode).toBe(0);
    expect(secondCode).toBe(0);
  }, 90_000);

  it('a job cut off by Ctrl-C is finished by the next start, not failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-resume-'));
    dirs.push(dir);
    const first = startConsole(dir, 2000);
    first.proc.stdin?.write('/broll https://example.com/cut-off.mp4\n');
    await waitFor(first, /Working on it/);
    first.proc.kill('SIGINT');
    expect(await first.exited).toBe(0);
    // Started again once the project is done (2 s), as a person back at the terminal would.
    await new Promise((r) => setTimeout(r, 2500));
    // The next start (a new sandbox) reads the earlier project back and posts its result.
    const next = startConsole(dir, 3000);
    next.proc.stdin?.end('/broll https://example.com/after.mp4\n');
    expect(await next.exited).toBe(0);
    expect(next.output()).toMatch(/your B-roll video is ready: example\.com\/cut-off\.mp4/);
    expect(next.output()).not.toMatch(FALSE_FAILURE);
  }, 90_000);
});
