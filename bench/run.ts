// `npm run bench` runs every benchmark in turn and prints one table per benchmark; `-- --out BENCHMARKS.md`
// also writes the file from this run. `--quick` shrinks every count, `--only=<id>,<id>` (or `--side`, the
// side-by-side benchmarks) runs some and keeps the file's other sections as they were.
import { performance } from 'node:perf_hooks';
import { runBusyWorkspaceBench } from './busy-workspace.ts';
import { runCommandParse } from './command-parse.ts';
import { runEndToEnd } from './end-to-end.ts';
import { runPlatformCalls } from './platform-calls.ts';
import { runReplicatedClaim } from './replicated-claim.ts';
import { describeMachine, machineNow, type Section, writeReport } from './report.ts';
import { type Figure, figuresTable } from './side/figures.ts';
import { pendingFigures, perStore, schedulerFigures, startFigures } from './side/side-by-side.ts';
import { ensureBuilt } from './side/world.ts';
import { type Row, rowsTable } from './stats.ts';
import { runStore } from './store.ts';
import { runVoiceSearch } from './voice-search.ts';
import { runWebhook } from './webhook.ts';

interface Outcome {
  rows?: Row[];
  figures?: Figure[];
  /** Jobs that did not post exactly one result: the run fails. */
  failures?: string[];
}

interface Benchmark {
  id: string;
  title: string;
  about: string;
  /** One of the side-by-side benchmarks (the compiled bot as a process, its scheduler): `--side` runs these. */
  side?: true;
  run(quick: boolean): Outcome | Promise<Outcome>;
}

/** How long `node dist/main.js` took to build in this run (0 when dist/ was up to date), built once at most. */
let buildMs: number | undefined;
const built = () => {
  buildMs ??= ensureBuilt();
  return buildMs;
};

