// The figures measured on one running bot, each next to the floors driven the same way: signed command
// acknowledgements at 1, 50 and 200 in flight (Slack next to a bare Bolt app and the bare node:http server,
// Discord next to the bare server), valid webhook deliveries per second, and completion → result message.
import { request } from 'undici';
import { percentile, type Sample } from '../stats.ts';
import type { BareServer } from './bare.ts';
import { checkOneResultEach, discordQuiet, slackJobs } from './checks.ts';
import type { Figure } from './figures.ts';
import { describeUnexpected, drive, type PreparedRequest } from './load.ts';
import { startReadsOnly } from './reads-only.ts';
import { discordClip, slackClip } from './requests.ts';
import type { RunningBot, World } from './world.ts';

export interface Sizes {
  /** Requests per level of in-flight commands. */
  ack: Record<1 | 50 | 200, number>;
  webhook: number;
  completions: number;
  timeMs: number;
}

export const FULL: Sizes = { ack: { 1: 100, 50: 550, 200: 1200 }, webhook: 2000, completions: 20, timeMs: 15_000 };
export const QUICK: Sizes = { ack: { 1: 20, 50: 100, 200: 400 }, webhook: 300, completions: 5, timeMs: 5_000 };

const ms = (x: number) => Math.round(x * 10) / 10;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** A video the sandbox takes 10× as long for (3 s), so the card's paced edits are done before it finishes. */
const SLOW_VIDEO = 'https://example.com/slow-clip.mp4';
const COMPLETION_GAP_MS = 250;

/** Slack's acknowledgement is judged against a bare Bolt app (bare-bolt.ts) in the same run. */
const SLACK_P99_OF_BOLT = 1.3;
const SLACK_RATE_OF_BOLT = 0.75;

/**
 * The judged figures at 200 in flight: Slack's against the bare Bolt app (`floor`), with the ratios to the bare
 * node:http server printed too; without a Bolt app (Discord), against the bare server.
 */
function targetsAt200(name: string, bot: Sample, bare: Sample, floor: Sample | undefined, allOk: boolean): Figure[] {
  const p99 = percentile(bot.latencies, 99);
  const bareP99 = percentile(bare.latencies, 99);
  if (!floor)
    return [
      {
        name: `${name} p99 @200`,
        bot: ms(p99),
        bare: ms(bareP99),
        unit: 'ms',
        target: '≤ 3× bare and < 200 ms',
        met: p99 <= 3 * bareP99 && p99 < 200,
      },
      {
        name: `${name} rate @200`,
        bot: Math.round(bot.opsPerSec),
        bare: Math.round(bare.opsPerSec),
        unit: 'acks/s',
        target: '≥ 0.3× bare',
        met: bot.opsPerSec >= 0.3 * bare.opsPerSec,
      },
    ];
  const floorP99 = percentile(floor.latencies, 99);
  return [
    {
      name: `${name} p99 @200`,
      bot: ms(p99),
      floor: ms(floorP99),
      bare: ms(bareP99),
      unit: 'ms',
      target: `≤ ${SLACK_P99_OF_BOLT}× Bolt`,
      met: allOk && p99 <= SLACK_P99_OF_BOLT * floorP99,
      note: `Bolt itself ${(floorP99 / bareP99).toFixed(2)}× node:http`,
    },
    {
      name: `${name} rate @200`,
      bot: Math.round(bot.opsPerSec),
      floor: Math.round(floor.opsPerSec),
      bare: Math.round(bare.opsPerSec),
      unit: 'acks/s',
      target: `≥ ${SLACK_RATE_OF_BOLT}× Bolt`,
      met: allOk && bot.opsPerSec >= SLACK_RATE_OF_BOLT * floor.opsPerSec,
      note: `Bolt itself ${(floor.opsPerSec / bare.opsPerSec).toFixed(2)}× node:http`,
    },
  ];
}

/**
 * Acknowledgement p50/p99 and rate at each level; `failures` collects jobs without exactly one result. `bolt`
 * (Slack only) is the bare Bolt app the Slack targets are judged against; without it they are information.
 */
