// `npm run bench` (`-- --quick` for a smaller run): every benchmark in turn, loopback only, each bounded
// in count and time, then one table per benchmark. Results are recorded in BENCHMARKS.md.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runCommandParse } from './command-parse.ts';
import { runEndToEnd } from './end-to-end.ts';
import { runPlatformCalls } from './platform-calls.ts';
import { runSideBySide } from './side/side-by-side.ts';
import { printTable, type Row } from './stats.ts';
import { runStore } from './store.ts';
import { runVoiceSearch } from './voice-search.ts';
import { runWebhook } from './webhook.ts';

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
}

function printMachine(quick: boolean): void {
  console.log(`# reelbot benchmarks${quick ? ' (--quick)' : ''}\n`);
  console.log(`date:   ${new Date().toISOString().slice(0, 10)}`);
  console.log(`cpu:    ${cpuModel()} × ${cpus().length} (nproc)`);
  console.log(`memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`);
  console.log(`node:   ${process.version} on ${process.platform}/${process.arch}`);
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  printMachine(quick);
  const began = performance.now();
  const failures: string[] = [];
  const section = async (title: string, run: () => Row[] | Promise<Row[]>) => {
    const t = performance.now();
    const rows = await run();
    printTable(`${title} (${((performance.now() - t) / 1000).toFixed(1)} s)`, rows);
  };
  // `--side` runs only the side-by-side section (6), the one compared with the floors and the bare server.
  const sideOnly = process.argv.includes('--side');
  if (!sideOnly) {
    await section('1. Voice search (803 voices)', () => runVoiceSearch(quick));
    await section('2. Command parsing + validation', () => runCommandParse(quick));
    await section('3. End to end: /clip reels=2 → card → result', async () => {
      const e2e = await runEndToEnd(quick);
      failures.push(...e2e.failures);
      return e2e.rows;
    });
    await section('4. Webhook listener, unknown tokens (404)', () => runWebhook(quick));
    await section('5. Store', () => runStore(quick));
    await section('5b. Slack and Discord calls per /clip reels=3 job', () => runPlatformCalls(quick));
  }
  console.log(
    "\n## 6. Side by side with the design's floors (a bare Bolt app, the libraries alone) and a bare node:http server (same run, same client, loopback)",
  );
  const side = await runSideBySide(quick);
  failures.push(...side.failures);
  if (side.missed.length) console.log(`\ntargets missed (information, not a failure): ${side.missed.join('; ')}`);
  console.log(`\ntotal: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  if (failures.length) {
    console.log(
      `\nFAILED: ${failures.length} end-to-end check(s) (a job without exactly one result, or without its card):`,
    );
    // The first few say what went wrong; a burst can leave hundreds behind.
    for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
    process.exitCode = 1;
  } else console.log('every job posted exactly one result');
}

await main();