const BENCHMARKS: Benchmark[] = [
  {
    id: 'voice-search',
    title: 'Voice search',
    about:
      "`autocomplete(query)` over the sandbox's 803-voice catalogue, one call at a time, and the index build that " +
      'runs when the catalogue is loaded. Discord drops an autocomplete answer after 3 s and asks again on every ' +
      "keystroke. No floor: the index is the bot's own code with no library under it.",
    run: (quick) => ({ rows: runVoiceSearch(quick) }),
  },
  {
    id: 'command-parse',
    title: 'Command parsing and validation',
    about:
      '`parseAndValidate` on a `/clip` line with every option given, and on a line with three mistakes (the ' +
      "did-you-mean path). It runs before the platform's 3-second acknowledgement. No floor: the command " +
      "framework is the bot's own code.",
    run: (quick) => ({ rows: runCommandParse(quick) }),
  },
  {
    id: 'end-to-end',
    title: 'End to end in one process: /clip reels=2 → card → result',
    about:
      'The whole bot in one process (in-process sandbox with 20 ms jobs, a temp SQLite file, results by webhook) ' +
      'driven through `prepare()` and `run()` with a chat that records when each message appears; one job at a ' +
      'time, then 10 in flight. *Card* is the acknowledgement path, *"Working"* the project created at the API, ' +
      "*result* the first post in the job's thread. The floor is the simulated job itself: the *result minus " +
      "the job* rows are the bot's own work. Every job must post exactly one result and reach Done.",
    run: async (quick) => {
      const { rows, failures } = await runEndToEnd(quick);
      return { rows, failures };
    },
  },
  {
    id: 'webhook-unknown',
    title: 'Webhook listener, unknown tokens',
    about:
      '`POST /webhooks/media/<unknown token>`, 20 in flight on keep-alive connections: a token lookup in the ' +
      'SQLite store and a 404. Anyone can POST here and the API retries what gets no 2xx, so refusing must stay ' +
      'cheap. Floor: a bare `node:http` server in the same process answering 404 to the same requests.',
    run: async (quick) => ({ rows: await runWebhook(quick) }),
  },
  {
    id: 'store',
    title: 'Store',
    about:
      '`set` (a 0.5 KB job record), `get` and `claim` (fresh keys, every claim won) through the `Store` port, on ' +
      'SQLite (temp file, WAL) and Redis (127.0.0.1:6379, a random prefix deleted afterwards), 1 and 16 in ' +
      'flight. A job makes about twenty of these. Floor: the libraries alone doing the same (keyv over ' +
      "@keyv/sqlite, whose plain set stands for a claim; ioredis's SET, GET and SET NX PX).",
    run: async (quick) => ({ rows: await runStore(quick) }),
  },
  {
    id: 'platform-calls',
    title: 'Slack and Discord calls per /clip reels=3 job',
    about:
      "The calls one job with one progress refresh makes to Slack's Web API and Discord's REST API, counted at " +
      "the test doubles: what a job costs each platform's rate limits. No floor: a count, each call named.",
    run: async (quick) => ({ rows: await runPlatformCalls(quick) }),
  },
  ...(['sqlite', 'redis'] as const).map(
    (store): Benchmark => ({
      id: `process-${store}`,
      title: `Bot process on ${store === 'sqlite' ? 'SQLite' : 'Redis'}: acknowledgements, webhooks, results, memory`,
      side: true,
      about:
        'The compiled bot (`node dist/main.js`) as its own process, in Slack HTTP mode and Discord HTTP ' +
        'interactions at once, with the sandbox and the platform doubles. One client sends the same pre-signed ' +
        '`/clip` to each server at 1, 50 and 200 in flight (warmed at each level, so connections are open). ' +
        'Floors, started afresh next to the bot: a bare Bolt app that only acknowledges `/clip` (Slack), a bare ' +
        '`node:http` server (every HTTP figure), a `node:http` server doing the two keyv reads a delivery costs the ' +
        "bot, on the bot's store (webhook), a process that only loads the libraries (idle RSS). *Webhook* " +
        'replays the valid deliveries of the run, 20 in flight; *completion → message* is a delivery reaching the ' +
        "bot to its result in the Slack thread, Slack's 1-post-per-second pacing excluded. After each level every " +
        'Slack job must post exactly one result.',
      run: async (quick) => {
        built();
        const failures: string[] = [];
        return { figures: await perStore(store, quick, failures), failures };
      },
    }),
  ),
  {
    id: 'pending-memory',
    title: 'Memory with pending projects',
    side: true,
    about:
      'One bot takes two equal bursts of 2,000 Slack `/clip` (500 with `--quick`) whose projects stay pending; ' +
      "the figure is the second burst's RSS growth per 10,000, read 10 s after each burst settled with no " +
      "collection forced, split by the bot's own `/metrics`. No floor: a growth, with the growth from idle beside it.",
    run: async (quick) => {
      built();
      const failures: string[] = [];
      return { figures: await pendingFigures(quick, failures), failures };
    },
  },
  {
    id: 'start-ready',
    title: 'Start → ready',
    side: true,
    about:
      'From spawning `node dist/main.js` (SQLite, Slack and Discord) to its `HTTP listener ready` line, the ' +
      "slowest of 3 starts. Floor: a bare `node:http` server's spawn → listening.",
    run: async (quick) => ({ figures: await startFigures(quick ? 1 : 3, built()) }),
  },
  {
    id: 'scheduler',
    title: 'Scheduled work with many pending',
    side: true,
    about:
      'A scheduled social post is a scheduler task. 10,000 tasks pending an hour out (2,000 with `--quick`), ' +
      'then 50 due over 3 s: how late each handler starts after its due time, on the embedded scheduler (SQLite) ' +
      'and BullMQ (Redis), and the store operations a look at the due index costs with nothing due.',
    run: async (quick) => ({ figures: await schedulerFigures(quick) }),
  },
  {
    id: 'replicated-claim',
    title: 'A claim acknowledged by a replica',
    about:
      'Behind Sentinel, a write that guards a call the bot cannot repeat is followed by `WAIT 1` on its ' +
      'connection. A primary and one replica started for the run on loopback; the floor is the claim alone. ' +
      "Across a network each wait also costs the primary's round trip to its replica.",
    run: async (quick) => ({ rows: await runReplicatedClaim(quick) }),
  },
  {
    id: 'busy-workspace',
    title: "A busy Slack workspace at Slack's speed",
    about:
      '120 `/clip` jobs in one workspace, sent over two minutes and running 70–100 s, against the Slack double ' +
      'counting Tier 3 (50 `chat.update` a minute) as a fixed minute, a sliding minute and a token bucket with ' +
      "bursts of 5: three bots at once, each with its double, at Slack's real speed (`--quick`: a 6 s minute). " +
      'Targets (issue 33): at most 10 % of `chat.update` answered 429; every card Done within (cards ÷ 45) ' +
      'minutes + 30 s of its result; every result within 10 s of its completion. No floor: the limits are ' +
      "Slack's. Every job must post exactly one result and its card say Done.",
    run: (quick) => runBusyWorkspaceBench(quick),
  },
];

