// `npx tsx bench/side/ack-only.ts [sqlite|redis] [--quick] [--only=slack,discord,webhook,completion]`: the
// per-bot figures of the side-by-side section for one store, without the process-level ones, for iterating
// on the acknowledgement, webhook and result paths. Loopback only, bounded like the full section.
import { startBareServer } from './bare.ts';
import { startBareBolt } from './bare-bolt.ts';
import { type Figure, printFigures } from './figures.ts';
import { ackFigures, completionFigures, FULL, QUICK, webhookFigures } from './per-bot.ts';
import { type StoreKind, startWorld } from './world.ts';

const store = (process.argv[2] ?? 'sqlite') as StoreKind;
const sizes = process.argv.includes('--quick') ? QUICK : FULL;
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wants = (part: string) => !only || only.includes(part);
const failures: string[] = [];
const bare = await startBareServer();
const world = await startWorld();
const bolt = await startBareBolt(world.web.apiUrl);
const figures: Figure[] = [];
try {
  const bot = await world.startBot(store);
  try {
    await new Promise((r) => setTimeout(r, 1_000));
    const completion = wants('completion') ? await completionFigures(store, world, bot, sizes, failures) : [];
    if (wants('slack')) figures.push(...(await ackFigures('slack', store, world, bot, bare, sizes, failures, bolt)));
    if (wants('discord')) figures.push(...(await ackFigures('discord', store, world, bot, bare, sizes, failures)));
    if (wants('webhook')) figures.push(...(await webhookFigures(store, bot, bare, sizes)));
    figures.push(...completion);
  } finally {
    await bot.stop();
  }
} finally {
  await bolt.stop();
  await world.close();
  await bare.stop();
}
printFigures(`per-bot figures, ${store}`, figures);
if (failures.length) {
  console.log(`\nFAILED: ${failures.length}`);
  for (const f of failures.slice(0, 10)) console.log(`  ${f}`);
  process.exitCode = 1;
}
