import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { run, stopAll, waitForOutput } from '../support/bot-process.ts';
import { type Harness, startHarness } from '../support/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'reelbot-console-'));
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

async function pipeToBot(input: string): Promise<{ code: number | string; out: string }> {
  const bot = run(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts'],
    {
      STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
      PORT: '0',
      SANDBOX_JOB_MS: '100',
      LOG_LEVEL: 'warn',
    },
    input,
  );
  const code = await bot.exited;
  return { code, out: bot.stdout() };
}

describe('the console with input piped in', () => {
  it('exits 1 when a job failed, after printing the failure', async () => {
    const { code, out } = await pipeToBot('/broll https://example.com/fail.mp4\n/broll https://example.com/ok.mp4\n');
    expect(out).toMatch(/B-roll failed/);
    expect(out).toMatch(/1 job failed/);
    expect(code).toBe(1);
  }, 70_000);
});

/**
 * `npm start` at a real terminal: the bot runs on a pseudo-terminal (util-linux `script`), so it sees a TTY on
 * stdin and stdout and logs only warnings, as for a person; the test types into it through `script`'s stdin.
 */
function atTerminal(env: Record<string, string>) {
  return run(
    'script',
    ['-qfec', `${process.execPath} --import tsx src/main.ts`, '/dev/null'],
    {
      TERM: 'dumb',
      PORT: '0',
      STORE_URL: `sqlite://${join(dir, `bot-${Math.random().toString(36).slice(2)}.sqlite`)}`,
      ...env,
    },
    '',
    { keepStdinOpen: true },
  );
}

describe('the console at a terminal', () => {
  let taken: Server | undefined;
  afterEach(async () => {
    await new Promise((r) => (taken ? taken.close(r) : r(undefined)));
    taken = undefined;
  });

  it('says where its listener and /healthz are, also when its port was taken', async () => {
    const server = createServer();
    taken = server;
    const busy = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    const bot = atTerminal({ PORT: String(busy) });
    const [, url, healthz] = await waitForOutput(
      bot,
      /Listening on (http:\/\/127\.0\.0\.1:\d+) \(health check: (http:\/\/\S+\/healthz)\)/,
      40_000,
    );
    expect(bot.output()).toContain(`Port ${busy} is in use; the console listens on ${url} instead.`);
    expect(url).not.toBe(`http://127.0.0.1:${busy}`);
    expect(healthz).toBe(`${url}/healthz`);
    expect((await fetch(healthz ?? '')).status).toBe(200);
    bot.proc.stdin?.write('quit\r');
    expect(await bot.exited).toBe(0);
  }, 60_000);

  it('quits with a job running without calling it failed, and the next start prints its result', async () => {
    const store = { STORE_URL: `sqlite://${join(dir, 'quit-then-start.sqlite')}` };
    const first = atTerminal(store);
    await waitForOutput(first, /Listening on/, 40_000);
    // The sandbox's jobs take 3 s: quit while it works.
    first.proc.stdin?.write('/broll https://example.com/left-running.mp4\r');
    await waitForOutput(first, /Working on it/, 20_000);
    first.proc.stdin?.write('quit\r');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(
      /1 job is still running and not lost: the next start on this data folder picks it up/,
    );
    expect(first.output()).not.toMatch(/failed/);

    const next = atTerminal(store);
    await waitForOutput(next, /your B-roll video is ready: example\.com\/left-running\.mp4/, 40_000);
    next.proc.stdin?.write('quit\r');
    expect(await next.exited).toBe(0);
    expect(next.output()).not.toMatch(/failed|still running/);
    // The result that prints with nothing typed says where it comes from, before it comes.
    const said = next.output();
    const resuming = said.indexOf(
      'Resuming 1 job left running on this data folder: its result prints here when ready.',
    );
    expect(resuming).toBeGreaterThan(-1);
    expect(resuming).toBeLessThan(said.indexOf('your B-roll video is ready'));
  }, 90_000);

  it("keeps a result's links working after a restart: the sandbox listens on its fixed port again", async () => {
    const sandboxPort = String(await freePort());
    const env = { STORE_URL: `sqlite://${join(dir, 'links-after-restart.sqlite')}`, SANDBOX_PORT: sandboxPort };
    const first = atTerminal({ ...env, SANDBOX_JOB_MS: '200' });
    await waitForOutput(first, /Listening on/, 40_000);
    first.proc.stdin?.write('/broll https://example.com/linked.mp4\r');
    const [link] = await waitForOutput(first, /http:\/\/127\.0\.0\.1:\d+\/assets\/[\w-]+\.mp4/, 20_000);
    expect(link).toContain(`127.0.0.1:${sandboxPort}/`);
    first.proc.stdin?.write('quit\r');
    expect(await first.exited).toBe(0);

    const next = atTerminal(env);
    await waitForOutput(next, /Listening on/, 40_000);
    const video = await fetch(link);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    next.proc.stdin?.write('quit\r');
    expect(await next.exited).toBe(0);
  }, 90_000);

  it('says so when the sandbox port is taken, and takes another', async () => {
    const server = createServer();
    taken = server;
    const busy = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    const bot = atTerminal({ SANDBOX_PORT: String(busy) });
    await waitForOutput(bot, /Listening on/, 40_000);
    expect(bot.output()).toMatch(
      new RegExp(`Port ${busy} is in use; the media API sandbox listens on http://127\\.0\\.0\\.1:\\d+ instead`),
    );
    bot.proc.stdin?.write('quit\r');
    expect(await bot.exited).toBe(0);
  }, 60_000);
});

