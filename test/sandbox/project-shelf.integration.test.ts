import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../src/sandbox/app.ts';
import { DEFAULT_SANDBOX_OPTIONS } from '../../src/sandbox/options.ts';
import { CREATE_EXAMPLES } from './doc-examples.ts';

// Two sandboxes on one projects folder, as two consoles on one checkout run them (no sockets here).

const apps: SandboxApp[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function sandboxOn(projectsDir: string, origin: string, clock: { t: number }): SandboxApp {
  const a = createSandboxApp({ ...DEFAULT_SANDBOX_OPTIONS, jobMs: 1000, origin, projectsDir, now: () => clock.t });
  apps.push(a);
  return a;
}

const KEY = 'sk-sandbox-secret-77';
const read = (a: SandboxApp, id: string, key = KEY) =>
  a.handle({ method: 'GET', path: `/api/v2/projects/${id}`, headers: { 'x-api-key': key } });
const json = (r: { body: string | Buffer }) => JSON.parse(r.body.toString()) as Record<string, unknown>;

describe('sandboxes sharing a projects folder', () => {
  it('answer for each other’s projects, to the key that made them, with the same outputs for both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelbot-shelf-'));
    dirs.push(dir);
    const clock = { t: Date.now() };
    const first = sandboxOn(dir, 'http://127.0.0.1:1111', clock);
    const created = first.handle({
      method: 'POST',
      path: '/api/v2/broll',
      headers: { 'x-api-key': KEY },
      body: JSON.stringify({ ...CREATE_EXAMPLES.broll, webhookUrl: 'http://127.0.0.1:9/hook' }),
    });
    const { projectId } = json(created) as { projectId: string };
    // A second process (or the next start) has its own sandbox, on its own port.
    const second = sandboxOn(dir, 'http://127.0.0.1:2222', clock);
    expect(json(read(second, projectId))).toMatchObject({ projectId, status: 'processing' });
    expect(read(second, projectId, 'another-key').status).toBe(404);

    clock.t += 1500;
    const ended = json(read(second, projectId));
    expect(ended).toMatchObject({ projectId, status: 'completed' });
    // Its links point at the sandbox that answered (every sandbox serves every asset)…
    expect(JSON.stringify(ended)).toContain('http://127.0.0.1:2222/assets/');
    // …and the first, reading later, adopts that ending instead of making other outputs.
    const again = json(read(first, projectId));
    expect(JSON.stringify(again).replaceAll('1111', '2222')).toBe(JSON.stringify(ended));
    // The key is not written in the clear.
    const files = readdirSync(dir);
    expect(files).toEqual([`${projectId}.ended.json`, `${projectId}.made.json`]);
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8')).not.toContain(KEY);
  });
});
