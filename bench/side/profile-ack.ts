// `npx tsx bench/side/profile-ack.ts [sqlite|redis] [--discord] [--webhook] [--keep]`: a bot process under
// `node --cpu-prof` takes a burst of signed Slack /clip commands (or Discord interactions), 200 in flight,
// then (--webhook) 3,000 valid webhook deliveries, 20 in flight; it stops, and the functions with the most
// self time are printed, so what is slow on the acknowledgement and webhook paths can be found and removed.
// Loopback only.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOneResultEach, discordQuiet } from './checks.ts';
import { drive } from './load.ts';
import { discordClip, slackClip } from './requests.ts';
import { type StoreKind, startWorld } from './world.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function top(file: string, count: number): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    total += hits;
    const url = n.callFrame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\/src\//, 'src/');
    const key = `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + hits);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

const store = (process.argv[2] ?? 'sqlite') as StoreKind;
const discord = process.argv.includes('--discord');
const dir = mkdtempSync(join(tmpdir(), 'reelbot-prof-'));
const world = await startWorld();
try {
  const bot = await world.startBot(store, {
    argv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', 'src/main.ts'],
  });
  const channels = new Set<string>();
  const reqs = Array.from({ length: 600 }, (_, i) => {
    if (discord) return discordClip(world.discord, world.privateKey);
    channels.add(`CPROF${i}`);
    return slackClip(world.web, `CPROF${i}`);
  });
  const r = await drive(bot.origin, reqs, 200, { count: 600, ms: 60_000, warmup: 0 });
  console.log(`${r.sample.n} acks, ${r.sample.opsPerSec.toFixed(0)}/s`);
  if (discord) await discordQuiet(world.discord, 1_000, 60_000);
  else {
    const wrong = await checkOneResultEach(world.web, channels, 60_000);
    console.log(`jobs without exactly one result: ${wrong.length}`);
  }
  if (process.argv.includes('--webhook')) {
    // Then the webhook path: the valid deliveries recorded above, sent again 3,000 times, 20 in flight.
    const valid = bot.tap.deliveries.filter((d) => d.path.startsWith('/webhooks/media/'));
    const hooks = Array.from({ length: 3000 }, (_, i) => {
      const d = valid[i % valid.length] as (typeof valid)[number];
      return { path: d.path, headers: { 'content-type': 'application/json' }, body: d.body };
    });
    const w = await drive(bot.origin, hooks, 20, { count: 3000, ms: 60_000, warmup: 0 });
    console.log(`${w.sample.n} deliveries, ${w.sample.opsPerSec.toFixed(0)}/s`);
  }
  await bot.stop();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no CPU profile written');
  console.log(`\nself time, top 30 (${join(dir, file)}):`);
  for (const line of top(join(dir, file), 30)) console.log(line);
} finally {
  await world.close();
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}