export async function ackFigures(
  platform: 'slack' | 'discord',
  tag: string,
  world: World,
  bot: RunningBot,
  bare: BareServer,
  sizes: Sizes,
  failures: string[],
  bolt?: BareServer,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const level of [1, 50, 200] as const) {
    const n = sizes.ack[level];
    // One warm-up request per connection (at least 10): the measured loop starts on open connections.
    const warmup = Math.max(Math.min(10, Math.floor(n / 10)), level);
    const channels = new Set<string>();
    const make = (i: number): PreparedRequest => {
      if (platform === 'discord') return discordClip(world.discord, world.privateKey);
      const channel = `CB${tag.toUpperCase()}L${level}N${i}`;
      channels.add(channel);
      return slackClip(world.web, channel);
    };
    const reqs = Array.from({ length: n }, (_, i) => make(i));
    const bound = { count: n, ms: sizes.timeMs, warmup };
    const b = await drive(bare.origin, reqs, level, bound);
    const f = platform === 'slack' && bolt ? await drive(bolt.origin, reqs, level, bound) : undefined;
    const r = await drive(bot.origin, reqs, level, bound);
    const bad = describeUnexpected(r.unexpected);
    const floorBad = f ? describeUnexpected(f.unexpected) : '';
    const name = `${platform} ${tag}: ack`;
    const at = (p: number) => ({
      bot: ms(percentile(r.sample.latencies, p)),
      ...(f ? { floor: ms(percentile(f.sample.latencies, p)) } : {}),
      bare: ms(percentile(b.sample.latencies, p)),
    });
    figures.push({
      name: `${name} p50 @${level}`,
      ...at(50),
      unit: 'ms',
      target: '–',
      note: `n=${r.sample.n}${bad ? `; ${bad}` : ''}${floorBad ? `; Bolt: ${floorBad}` : ''}`,
    });
    if (level !== 200) figures.push({ name: `${name} p99 @${level}`, ...at(99), unit: 'ms', target: '–' });
    else figures.push(...targetsAt200(name, r.sample, b.sample, f?.sample, !bad));
    // Let this level's work finish before the next one is measured.
    if (platform === 'slack') {
      const wrong = await checkOneResultEach(world.web, channels, 60_000);
      failures.push(...wrong.map((w) => `${name} @${level}: ${w}`));
      if (wrong.length)
        figures.push({
          name: `${name} @${level}: jobs without exactly one result`,
          bot: wrong.length,
          unit: 'jobs',
          target: '0',
          met: false,
        });
    } else await discordQuiet(world.discord, 1_000, 60_000);
  }
  return figures;
}

/** Valid completion deliveries (recorded on their way in) sent again: answered 200, per second. */
export async function webhookFigures(tag: string, bot: RunningBot, bare: BareServer, sizes: Sizes): Promise<Figure[]> {
  const valid = bot.tap.deliveries.filter((d) => d.path.startsWith('/webhooks/media/'));
  if (valid.length === 0)
    return [{ name: `webhook ${tag}: no deliveries recorded`, bot: 0, unit: '', target: '', met: false }];
  const reqs = Array.from({ length: sizes.webhook }, (_, i) => {
    const d = valid[i % valid.length] as (typeof valid)[number];
    return { path: d.path, headers: { 'content-type': 'application/json' }, body: d.body };
  });
  const bound = { count: sizes.webhook, ms: sizes.timeMs, warmup: 20 };
  const b = await drive(bare.origin, reqs, 20, bound);
  const reads = await startReadsOnly(bot);
  // The bot has answered these deliveries once and is warm from the bursts before: the floor answers them
  // once unmeasured too.
  const f = await drive(reads.origin, reqs, 20, bound)
    .then(() => drive(reads.origin, reqs, 20, bound))
    .finally(() => reads.stop());
  const r = await drive(bot.origin, reqs, 20, bound);
  const floor = tag === 'redis' ? 0.4 : 0.5;
  const p99 = percentile(r.sample.latencies, 99);
  const floorBad = describeUnexpected(f.unexpected);
  const bad = [describeUnexpected(r.unexpected), floorBad && `floor: ${floorBad}`].filter(Boolean).join('; ');
  return [
    {
      name: `webhook ${tag}: valid deliveries/s @20`,
      bot: Math.round(r.sample.opsPerSec),
      floor: Math.round(f.sample.opsPerSec),
      bare: Math.round(b.sample.opsPerSec),
      unit: '/s',
      target: `≥ ${floor}× bare`,
      met: r.sample.opsPerSec >= floor * b.sample.opsPerSec && !bad,
      note: `${valid.length} distinct projects${bad ? `; ${bad}` : '; all 200'}; floor: node:http + keyv reading the token's record and its job from the bot's store, as the bot does (libraries itself ${(f.sample.opsPerSec / b.sample.opsPerSec).toFixed(2)}× node:http)`,
    },
    {
      name: `webhook ${tag}: p99 @20`,
      bot: ms(p99),
      floor: ms(percentile(f.sample.latencies, 99)),
      bare: ms(percentile(b.sample.latencies, 99)),
      unit: 'ms',
      target: '< 20 ms',
      met: p99 < 20,
    },
  ];
}

