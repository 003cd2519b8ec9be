import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sandboxForTest, waitFor } from './helpers.ts';

function runTs(file: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the sandbox server', () => {
  it('listens on an ephemeral loopback port and reports its base URL', async () => {
    const sandbox = await sandboxForTest();
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.baseUrl).toBe(`${sandbox.origin}/api/v2`);
    const health = await fetch(`${sandbox.origin}/sandbox/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', projects: 0, posts: 0 });
  });

  it('lets the process exit once closed, even with a job and a webhook pending', async () => {
    const child = runTs('test/sandbox/fixtures/close-then-exit.ts');
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    // Generous bound: a leaked 60 s timer would keep the child alive far longer.
    const code = await Promise.race([exitOf(child), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    if (code === 'hung') child.kill();
    expect(code).toBe(0);
    expect(out).toContain('closed');
  });

  it('npm run sandbox prints its base URL and switches, and stops cleanly on SIGTERM', async () => {
    const child = runTs('src/cli/sandbox.ts', { SANDBOX_PORT: '0', SANDBOX_WEBHOOK_DUPLICATES: '1' });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const exited = exitOf(child);
    const baseUrl = await waitFor(() => /listening: (http:\/\/\S+\/api\/v2)/.exec(out)?.[1], { what: 'the banner' });
    expect(out).toContain('SANDBOX_RATE_LIMIT');
    expect(out).toContain('duplicate webhooks on');
    const voices = await fetch(`${baseUrl}/constants/voices`, { headers: { 'x-api-key': 'k' } });
    expect(voices.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('npm run sandbox refuses an invalid variable with a message naming it', async () => {
    const child = runTs('src/cli/sandbox.ts', { SANDBOX_RATE_LIMIT: 'lots' });
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    expect(await exitOf(child)).toBe(1);
    expect(err).toContain('SANDBOX_RATE_LIMIT');
  });
});
