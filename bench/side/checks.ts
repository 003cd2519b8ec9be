// Reading back what the platform doubles recorded: each Slack /clip's card and the results in its
// thread (the end-to-end check: exactly one result per job), and when the Discord double went quiet.
import type { DiscordDouble } from '../../test/doubles/discord/index.ts';
import type { SlackCall, SlackWebApiDouble } from '../../test/doubles/slack/index.ts';

export interface SlackJob {
  card?: SlackCall;
  results: SlackCall[];
}

export function slackJobs(web: SlackWebApiDouble, channels: ReadonlySet<string>): Map<string, SlackJob> {
  const jobs = new Map<string, SlackJob>();
  const cards = new Map<string, string>();
  for (const c of web.calls) {
    const channel = String(c.args.channel ?? '');
    if (c.method !== 'chat.postMessage' || !channels.has(channel) || c.response?.ok !== true) continue;
    const job = jobs.get(channel) ?? { results: [] };
    jobs.set(channel, job);
    if (c.args.thread_ts === undefined) {
      job.card = c;
      cards.set(channel, String(c.response.ts));
    } else if (c.args.thread_ts === cards.get(channel)) job.results.push(c);
  }
  return jobs;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (bounded) until every channel's job posted a result; returns the channels that did not post exactly one. */
export async function checkOneResultEach(
  web: SlackWebApiDouble,
  channels: ReadonlySet<string>,
  withinMs: number,
): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  let jobs = slackJobs(web, channels);
  const done = () => [...channels].every((ch) => (jobs.get(ch)?.results.length ?? 0) >= 1);
  while (!done() && Date.now() < deadline) {
    await sleep(250);
    jobs = slackJobs(web, channels);
  }
  // A moment more, so a duplicate result posted late is seen too.
  await sleep(500);
  jobs = slackJobs(web, channels);
  return [...channels]
    .filter((ch) => jobs.get(ch)?.results.length !== 1)
    .map((ch) => {
      const job = jobs.get(ch);
      return `${ch}: ${job?.card ? 'card' : 'no card'}, ${job?.results.length ?? 0} result(s)`;
    });
}

/** Waits (bounded) until the Discord double has seen no request for `quietMs`. */
export async function discordQuiet(discord: DiscordDouble, quietMs: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let seen = discord.requests.length;
  let since = Date.now();
  while (Date.now() < deadline && Date.now() - since < quietMs) {
    await sleep(100);
    if (discord.requests.length !== seen) {
      seen = discord.requests.length;
      since = Date.now();
    }
  }
}
