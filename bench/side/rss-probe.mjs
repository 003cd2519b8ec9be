// Preloaded into a bot by `bench/side/rss-idle.ts --probe` (`node --import ./bench/side/rss-probe.mjs
// dist/main.js`): plain JavaScript, since the bot runs without tsx. It records every module the process
// loads (ES modules through a loader hook, CommonJS from require's cache) and, on SIGUSR2, writes them
// with process.memoryUsage() and V8's heap spaces to <tmpdir>/reelbot-rss-probe-<pid>.json.
// The hook runs in a thread with memory of its own: a probed bot's RSS is not the figure, only its breakdown.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { MessageChannel } from 'node:worker_threads';

const esm = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => esm.push(url));
port1.unref();
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });

const require = createRequire(import.meta.url);
process.on('SIGUSR2', () => {
  const spaces = v8.getHeapSpaceStatistics().map((s) => ({
    name: s.space_name,
    size: s.space_size,
    used: s.space_used_size,
    physical: s.physical_space_size,
  }));
  const out = { memory: process.memoryUsage(), spaces, esm, cjs: Object.keys(require.cache) };
  writeFileSync(join(tmpdir(), `reelbot-rss-probe-${process.pid}.json`), JSON.stringify(out));
});
