import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { root, run, stopAll, waitForOutput } from '../support/bot-process.ts';

// The production section of docs/operations.md, followed on this machine. There is no container runtime here, so the
// test checks that the Dockerfile runs exactly the README's commands, then runs those commands itself:
// build, start, /healthz, SIGTERM. (`npm ci` and `npm prune` are not run: node_modules is shared here.)

const read = (file: string) => readFileSync(join(root, file), 'utf8');
let discord: DiscordDouble | undefined;
const dir = mkdtempSync(join(tmpdir(), 'reelbot-deploy-'));
afterEach(async () => {
  await stopAll();
  await discord?.close();
  discord = undefined;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The commands in the production block of docs/operations.md, comments dropped. */
function readmeCommands(): string[] {
  const readme = read('docs/operations.md');
  const block = /<!-- production-commands[^>]*-->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

function dockerSteps(): { runs: string[]; cmd: string } {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n');
  const runs = lines.filter((l) => l.startsWith('RUN ')).map((l) => l.slice(4).trim());
  const cmdJson = lines.find((l) => l.startsWith('CMD '))?.slice(4) ?? '[]';
  return { runs, cmd: (JSON.parse(cmdJson) as string[]).join(' ') };
}

async function ready(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`);
  return { status: res.status, body: (await res.json()) as { ok: boolean; platforms: Record<string, unknown> } };
}

function botEnv(d: DiscordDouble): Record<string, string> {
  return {
    DISCORD_TOKEN: d.token,
    DISCORD_API_URL: d.restUrl,
    MEDIA_API_URL: 'sandbox',
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    PORT: '0',
    NODE_ENV: 'production',
  };
}

describe('the deployment kit', () => {
  it('the Dockerfile builds and runs with exactly the production commands of docs/operations.md', () => {
    const commands = readmeCommands();
    expect(commands).toEqual(['npm ci', 'npm run build', 'npm prune --omit=dev', 'node dist/main.js']);
    const { runs, cmd } = dockerSteps();
    const build = commands.slice(0, -1);
    expect(runs.filter((r) => r.startsWith('npm '))).toEqual(build);
    expect(cmd).toBe(commands.at(-1));
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM .* AS build$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*?\/healthz/m);
    expect(JSON.parse(read('package.json')).scripts['start:prod']).toBe('exec node dist/main.js');
  });

  it('compose runs Redis with AOF and noeviction; the systemd unit runs the same start command', () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/"--appendonly", "yes"/);
    expect(compose).toMatch(/"--maxmemory-policy", "noeviction"/);
    expect(compose).toMatch(/STORE_URL: redis:\/\/redis:6379/);
    const unit = read('deploy/reelbot.service');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node dist\/main\.js$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });

  it('npm run build, node dist/main.js, /healthz ok, and SIGTERM exits 0 within 10 s', async () => {
    const build = run('npm', ['run', 'build'], {});
    expect(await build.exited, build.output()).toBe(0);

    discord = await createDiscordDouble();
    const bot = run(process.execPath, ['dist/main.js'], botEnv(discord));
    const port = Number((await waitForOutput(bot, /"port":(\d+),"msg":"HTTP listener ready/, 30_000))[1]);
    await waitForOutput(bot, /connected to Discord/, 30_000);
    const health = await ready(port);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, platforms: { discord: { ok: true, state: 'ready' } } });

    const asked = Date.now();
    bot.proc.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    expect(Date.now() - asked).toBeLessThan(10_000);
  }, 240_000);

  it('npm start passes SIGTERM through: the node process stops with it', async () => {
    discord = await createDiscordDouble();
    const npm = run('npm', ['start'], botEnv(discord));
    await waitForOutput(npm, /connected to Discord/, 60_000);
    const botPid = Number(/"pid":(\d+)/.exec(npm.output())?.[1]);
    expect(botPid).toBeGreaterThan(0);
    expect(botPid).not.toBe(npm.proc.pid);

    npm.proc.kill('SIGTERM');
    await npm.exited;
    const deadline = Date.now() + 10_000;
    let alive = true;
    while (alive && Date.now() < deadline) {
      try {
        process.kill(botPid, 0);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        alive = false;
      }
    }
    if (alive) process.kill(botPid, 'SIGKILL');
    expect(alive).toBe(false);
  }, 90_000);
});