/** When the first delivery of the project whose outputs a result shows reached the tap. */
function firstDeliveryOf(bot: RunningBot, posted: string): number | undefined {
  for (const d of bot.tap.deliveries) {
    if (!d.path.startsWith('/webhooks/media/')) continue;
    const outputs = (JSON.parse(d.body) as { outputs?: Array<{ videoUrl?: string }> }).outputs ?? [];
    if (outputs.some((o) => o.videoUrl && posted.includes(o.videoUrl))) return d.at;
  }
  return undefined;
}

/**
 * From a project's webhook delivery (the API finished) to its result posted in Slack. Slack's deliberate
 * pacing (1 post per second per channel: the card, then its "running" edit) is kept out of the figure by
 * asking for a project that outlasts it (the sandbox takes 10× longer for a "slow" input: 3 s), so what is
 * measured is the bot's own path: the delivery answered, the project read back, stored, posted. Jobs
 * start `COMPLETION_GAP_MS` apart, each in its own channel, so they neither queue behind one another nor
 * make the section long.
 */
export async function completionFigures(
  tag: string,
  world: World,
  bot: RunningBot,
  sizes: Sizes,
  failures: string[],
): Promise<Figure[]> {
  const one = async (i: number): Promise<number | undefined> => {
    await sleep(i * COMPLETION_GAP_MS);
    const channel = `CC${tag.toUpperCase()}N${i}`;
    const req = slackClip(world.web, channel, SLOW_VIDEO);
    const res = await request(`${bot.origin}${req.path}`, { method: 'POST', headers: req.headers, body: req.body });
    await res.body.dump();
    const deadline = Date.now() + 15_000;
    let job = slackJobs(world.web, new Set([channel])).get(channel);
    while (!job?.results[0] && Date.now() < deadline) {
      await sleep(5);
      job = slackJobs(world.web, new Set([channel])).get(channel);
    }
    const result = job?.results[0];
    const postedAt = result ? world.callAt.get(result) : undefined;
    const completedAt = result ? firstDeliveryOf(bot, JSON.stringify(result.args)) : undefined;
    if (postedAt === undefined || completedAt === undefined) {
      failures.push(`completion ${tag} #${i}: no result within 15 s`);
      return undefined;
    }
    return postedAt - completedAt;
  };
  const all = await Promise.all(Array.from({ length: sizes.completions }, (_, i) => one(i)));
  const gaps = all.filter((g): g is number => g !== undefined).sort((a, b) => a - b);
  const p99 = percentile(gaps, 99);
  return [
    {
      name: `completion → message ${tag} p50`,
      bot: percentile(gaps, 50),
      unit: 'ms',
      target: '–',
      note: `n=${gaps.length}, started ${COMPLETION_GAP_MS} ms apart; Slack's pacing excluded`,
    },
    { name: `completion → message ${tag} p99`, bot: p99, unit: 'ms', target: '< 100 ms', met: p99 < 100 },
  ];
}