/** A port nothing listens on now (the OS's pick, released at once). */
function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}

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
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 400, webhookRetryMs: 100 } },
      },
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
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 400, webhookRetryMs: 100 } },
      },
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

/** What the screen shows once cursor moves and colours are taken out. */
const plain = (s: string) =>
  s.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g'), '').replaceAll('\r\n', '\n');

/** Waits until the screen shows `pattern`; returns the match. */
async function until(t: ReturnType<typeof terminal>, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = pattern.exec(plain(t.drawn()));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the screen never showed ${pattern}: ${plain(t.drawn())}`);
}

describe('forms at the interactive console', () => {
  it('asks each field on the line it is answered on, with its choices, and keeps the answers after a typo', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 200, webhookRetryMs: 100 } },
      },
    );
    const session = h.app;
    t.input.write('/setup socials add studio platform=tiktok\r');
    await until(t, /Access key for studio \(.*not shown to anyone else\): $/m);
    t.input.write('tok-123\r');
    await until(t, /Saved the access key/);
    t.input.write('/broll https://example.com/talk.mp4\r');
    const [, publish] = await until(t, /type: !(publish:\S+)/);
    t.input.write(`!${publish}\r`);
    // A typo in the last field…
    for (const answer of ['My title', '', '', '', 'garbage words']) {
      await until(t, /: $/);
      t.input.write(`${answer}\r`);
    }
    await until(t, /Fix the answer above/);
    // …costs only that field: Enter keeps every other answer.
    for (const answer of ['', '', '', '', 'now']) {
      await until(t, /: $/);
      t.input.write(`${answer}\r`);
    }
    await until(t, /Publish request — waiting for approval: My title/);
    t.input.end();
    await session.finished;

    const form = plain(t.drawn()).slice(plain(t.drawn()).lastIndexOf(`!${publish}`));
    // The question is the prompt: answered on its own line, no stray `>` under it.
    expect(form).toContain('\nTitle: My title\n');
    expect(form).toContain('\nPrivacy (public, private or unlisted) [public]: \n');
    expect(form).toContain('\nAccounts (choose from studio) [studio]: \n');
    expect(form.slice(0, form.indexOf('Publish request'))).not.toMatch(/^> /m);
    expect(form).toMatch(/⚠️ I could not read the schedule “garbage words”/);
    expect(form).toContain('\nTitle [My title]: \n');
  }, 40_000);

  it('asks for the key after /setup key once, and says once why a rejected key was not saved', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 400, webhookRetryMs: 100 } },
      },
    );
    const session = h.app;
    t.input.write('/setup key\r');
    await until(t, /not shown to anyone else\): $/m);
    t.input.write('invalid-key-123\r');
    await until(t, /Channel settings/);
    t.input.end();
    await session.finished;
    const shown = plain(t.drawn());
    // One question, not a title and then the field's label.
    const asked = shown.slice(shown.indexOf('/setup key'), shown.indexOf('(only you)'));
    expect(asked.match(/API key/g)).toHaveLength(1);
    expect(shown).toContain(
      'Media API key for this channel (Paste the key from your media API dashboard; not shown to anyone else): \n',
    );
    const said = shown.split('\n').find((l) => l.includes('⚠️')) ?? '';
    expect(said).toMatch(/The key was not saved: the media API rejected the API key \(401\)/);
    expect(said.match(/not saved|Nothing was saved/g)).toHaveLength(1);
    expect(said).not.toContain('/setup key');
  });
});

describe('approving at the console', () => {
  it('tells the approver first, then redraws the card and publishes', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 200, webhookRetryMs: 100 } },
      },
    );
    const session = h.app;
    t.input.write('/setup socials add studio platform=tiktok\r');
    await until(t, /Access key for studio .*: $/m);
    t.input.write('tok-123\r');
    await until(t, /Saved the access key/);
    t.input.write('/publish https://cdn.example.com/reel-1.mp4 accounts=studio title=Launch\r');
    const [, approve] = await until(t, /\[Approve\] type: !(pub:approve:\S+)/);
    t.input.write('/as bea\r');
    await until(t, /You are now bea/);
    const before = plain(t.drawn()).length;
    t.input.write(`!${approve}\r`);
    await until(t, /✅ Published/);
    t.input.end();
    await session.finished;

    const after = plain(t.drawn()).slice(before);
    const at = (pattern: RegExp) => after.search(pattern);
    expect(at(/\(only you\) Approved\./)).toBeGreaterThan(-1);
    expect(at(/\(only you\) Approved\./)).toBeLessThan(at(/Publishing/));
    expect(at(/Publishing/)).toBeLessThan(at(/✅ Published/));
  }, 40_000);
});

describe('a publish request at the console', () => {
  it('asks the invite by its field, and a redrawn card shows its outside reviewers and approvals count', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 200, webhookRetryMs: 100 } },
      },
    );
    const session = h.app;
    t.input.write('/setup socials add studio platform=tiktok\r');
    await until(t, /Access key for studio .*: $/m);
    t.input.write('tok-123\r');
    await until(t, /Saved the access key/);
    t.input.write('/setup approvals=2\r');
    await until(t, /Saved the approval policy/);
    t.input.write('/publish https://cdn.example.com/reel-1.mp4 accounts=studio title=Launch\r');
    const [, invite] = await until(t, /\[Invite reviewer\] type: !(pub:invite:\S+)/);
    t.input.write(`!${invite}\r`);
    // The question names what to type: the reviewer's name, then their page's language (empty: their browser's).
    await until(t, /Reviewer's name \(Shown to the team, e\.g\. Ana \(Acme\)\): $/m);
    t.input.write('Ana (Acme)\r');
    await until(t, /Reviewer's language \(optional\) \(choose from en, de, es, fr, pt-BR, ja\): $/m);
    t.input.write('\r');
    await until(t, /Review link for “Ana \(Acme\)”/);
    await until(t, /│ Outside reviewers: Ana \(Acme\)/);
    const [, approve] = await until(t, /\[Approve\] type: !(pub:approve:\S+)/);
    t.input.write('/as bea\r');
    await until(t, /You are now bea/);
    t.input.write(`!${approve}\r`);
    await until(t, /│ Approval: needs 2 approvals \(1\/2\) — @bea/);
    t.input.end();
    await session.finished;
    // Each redraw names only what changed: the reviewer once, not again under the approval.
    expect(plain(t.drawn()).match(/│ Outside reviewers: Ana \(Acme\)/g)).toHaveLength(1);
  }, 40_000);

  it('asks a one-field form again after a mistake without "keep the others"', async () => {
    const t = terminal();
    h = await startHarness(
      {},
      {
        console: { waitMs: 1000, input: t.input, output: t.screen },
        infra: { sandbox: { jobMs: 200, webhookRetryMs: 100 } },
      },
    );
    const session = h.app;
    t.input.write('/setup socials add studio platform=tiktok\r');
    await until(t, /Access key for studio .*: $/m);
    t.input.write('tok-123\r');
    await until(t, /Saved the access key/);
    t.input.write('/publish https://cdn.example.com/reel-1.mp4 accounts=studio title=Launch\r');
    // Request changes asks one thing: what should change. An empty answer is refused.
    const [, changes] = await until(t, /\[Request changes\] type: !(pub:changes:\S+)/);
    t.input.write(`!${changes}\r`);
    await until(t, /What should change\?.*: $/m);
    t.input.write('\r');
    await until(t, /Fix the answer above/);
    t.input.write('/cancel\r');
    await until(t, /Form closed/);
    t.input.end();
    await session.finished;
    const said = plain(t.drawn());
    expect(said).toContain('Fix the answer above, or /cancel to close the form.');
    expect(said).not.toContain('keep the others');
  }, 40_000);
});
