import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness.ts';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'reelbot-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pipeToBot(input: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
        PORT: '0',
        SANDBOX_JOB_MS: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
    child.stdin.end(input);
  });
}

describe('the console with input piped in', () => {
  it('exits 1 when a job failed, after printing the failure', async () => {
    const { code, out } = await pipeToBot('/broll https://example.com/fail.mp4\n/broll https://example.com/ok.mp4\n');
    expect(out).toMatch(/B-roll failed/);
    expect(out).toMatch(/1 job failed/);
    expect(code).toBe(1);
  }, 70_000);
});

/** A terminal as readline sees it: a TTY input to type into, and a screen that records what was drawn. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  const screen = Object.assign(new PassThrough(), { isTTY: true, columns: 120, rows: 40 });
  let drawn = '';
  screen.on('data', (d: Buffer) => {
    drawn += d.toString();
  });
  return { input, screen, drawn: () => drawn };
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the interactive console', () => {
  it('prints a result that arrives while someone types above a redrawn prompt holding their text', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      { sandbox: { jobMs: 400, webhookRetryMs: 100 }, console: { waitMs: 1000, input: t.input, output: t.screen } },
    );
    const session = h.app;
    t.input.write('/broll https://example.com/talk.mp4\r');
    await new Promise((r) => setTimeout(r, 150));
    t.input.write('/clip https://yout');
    const deadline = Date.now() + 10_000;
    while (!/B-roll is ready|B-roll video is ready/.test(t.drawn()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const drawn = t.drawn();
    const at = drawn.search(/your B-roll video is ready/);
    expect(at).toBeGreaterThan(0);
    // The half-typed line is wiped before the result, never run into it…
    const before = drawn.slice(0, at);
    const typed = '/clip https://yout';
    const ESC = String.fromCharCode(27);
    const after = before.slice(before.lastIndexOf(typed) + typed.length).replace(new RegExp(`^${ESC}\\[\\d+G`), '');
    expect(after.startsWith(`\r${ESC}[2K`)).toBe(true);
    // …and comes back under it, ready to finish.
    expect(drawn.slice(at).replaceAll(`${ESC}[21G`, '').endsWith(`> ${typed}`)).toBe(true);
    t.input.write('\r');
    t.input.end();
    await session.finished;
  });

  it('does not show the key typed after /setup key on the screen', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      { sandbox: { jobMs: 400, webhookRetryMs: 100 }, console: { waitMs: 1000, input: t.input, output: t.screen } },
    );
    const session = h.app;
    t.input.write('/setup key\r');
    const deadline = Date.now() + 10_000;
    while (!/not shown/.test(t.drawn()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    t.input.write('sk-typed-secret-4242\r');
    await new Promise((r) => setTimeout(r, 300));
    t.input.write('/help\r');
    while (!/\/clip/.test(t.drawn().split('sk-')[0] ?? '') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    t.input.end();
    await session.finished;
    expect(t.drawn()).toContain('not shown');
    expect(t.drawn()).not.toContain('sk-typed-secret-4242');
    // What is typed after the secret is echoed again.
    const ESC = String.fromCharCode(27);
    expect(t.drawn().replace(new RegExp(`${ESC}\\[[0-9;]*[A-Za-z]`, 'g'), '')).toMatch(/^(> )?\/help$/m);
  });
});
