// What a crash or shutdown test needs around real bot processes: the media API sandbox behind a
// recording tap, the Slack Web API double, signed /clip commands, and reading a job's card and thread
// back from what the bot sent to Slack.
import { randomBytes } from 'node:crypto';
import { startSandbox } from '../../src/sandbox/server.ts';
import { type SlackWebApiDouble, sendSigned, startSlackWebApi } from '../doubles/slack/index.ts';
import { SECRET, slashCommand } from '../slack/harness.ts';
import { type BotProcess, freePort, startBotProcess } from './bot-process.ts';
import { startTap, type Tap } from './tap.ts';

export const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export interface SlackWorld {
  web: SlackWebApiDouble;
  tap: Tap;
  port: number;
  /** Starts a bot process on `storeUrl`, on this world's fixed port (webhooks keep pointing at it). */
  startBot(storeUrl: string): BotProcess;
  clip(channel: string): Promise<number>;
  job(channel: string): JobView;
  close(): Promise<void>;
}

export interface JobView {
  cardTs?: string;
  cardText?: string;
  results: number;
}

export async function startSlackWorld(options: { jobMs: number }): Promise<SlackWorld> {
  // Retries 1 s apart keep reaching a restarted bot; the docs' 30 s would outlast the test.
  const sandbox = await startSandbox({ jobMs: options.jobMs, webhookRetryMs: 1000, webhookTimeoutMs: 2000 });
  const tap = await startTap(sandbox.origin);
  const web = await startSlackWebApi();
  const port = await freePort();
  const encryptionKey = randomBytes(32).toString('base64');
  const baseUrl = new URL(sandbox.baseUrl);
  return {
    web,
    tap,
    port,
    startBot: (storeUrl) =>
      startBotProcess({
        PORT: String(port),
        // A remote API reaches the bot only through PUBLIC_URL (without it the webhook address never resolves).
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        STORE_URL: storeUrl,
        ENCRYPTION_KEY: encryptionKey,
        MEDIA_API_URL: `${tap.origin}${baseUrl.pathname}`,
        MEDIA_API_KEY: 'crash-test-key',
        SLACK_BOT_TOKEN: 'xoxb-crash',
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: web.apiUrl,
      }),
    async clip(channel) {
      const command = { ...slashCommand(web, '/clip', `${VIDEO} reels=1`), channel_id: channel };
      const res = await sendSigned(`http://127.0.0.1:${port}/slack/commands`, 'command', command, {
        secret: SECRET,
      }).catch(() => ({ status: 0 }));
      return res.status;
    },
    job(channel) {
      const ok = web.calls.filter((c) => c.status === 200 && c.response?.ok === true && c.args.channel === channel);
      const card = ok.find((c) => c.method === 'chat.postMessage' && c.args.thread_ts === undefined);
      const cardTs = card?.response?.ts as string | undefined;
      if (!cardTs) return { results: 0 };
      const updates = ok.filter((c) => c.method === 'chat.update' && c.args.ts === cardTs);
      const last = updates.at(-1) ?? card;
      const results = ok.filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts === cardTs).length;
      return { cardTs, cardText: String(last?.args.text ?? ''), results };
    },
    async close() {
      await web.close();
      await tap.close();
      await sandbox.close();
    },
  };
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
