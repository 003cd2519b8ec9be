// Memory given back after a burst. Under a burst (a launch day: thousands of /clip in a minute) V8 grows its
// heap to several times what is live — on a machine with plenty of memory it lets the old generation reach
// about 4× the live data before collecting — and keeps that peak once the burst is over: measured after
// 2,000 /clip whose projects stay pending, the bot stayed at 251 MB where a full collection brought it to
// 151 MB (BENCHMARKS.md, 6c). V8's own memory reducer did not run in the 15 quiet seconds after it.
// So once a burst's work is done and nobody is waiting, the bot runs V8's low-memory collection itself: full
// collections with the reduce-memory flag, which also give back the young generation the burst grew (~28 MB
// resident that no ordinary full collection shrinks) and the old generation's reserve; at most once per
// burst, and only when no request or work is in progress. It is the collection a debugger's "collect
// garbage" runs. Node 20's `gc()` cannot reach it (its V8 reads only `type: 'minor'` and `execution:
// 'async'`; any other options object runs a young-generation collection), so it is asked for through an
// in-process inspector session: no port is opened and nothing is enabled. Without an inspector (a node
// built without one), two ordinary full collections a second apart are run instead.
// Measured after 2,000 /clip on a shared 2-core machine: RSS 150 MB 6 s after the burst with two ordinary
// collections, 125-134 MB with this one, which paused the bot 210-350 ms (it compacts the whole heap).

import { createRequire } from 'node:module';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from './core/ports.ts';

export interface HeapAfterBurstOptions {
  logger: Logger;
  /** Work taken in by this process so far and work queued or running now (work-queue.ts `workActivity`). */
  activity: () => { takenIn: number; active: number };
  /** Requests received and not yet answered (http/awaiting.ts). */
  awaiting: () => number;
  /** V8's low-memory collection, calling `done` once it has run; default through the inspector; null: none. */
  reduce?: ((done: () => void) => void) | null;
  /** Without `reduce`: runs a full collection; default V8's own, made reachable at run time. */
  collect?: () => void;
  /** How many tasks make a burst; default 200. */
  burst?: number;
  /** How long the process must have been quiet; default 3 s. */
  quietMs?: number;
  /** How often it looks; default 1 s. */
  tickMs?: number;
  heapUsed?: () => number;
}

export interface HeapAfterBurst {
  /** One look: collects when a burst's worth of work has come and gone and the process is quiet. */
  check(): boolean;
  stop(): void;
}

const MB = 1024 * 1024;

/** Resident size of V8's young generation (new space), in MB. */
function youngGenerationMb(): number {
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return Math.round((young?.physical_space_size ?? 0) / MB);
}

/**
 * V8's full collection, as `node --expose-gc` offers it, reached without the flag: set at run time it
 * exposes `gc` to contexts created afterwards, so one is created to fetch it and the flag is unset again.
 */
export function v8FullCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? () => void (gc as () => void)() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * V8's low-memory collection (`Isolate::LowMemoryNotification`), asked for through an in-process inspector
 * session (HeapProfiler.collectGarbage). V8 runs it as a task on the main thread: `done` is called once it
 * has run, then the session is closed. Undefined when this node has no inspector.
 */
export function v8LowMemoryCollection(): ((done: () => void) => void) | undefined {
  let inspector: typeof import('node:inspector');
  try {
    // Required, not imported: a node built without the inspector throws on loading it.
    inspector = createRequire(import.meta.url)('node:inspector') as typeof import('node:inspector');
  } catch {
    return undefined;
  }
  return (done) => {
    const session = new inspector.Session();
    session.connect();
    session.post('HeapProfiler.collectGarbage', () => {
      // Closing the session from inside its own callback hangs it: closed a turn later.
      setImmediate(() => session.disconnect());
      done();
    });
  };
}

/** Looks every `tickMs` (unref'd: never what keeps the process alive). */
export function giveBackAfterBursts(options: HeapAfterBurstOptions): HeapAfterBurst {
  const watch = burstWatch(options);
  const timer = setInterval(watch.check, options.tickMs ?? 1_000);
  timer.unref();
  return { check: watch.check, stop: () => clearInterval(timer) };
}

/** The looks themselves, each `check()` standing for one tick. */
export function burstWatch(options: HeapAfterBurstOptions): Pick<HeapAfterBurst, 'check'> {
  const burst = options.burst ?? 200;
  const tickMs = options.tickMs ?? 1_000;
  const quietTicks = Math.max(1, Math.ceil((options.quietMs ?? 3_000) / tickMs));
  const heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
  let collect = options.collect;
  let reduce = options.reduce;
  let since = options.activity().takenIn;
  let quiet = 0;
  let secondLook = false;

  function log(tasks: number, before: { heap: number; young: number }, t: number): void {
    options.logger.info(
      {
        tasks,
        heapBeforeMb: Math.round(before.heap / MB),
        // To 0.1 MB: the benchmark reads what more pending projects hold from two of these lines.
        heapAfterMb: Math.round((heapUsed() / MB) * 10) / 10,
        youngBeforeMb: before.young,
        youngAfterMb: youngGenerationMb(),
        ms: Math.round(performance.now() - t),
      },
      'memory given back after a burst',
    );
  }

  function check(): boolean {
    const { takenIn, active } = options.activity();
    if (active > 0 || options.awaiting() > 0) {
      quiet = 0;
      secondLook = false;
      return false;
    }
    quiet++;
    if (secondLook && collect) {
      secondLook = false;
      // Without the low-memory collection, a second full one a look later gives back what the first left:
      // after 2,000 /clip settled, one took the bot from 265 to 211 MB, a second a second later to 148-151 MB.
      collect();
      return true;
    }
    const tasks = takenIn - since;
    if (quiet < quietTicks || tasks < burst) return false;
    since = takenIn;
    const before = { heap: heapUsed(), young: youngGenerationMb() };
    const t = performance.now();
    if (reduce === undefined) reduce = v8LowMemoryCollection() ?? null;
    if (reduce) {
      // V8 repeats its full collection until one frees nothing (two at least), so one look does what two
      // ordinary collections did, and the young generation is given back too. Run alone it paused the bot
      // 210-350 ms; after an ordinary collection a look earlier, 130-290 ms for that one plus ~450 ms.
      reduce(() => log(tasks, before, t));
      return true;
    }
    collect ??= v8FullCollection();
    if (!collect) return false;
    collect();
    secondLook = true;
    log(tasks, before, t);
    return true;
  }

  return { check };
}