function intro(): string {
  return `# Benchmarks

Written by \`npm run bench -- --out BENCHMARKS.md\` (bench/run.ts) from one run: rerun it rather than edit this
file. Earlier figures are in git (\`git log -p BENCHMARKS.md\`).

**How to run.** \`npm run bench\` prints every table; \`-- --out BENCHMARKS.md\` also writes this file. \`-- --quick\`
shrinks every count; \`-- --only=store,scheduler\` runs the named benchmarks (ids below) and keeps the file's other
sections as they were, each with its own date and machine; \`-- --side\` runs the side-by-side ones (7 to 11). Everything
runs on loopback: the media API sandbox, the Slack and Discord doubles of test/doubles, temp SQLite files and the
local Redis (127.0.0.1:6379); the replica benchmark starts its own \`redis-server\`. Every loop has a count and a
time limit. The run exits with status 1 if any job did not post exactly one result. For one figure at a time, see
the headers of bench/side/ack-only.ts, bench/side/rss-idle.ts, bench/side/pending-only.ts and
bench/side/profile-ack.ts.

**How to read.** Each table gives the bot's figure next to its floor measured in the same run by the same client:
a bare \`node:http\` server for HTTP paths, a bare Bolt app for Slack's acknowledgement, the libraries alone for the
store and idle memory. On a shared machine absolute figures move with its load (given with each run); ratios to a
floor of the same run move less, so compare ratios across runs. p50 and p99 are nearest-rank over every measured
operation after an unmeasured warm-up; ops/s is completed operations over wall time.

**The rule.** A target is met by making the bot's own work cheaper, never by bending the design: no guarantee
skipped (a claim, a replica's acknowledgement, a record written before a call that cannot be repeated), no
library's private state written, no run-time V8 flags or forced collections, no second copy of store data in
memory. A target missed says **NO** in its table.

**Benchmarks**, with the id \`--only\` takes:

${BENCHMARKS.map((b, i) => `${i + 1}. ${b.title} (\`${b.id}\`)`).join('\n')}`;
}

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const inline = args.find((a) => a.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

function chosen(): Benchmark[] {
  if (process.argv.includes('--side')) return BENCHMARKS.filter((b) => b.side);
  const only = argValue('--only')?.split(',');
  if (!only) return BENCHMARKS;
  const unknown = only.filter((id) => !BENCHMARKS.some((b) => b.id === id));
  if (unknown.length)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; ids: ${BENCHMARKS.map((b) => b.id).join(', ')}`);
  return BENCHMARKS.filter((b) => only.includes(b.id));
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const out = argValue('--out');
  const machine = machineNow();
  console.log(`# reelbot benchmarks${quick ? ' (--quick)' : ''}\n\n${describeMachine(machine)}`);
  const began = performance.now();
  const failures: string[] = [];
  const missed: string[] = [];
  const sections: Section[] = [];
  for (const [i, bench] of BENCHMARKS.entries()) {
    if (!chosen().includes(bench)) continue;
    const t = performance.now();
    const outcome = await bench.run(quick);
    const seconds = (performance.now() - t) / 1000;
    const failed = outcome.failures ?? [];
    const table = [
      outcome.figures ? figuresTable(outcome.figures) : rowsTable(outcome.rows ?? []),
      ...(failed.length ? ['', `**FAILED**: ${failed.length} check(s), first: ${failed[0]}`] : []),
    ].join('\n');
    const title = `${i + 1}. ${bench.title}`;
    console.log(`\n## ${title} (${seconds.toFixed(1)} s)\n\n${table}`);
    failures.push(...failed);
    for (const m of [...(outcome.rows ?? []), ...(outcome.figures ?? [])].filter((x) => x.met === false))
      missed.push('name' in m ? m.name : m.case);
    sections.push({ id: bench.id, title, about: bench.about, table, machine, quick, seconds });
  }
  if (missed.length) console.log(`\ntargets missed: ${missed.join('; ')}`);
  console.log(`\ntotal: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  if (out) {
    writeReport(
      out,
      intro(),
      BENCHMARKS.map((b) => b.id),
      sections,
    );
    console.log(`wrote ${out}`);
  }
  if (failures.length) {
    console.log(`\nFAILED: ${failures.length} check(s) (a job without exactly one result, or without its card):`);
    // The first few say what went wrong; a burst can leave hundreds behind.
    for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
    process.exitCode = 1;
  } else console.log('every job posted exactly one result');
}

await main();
