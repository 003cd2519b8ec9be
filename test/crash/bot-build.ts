// The bot as one pre-compiled file for tests that start it dozens of times. `node --import tsx src/main.ts`
// spends ~3.5 s of CPU transpiling and resolving before it listens; a bundle of the same sources starts in
// ~1 s, which is what lets CI afford 20 kill runs per store on a 2-core runner. Packages that read files
// next to their own code (native addons, ioredis/BullMQ's paths, pino's workers) stay outside the bundle
// and load from node_modules as they do in production (the deploy test runs the real `dist/` build).
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const EXTERNAL = [
  'sqlite3',
  'msgpackr-extract',
  'pino',
  'pino-pretty',
  'thread-stream',
  'ioredis',
  'bullmq',
  '@discordjs/ws',
  'zlib-sync',
  'bufferutil',
  'utf-8-validate',
];

export interface BotBuild {
  /** What to pass to `startBotProcess({ argv })`. */
  argv: string[];
  remove(): void;
}

/** Bundles src/main.ts into a temporary folder (about a second); its node_modules is the project's. */
export async function buildBot(): Promise<BotBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'reelbot-bot-'));
  // The packages left outside resolve from the bundle's folder, as from the project.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const outfile = join(dir, 'main.mjs');
  await build({
    entryPoints: [join(ROOT, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS packages inside an ESM bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return { argv: [outfile], remove: () => rmSync(dir, { recursive: true, force: true }) };
}
