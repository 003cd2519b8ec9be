// `npx tsx bench/side/profile-ack.ts [sqlite|redis] [--discord] [--webhook] [--keep]`: a compiled bot process
// (`node --cpu-prof dist/main.js`) takes 200 warm-up requests, then a measured burst of 1,000 signed Slack
// /clip commands (or Discord interactions), 200 in flight; then (--webhook) 3,000 valid webhook deliveries, 20
// in flight. Only the samples taken during each measured window are counted: the CPU profile's clock is the
// system's monotonic clock, the same one `process.hrtime` reads here, so the window is exact. It prints the
// bot's CPU time per request, its idle share (a bot idle during a burst is waiting for its client), and the
// functions with the most self and inclusive time. Loopback only.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOneResultEach, discordQuiet } from './checks.ts';
import { drive, type PreparedRequest } from './load.ts';
import { discordClip, slackClip } from './requests.ts';
import { ensureBuilt, type StoreKind, startWorld } from './world.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** CPU time (user + system, ms) the process has used, from /proc. */
function cpuMsOf(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits (up to `boundMs`) until the process used under 5% of a core over half a second: the burst's cards and
 * results are still being posted (Slack's pace) after its check, and their store and API calls would otherwise
 * land in the next window's CPU per request.
 */
async function quiet(pid: number, boundMs: number): Promise<void> {
  const until = Date.now() + boundMs;
  while (Date.now() < until) {
    const from = cpuMsOf(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (cpuMsOf(pid) - from < 25) return;
  }
}

/** Microseconds on the system's monotonic clock, as the CPU profile's timestamps are. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const label = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  return `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
};

/** Self and inclusive time of every function over the samples taken in [fromUs, toUs]. */
function windowed(profile: Profile, fromUs: number, toUs: number, requests: number, count: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) return;
    const node = byId.get(id);
    if (!node) return;
    total++;
    if (node.callFrame.functionName === '(idle)') idle++;
    self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const name = label(byId.get(up) as ProfileNode);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  });
  const windowMs = (toUs - fromUs) / 1000;
  const busyMs = (windowMs * (total - idle)) / Math.max(1, total);
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  return [
    `window ${windowMs.toFixed(0)} ms, ${total} samples, idle ${((idle / Math.max(1, total)) * 100).toFixed(0)}%;` +
      ` not idle ≈ ${((busyMs / requests) * 1000).toFixed(0)} µs of wall time per request`,
    'self time:',
    ...top(self),
    'inclusive time:',
    ...top(inclusive).filter((l) => !/\(root\)|processTicksAndRejections|runMicrotasks/.test(l)),
  ];
}

const store = (process.argv[2] ?? 'sqlite') as StoreKind;
const discord = process.argv.includes('--discord');
const BURST = 1_000;
const WARMUP = 200;
ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'reelbot-prof-'));
const world = await startWorld();
try {
  const bot = await world.startBot(store, { argv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist/main.js'] });
  const channels = new Set<string>();
  const make = (i: number): PreparedRequest => {
    if (discord) return discordClip(world.discord, world.privateKey);
    channels.add(`CPROF${i}`);
    return slackClip(world.web, `CPROF${i}`);
  };
  const reqs = Array.from({ length: BURST + WARMUP }, (_, i) => make(i));
  const ackFrom = nowUs();
  const cpuFrom = cpuMsOf(bot.proc.pid);
  const r = await drive(bot.origin, reqs, 200, { count: BURST, ms: 60_000, warmup: WARMUP });
  const ackTo = nowUs();
  // Wall time a loaded machine stretches; CPU time it does not (the warm-up is counted too).
  const cpuPerAck = ((cpuMsOf(bot.proc.pid) - cpuFrom) / (r.sample.n + WARMUP)) * 1000;
  console.log(
    `${r.sample.n} acks after ${WARMUP} warm-up, ${r.sample.opsPerSec.toFixed(0)}/s; ` +
      `bot CPU ${cpuPerAck.toFixed(0)} µs per ack (from /proc, warm-up included)`,
  );
  if (discord) await discordQuiet(world.discord, 1_000, 60_000);
  else {
    const wrong = await checkOneResultEach(world.web, channels, 60_000);
    console.log(`jobs without exactly one result: ${wrong.length}`);
  }
  let hooks: { from: number; to: number; n: number } | undefined;
  if (process.argv.includes('--webhook')) {
    await quiet(bot.proc.pid, 60_000);
    // The valid deliveries recorded above, sent again 3,000 times, 20 in flight.
    const valid = bot.tap.deliveries.filter((d) => d.path.startsWith('/webhooks/media/'));
    const bodies = Array.from({ length: 3020 }, (_, i) => {
      const d = valid[i % valid.length] as (typeof valid)[number];
      return { path: d.path, headers: { 'content-type': 'application/json' }, body: d.body };
    });
    const from = nowUs();
    const cpu = cpuMsOf(bot.proc.pid);
    const w = await drive(bot.origin, bodies, 20, { count: 3000, ms: 60_000, warmup: 20 });
    hooks = { from, to: nowUs(), n: w.sample.n };
    const perDelivery = ((cpuMsOf(bot.proc.pid) - cpu) / (w.sample.n + 20)) * 1000;
    console.log(
      `${w.sample.n} deliveries, ${w.sample.opsPerSec.toFixed(0)}/s; bot CPU ${perDelivery.toFixed(0)} µs per delivery`,
    );
  }
  await bot.stop();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no CPU profile written');
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  // The warm-up is in the window's first part; the drive's own timing covers only the measured requests, so
  // the window is the measured loop's length, ending where the drive ended.
  const measuredUs = (r.sample.n / r.sample.opsPerSec) * 1e6;
  console.log(`\n## acknowledgements (${join(dir, file)})`);
  for (const line of windowed(profile, Math.max(ackFrom, ackTo - measuredUs), ackTo, r.sample.n, 30)) console.log(line);
  if (hooks) {
    console.log('\n## webhook deliveries');
    for (const line of windowed(profile, hooks.from, hooks.to, hooks.n, 30)) console.log(line);
  }
} finally {
  await world.close();
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}
