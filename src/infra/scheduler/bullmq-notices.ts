// BullMQ 6 prints what it finds wrong with the Redis server (an eviction policy other than noeviction, a version
// under 6.2) with console.warn, raw text in the JSON log, once for every connection it opens (two per worker, one
// per queue). It has no option to route them: its only switch, skipVersionCheck, also makes it assume Redis 5 and
// round every blocking wait up to whole seconds, so scheduled tasks would run up to 1 s late. So these two lines,
// matched exactly, are taken from console.warn while a scheduler listens; every other call passes through untouched.

export type BullmqNotice =
  | { kind: 'eviction'; policy: string }
  | { kind: 'old-version'; recommended: string; current: string };

type Listener = (notice: BullmqNotice) => void;

// The wording of bullmq/dist/esm/classes/redis-connection.js (getRedisVersionAndType and init).
const EVICTION = /^IMPORTANT! Eviction policy is (\S+)\. It should be "noeviction"$/;
const OLD_VERSION = /^It is highly recommended to use a minimum Redis version of (\S+)\s+Current: (\S+)\s*$/;

const listeners = new Set<Listener>();
let original: typeof console.warn | undefined;
let installed: typeof console.warn | undefined;

function parse(args: unknown[]): BullmqNotice | undefined {
  const [text] = args;
  if (args.length !== 1 || typeof text !== 'string') return undefined;
  const eviction = EVICTION.exec(text);
  if (eviction?.[1]) return { kind: 'eviction', policy: eviction[1] };
  const old = OLD_VERSION.exec(text);
  if (old?.[1] && old[2]) return { kind: 'old-version', recommended: old[1], current: old[2] };
  return undefined;
}

/** Routes BullMQ's notices to `listener` until the returned function is called. */
export function listenToBullmqNotices(listener: Listener): () => void {
  listeners.add(listener);
  if (!installed) {
    const passThrough = console.warn;
    original = passThrough;
    installed = (...args: unknown[]) => {
      const notice = listeners.size > 0 ? parse(args) : undefined;
      if (!notice) return passThrough.apply(console, args);
      for (const l of listeners) l(notice);
    };
    console.warn = installed;
  }
  return () => {
    listeners.delete(listener);
    // Put back only what we replaced: a wrapper someone installed after ours stays (ours passes through).
    if (listeners.size === 0 && installed && console.warn === installed && original) {
      console.warn = original;
      installed = undefined;
      original = undefined;
    }
  };
}
