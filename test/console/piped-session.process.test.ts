import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, stopAll } from '../support/bot-process.ts';

// `npm start` as a newcomer runs it: no tokens, commands piped in, results printed, exit 0.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-console-'));
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

async function runBot(
  input: string,
  env: Record<string, string> = {},
): Promise<{ code: number | string; out: string; err: string }> {
  const bot = run(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts'],
    {
      STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
      PORT: '0',
      SANDBOX_JOB_MS: '100',
      LOG_LEVEL: 'warn',
      ...env,
    },
    input,
  );
  const code = await bot.exited;
  return { code, out: bot.stdout(), err: bot.stderr() };
}

describe('the console with input piped in', () => {
  it('prints the job, then two reels with titles, thumbnails and video links, and exits 0', async () => {
    const { code, out, err } = await runBot('/clip https://www.youtube.com/watch?v=dQw4w9WgXcQ reels=2\n');
    expect(err).toContain('sandbox');
    expect(code).toBe(0);
    expect(out).toMatch(/\[#1\] .*Clips/);
    expect(out).toMatch(/Reel 1\/2: \S/);
    expect(out).toMatch(/Reel 2\/2: \S/);
    expect(out.match(/thumbnail: http:\/\/127\.0\.0\.1:\d+\/\S+/g)).toHaveLength(2);
    expect(out.match(/▶ Watch: http:\/\/127\.0\.0\.1:\d+\/\S+/g)).toHaveLength(2);
  }, 70_000);

  it('runs every command kind in one session and answers mistakes without stopping', async () => {
    const lines = [
      '/help',
      '/clip not-a-link',
      '/tts AIGenerate1 Hello there, welcome to the show.',
      '/ttv "A short story about a lighthouse." style=anime',
      '/subtitles https://example.com/talk.mp4 language=french',
      '/broll https://example.com/talk.mp4',
      '/voices language=french',
      '/jobs',
    ];
    const { code, out } = await runBot(`${lines.join('\n')}\n`);
    // Every line ran; the one mistake is counted in the exit status.
    expect(out).toMatch(/^1 command was refused\.$/m);
    expect(code).toBe(1);
    expect(out).toContain('/clip');
    expect(out).toMatch(/\(only you\) .*not a web link|\(only you\) .*url/i);
    expect(out).toMatch(/Listen: http/);
    expect(out.match(/\[#\d\] .*(Speech|Text to video|Subtitles|B-roll)/g)?.length).toBeGreaterThanOrEqual(4);
    expect(out).toMatch(/fr-FR/);
  }, 70_000);

  it('exits 1 when a command is refused, and says so after the refusal', async () => {
    const { code, out } = await runBot('/clip notalink\n');
    expect(out).toMatch(/\(only you\) .*not a link/);
    expect(out).toMatch(/^1 command was refused\.$/m);
    expect(code).toBe(1);
  }, 70_000);

  it('counts unknown commands, lines without a slash and refused forms with the failed jobs', async () => {
    const lines = [
      '/clpi https://youtu.be/dQw4w9WgXcQ',
      'hello',
      '/setup key',
      '',
      '/broll https://example.com/fail.mp4',
    ];
    const { code, out } = await runBot(`${lines.join('\n')}\n`);
    expect(out).toMatch(/The API key was empty/);
    expect(out).toMatch(/^3 commands were refused; 1 job failed\.$/m);
    expect(code).toBe(1);
  }, 70_000);
});
