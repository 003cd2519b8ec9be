// What a crash or shutdown test needs around real bot processes: the media API sandbox behind a
// recording tap, the Slack Web API double, signed /clip commands, and reading a job's card and thread
// back from what the bot sent to Slack.
import { randomBytes } from 'node:crypto';
import { startSandbox } from '../../src/sandbox/server.ts';
import { type SlackWebApiDouble, sendSigned, startSlackWebApi } from '../doubles/slack/index.ts';
import { SECRET, slashCommand, USERS } from '../slack/harness.ts';
import { type BotProcess, startBotProcess } from '../support/bot-process.ts';
import { startBalancer } from './balancer.ts';
import { startTap, type Tap } from './tap.ts';

export const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export interface SlackWorld {
  web: SlackWebApiDouble;
  /** In front of the media API sandbox. */
  tap: Tap;
  /** What the social accounts received (`GET /sandbox/posts`): one entry per publish call the API took. */
  sandboxPosts(): Promise<Array<{ title?: string }>>;
  /** In front of the Slack Web API double: shows when a post left the bot, before its answer came back. */
  slackTap: Tap;
  /** The public address (a balancer over the live replicas): Slack's requests and the API's webhooks. */
  port: number;
  /** Starts a bot replica on `storeUrl` behind the public address; `env` adds e.g. REDIS_KEY_PREFIX. */
  startBot(storeUrl: string, env?: Record<string, string>): BotProcess;
  clip(channel: string): Promise<number>;
  /** While set, every media API request is answered with this status instead of reaching the sandbox. */
  failMedia(status: number | undefined): void;
  job(channel: string): JobView;
  close(): Promise<void>;
}

export interface JobView {
  cardTs?: string;
  cardText?: string;
  results: number;
}

export async function startSlackWorld(options: {
  jobMs: number;
  holdMs?: number;
  webhookRetryMs?: number;
  /** Every webhook delivered twice (the API may repeat one): the bot must post its result once. */
  webhookDuplicates?: boolean;
  /** How to start the bot (default: src/main.ts through tsx); see bot-build.ts. */
  botArgv?: string[];
}): Promise<SlackWorld> {
  // Retries 1 s apart (5 of them) keep reaching a restarted bot; the docs' 30 s would outlast the test.
  const sandbox = await startSandbox({
    jobMs: options.jobMs,
    webhookRetryMs: options.webhookRetryMs ?? 1000,
    webhookTimeoutMs: 2000,
    webhookDuplicates: options.webhookDuplicates ?? false,
  });
  // Answers to creations, result reads and posts are held back a moment, so a kill can land while one is
  // in flight: the API created the project or Slack showed the message, and the bot never heard.
  const hold = (r: { method: string; path: string }) =>
    r.method === 'POST' || r.method === 'GET' ? (options.holdMs ?? 0) : 0;
  let failing: number | undefined;
  const tap = await startTap(sandbox.origin, {
    holdMs: (r) => (r.path.includes('/projects') || /\/(clip|broll|ttv|tts|subtitles)$/.test(r.path) ? hold(r) : 0),
    fault: () => failing,
  });
  // The harness's people (a member, an admin, an owner), so who may configure the bot is read as in Slack.
  const web = await startSlackWebApi({ users: USERS });
  const slackTap = await startTap(new URL(web.apiUrl).origin, {
    holdMs: (r) => (r.path.endsWith('/chat.postMessage') ? hold(r) : 0),
  });
  const balancer = await startBalancer();
  const port = Number(new URL(balancer.origin).port);
  const encryptionKey = randomBytes(32).toString('base64');
  const baseUrl = new URL(sandbox.baseUrl);
  return {
    web,
    tap,
    async sandboxPosts() {
      const res = await fetch(`${sandbox.origin}/sandbox/posts`);
      return ((await res.json()) as { posts: Array<{ title?: string }> }).posts;
    },
    slackTap,
    port,
    startBot(storeUrl, env = {}) {
      const bot = startBotProcess(
        {
          ...env,
          PORT: '0',
          HOST: '127.0.0.1',
          PUBLIC_URL: balancer.origin,
          STORE_URL: storeUrl,
          ENCRYPTION_KEY: encryptionKey,
          MEDIA_API_URL: `${tap.origin}${baseUrl.pathname}`,
          MEDIA_API_KEY: 'crash-test-key',
          SLACK_BOT_TOKEN: 'xoxb-crash',
          SLACK_SIGNING_SECRET: SECRET,
          SLACK_API_URL: `${slackTap.origin}/api/`,
        },
        // Three replicas starting at once on a shared 2-core runner take their time.
        { readyMs: 90_000, ...(options.botArgv ? { argv: options.botArgv } : {}) },
      );
      // Registered before the caller awaits `ready`, so the replica is behind the address when it hears so.
      void bot.ready.then(
        () => {
          const own = Number(bot.logs.find((l) => String(l.msg).startsWith('HTTP listener ready'))?.port);
          balancer.ports.add(own);
          void bot.exited.then(() => balancer.ports.delete(own));
        },
        () => undefined,
      );
      return bot;
    },
    async clip(channel) {
      const command = { ...slashCommand(web, '/clip', `${VIDEO} reels=1`), channel_id: channel };
      const res = await sendSigned(`http://127.0.0.1:${port}/slack/commands`, 'command', command, {
        secret: SECRET,
      }).catch(() => ({ status: 0 }));
      return res.status;
    },
    failMedia(status) {
      failing = status;
    },
    job(channel) {
      const ok = web.calls.filter((c) => c.status === 200 && c.response?.ok === true && c.args.channel === channel);
      const card = ok.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === undefined);
      const cardTs = card?.response?.ts as string | undefined;
      if (!cardTs) return { results: 0 };
      const updates = ok.filter((c) => c.method === 'chat.update' && c.args.ts === cardTs);
      const last = updates.at(-1) ?? card;
      // Results only: a note in the thread (e.g. "the API may have created the project") is not a second result.
      const results = ok.filter(
        (c) => c.method === 'chat.postMessage' && c.args.thread_ts === cardTs && isResult(c.args.metadata),
      ).length;
      return { cardTs, cardText: String(last?.args.text ?? ''), results };
    },
    async close() {
      await balancer.close();
      await slackTap.close();
      await web.close();
      await tap.close();
      await sandbox.close();
    },
  };
}

/** A part's result is posted with the idempotency key `<jobId>:<part>` in its metadata (src/core/jobs/settle.ts). */
function isResult(metadata: unknown): boolean {
  const key = (metadata as { event_payload?: { key?: unknown } } | undefined)?.event_payload?.key;
  return typeof key === 'string' && /^[a-z0-9]+:\d+$/.test(key);
}

export const isDone = (j: JobView) => j.results > 0 && (j.cardText ?? '').includes('Done');

export async function until(check: () => boolean, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
