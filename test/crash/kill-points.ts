// One crash run: a /clip, `kill -9` of the replica doing the work when the job reaches a kill point,
// a restart, and what the Slack thread shows afterwards (results posted, and whether the card is true).
import { interrupted } from '../../src/core/jobs/submit.ts';
import { jobWords } from '../../src/core/jobs/words.ts';
import type { BotProcess } from '../support/bot-process.ts';
import { ownerOf } from './owner-of.ts';
import { isDone, type SlackWorld, until } from './slack-world.ts';
import type { TappedRequest } from './tap.ts';

/**
 * before-creation: Slack showed the card, its answer is held back, no creation request has left;
 * creating: the API got the creation, its answer is held back; settling: a result read is in flight;
 * posting: Slack showed the result, its answer is held back; card: the result is out, the card update
 * and the job's end are being written; random: any moment 0-3 s after the command.
 */
export type KillPoint = 'before-creation' | 'creating' | 'settling' | 'posting' | 'card' | 'random';

export interface Outcome {
  /** A run whose kill came before any creation request left is counted as before-creation, whatever its point. */
  point: KillPoint | 'before-card';
  lost: boolean;
  duplicated: boolean;
  wrongCard: boolean;
  /**
   * The kill came after the bot heard its card was up and before a creation reached the API: the bot may have
   * marked the creation as sending, and then it can never know whether the request left (creating a project is
   * not idempotent). Its truthful answer is a card that says Failed and a note that the project may exist; a
   * run that ends so, with no project made, counts as told, neither lost nor a wrong card.
   */
  unknown: boolean;
  /** For a run that broke a promise or was told unknown: what the thread and the bots said, so CI shows the cause. */
  detail?: string;
}

/**
 * Webhook retries (1 s apart), a claim left by the killed process (10-15 s) and the poll 5 s after it;
 * a job cut off before its creation waits for its check task (12 s after it opened).
 */
const RECOVERY_MS = 30_000;
const KILL_WINDOW_MS = 3000;

const creation = (r: TappedRequest) => r.method === 'POST' && /\/(clip|broll|ttv|tts|subtitles)$/.test(r.path);
const read = (r: TappedRequest) => r.method === 'GET' && r.path.includes('/projects/');
const post = (r: TappedRequest) => r.method === 'POST' && r.path.endsWith('/chat.postMessage');
const update = (r: TappedRequest) => r.method === 'POST' && r.path.endsWith('/chat.update');
const created = (r: TappedRequest) => creation(r) && r.status !== undefined && r.status >= 200 && r.status < 300;

/** Resolves with the sender's port of the request that marks the point (0: no particular sender). */
async function reached(world: SlackWorld, point: KillPoint, since: number): Promise<number> {
  const media = () => world.tap.seen.filter((r) => r.at >= since);
  const slack = () => world.slackTap.seen.filter((r) => r.at >= since);
  let hit: TappedRequest | undefined;
  const find: Record<Exclude<KillPoint, 'random'>, () => TappedRequest | undefined> = {
    'before-creation': () => slack().find(post),
    creating: () => media().find(creation),
    settling: () => media().find(read),
    // The card is the first post, the result the second.
    posting: () => slack().filter(post)[1],
    card: () => {
      const result = slack().filter(post)[1];
      return result && slack().find((r) => update(r) && r.at >= result.at);
    },
  };
  if (point === 'random') {
    await new Promise((r) => setTimeout(r, Math.random() * KILL_WINDOW_MS));
    return 0;
  }
  await until(() => {
    hit = find[point]();
    return hit !== undefined;
  }, 15_000);
  // Somewhere inside the held answer (300 ms), or just after the card update left.
  await new Promise((r) => setTimeout(r, Math.random() * (point === 'card' ? 30 : 200)));
  return hit?.fromPort ?? 0;
}

export interface CrashRun {
  run: number;
  point: KillPoint;
  /** The replicas up when the command comes (one process, or three on Redis). */
  replicas: Array<() => BotProcess>;
  /** What replaces the killed one. */
  restart: () => BotProcess;
}

export async function runUntilKilled(world: SlackWorld, options: CrashRun): Promise<Outcome> {
  const channel = `C0CRASH${options.run}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const bots = options.replicas.map((start) => start());
  const all = [...bots];
  let sentCreation = true;
  let killedAt = Number.POSITIVE_INFINITY;
  const timeline: string[] = [];
  let since = Date.now();
  const mark = (what: string) => timeline.push(`+${Date.now() - since} ms ${what}`);
  try {
    await Promise.all(bots.map((b) => b.ready));
    since = Date.now();
    const status = world.clip(channel);
    const from = await reached(world, options.point, since);
    mark(`reached ${options.point}`);
    const victim =
      bots.find(
        (b) =>
          b.pid ===
          ownerOf(
            from,
            bots.map((x) => x.pid),
          ),
      ) ?? pick(bots);
    killedAt = Date.now();
    mark('kill sent');
    victim.kill('SIGKILL');
    await victim.exited;
    mark('killed');
    sentCreation = world.tap.seen.some((r) => r.at >= since && creation(r));
    await status;
    if (!world.job(channel).cardTs && options.point !== 'creating') {
      return BEFORE_CARD;
    }
    const again = options.restart();
    all.push(again);
    await again.ready;
    mark('restarted');
    if (await until(() => isDone(world.job(channel)), RECOVERY_MS)) mark('done');
    // A moment more, so a duplicate still on its way is counted.
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    for (const b of all) b.kill('SIGTERM');
    await Promise.all(all.map((b) => b.exited));
  }
  const job = world.job(channel);
  if (!job.cardTs) return BEFORE_CARD;
  const point = sentCreation ? options.point : 'before-creation';
  const heardCard = cardPost(world, since)?.answeredAt ?? Number.POSITIVE_INFINITY;
  const unknown =
    job.results === 0 &&
    heardCard <= killedAt &&
    !world.tap.seen.some((r) => r.at >= since && created(r)) &&
    (job.cardText ?? '').includes('Failed') &&
    threadTexts(world, channel).some((t) => t.includes(interrupted(jobWords(undefined))));
  const outcome: Outcome = {
    point,
    lost: job.results === 0 && !unknown,
    duplicated: job.results > 1,
    wrongCard: !isDone(job) && !unknown,
    unknown,
  };
  if (outcome.lost || outcome.duplicated || outcome.wrongCard || unknown) {
    outcome.detail = describeRun(world, channel, options.point, since, timeline, all);
  }
  return outcome;
}

const BEFORE_CARD: Outcome = { point: 'before-card', lost: false, duplicated: false, wrongCard: false, unknown: false };

/** The run's card as it left the bot (the first post since the command), with when its answer was passed on. */
const cardPost = (world: SlackWorld, since: number) => world.slackTap.seen.find((r) => r.at >= since && post(r));

const threadTexts = (world: SlackWorld, channel: string) =>
  world.web.calls
    .filter((c) => c.args.channel === channel && c.method === 'chat.postMessage' && c.args.thread_ts !== undefined)
    .map((c) => String(c.args.text ?? ''));

/** The run's timeline, the thread as Slack shows it, and what the bots logged at warn and above. */
function describeRun(
  world: SlackWorld,
  channel: string,
  planned: KillPoint,
  since: number,
  timeline: string[],
  bots: BotProcess[],
): string {
  const thread = world.web.calls
    .filter((c) => c.args.channel === channel && (c.method === 'chat.postMessage' || c.method === 'chat.update'))
    .map((c) => `    ${c.method} ${c.status} ${String(c.args.text ?? '').slice(0, 160)}`);
  const creations = world.tap.seen.filter((r) => r.at >= since && creation(r)).length;
  const card = cardPost(world, since);
  const cardLine = `    card posted +${(card?.at ?? since) - since} ms, its answer passed on +${(card?.answeredAt ?? since) - since} ms`;
  const logged = bots.flatMap((b, i) =>
    b.logs
      .filter((l) => Number(l.level) >= 40)
      .map((l) => {
        const err = (l.err as { message?: string } | undefined)?.message;
        return `    bot ${i} [${String(l.level)}] ${String(l.msg)}${err ? `: ${err}` : ''}`;
      }),
  );
  return [
    `  planned ${planned}; creation requests that reached the API: ${creations}`,
    cardLine,
    ...timeline.map((t) => `    ${t}`),
    '  thread:',
    ...thread,
    '  logged:',
    ...logged,
  ].join('\n');
}

function pick(bots: BotProcess[]): BotProcess {
  const bot = bots[Math.floor(Math.random() * bots.length)];
  if (!bot) throw new Error('no replica to kill');
  return bot;
}

/** The runs that broke a promise, at any kill point (a run killed before Slack showed any card promised nothing). */
export function failures(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((o) => o.duplicated || o.lost || o.wrongCard);
}

type Count = 'lost' | 'duplicated' | 'wrongCard' | 'unknown';

export function report(title: string, outcomes: Outcome[]): string {
  const points = [...new Set(outcomes.map((o) => o.point))];
  const rows = points.map((p) => {
    const of = outcomes.filter((o) => o.point === p);
    const n = (k: Count) => of.filter((o) => o[k]).length;
    return `  ${p.padEnd(12)} runs ${of.length}  lost ${n('lost')}  duplicated ${n('duplicated')}  wrong card ${n('wrongCard')}  told unknown ${n('unknown')}`;
  });
  const total = (k: Count) => outcomes.filter((o) => o[k]).length;
  const details = outcomes.flatMap((o) =>
    o.detail ? [`${o.unknown ? 'told unknown' : 'failed run'} (${o.point}):`, o.detail] : [],
  );
  return [
    `${title}, ${outcomes.length} runs: lost ${total('lost')}, duplicated ${total('duplicated')}, wrong card ${total('wrongCard')}, told unknown ${total('unknown')}`,
    ...rows,
    ...details,
  ].join('\n');
}
