import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers of docs/architecture.md, checked on every import: the core owns the ports and knows no platform and
// no infrastructure library; each library is wrapped by exactly one file; adapters translate at the edge with
// what the composition root hands them; nothing imports in a loop.

const root = join(import.meta.dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Static imports and re-exports (type-only ones included) and dynamic imports of one file. */
function specifiersOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const statics = [...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/gm)];
  const dynamics = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return [...statics, ...dynamics].map((m) => m[1] ?? '');
}

/** `src/`-relative paths of the files a file imports from the tree. */
function localImportsOf(path: string): string[] {
  return specifiersOf(path)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(path), s))
    .filter((p) => existsSync(p))
    .map((p) => relative(root, p));
}

const all = files(root);
const name = (f: string) => relative(root, f);
const inLayer = (prefix: string) => all.filter((f) => name(f).startsWith(prefix));

/** Each library the design wraps, and the one file that may import it (two where it serves two jobs). */
const WRAPPERS: Record<string, string> = {
  keyv: 'infra/store/keyv-backend.ts',
  '@keyv/sqlite': 'infra/store/sqlite-store.ts',
  ioredis: 'infra/redis/redis-connection.ts',
  // Slack's tiers counted in Redis across replicas, and requests per client address at the web edge in memory.
  'rate-limiter-flexible': 'infra/redis/redis-rate-window.ts, web/client-limit.ts',
  hono: 'web/edge.ts',
  '@hono/node-server': 'web/edge.ts',
  bullmq: 'infra/scheduler/bullmq.ts',
  'prom-client': 'infra/prom-metrics.ts',
  pino: 'runtime/logger.ts',
  'pino-pretty': 'runtime/logger.ts',
  undici: 'core/media/http-transport.ts',
  'chrono-node': 'core/publish/requests/schedule-time.ts',
  'twitter-text': 'core/publish/accounts/caption-limits.ts',
  // The message catalogue's ICU engine, and the parser that reads a message's shape (parity, pseudo-locale).
  'intl-messageformat': 'core/i18n/format.ts',
  '@formatjs/icu-messageformat-parser': 'core/i18n/format.ts, core/i18n/message-shape.ts',
};

function offenders(layer: string[], bad: (imported: string) => boolean, local = false): string[] {
  return layer.flatMap((f) =>
    (local ? localImportsOf(f) : specifiersOf(f)).filter(bad).map((i) => `${name(f)} imports ${i}`),
  );
}

describe('the core', () => {
  const core = inLayer('core/');

  it('never imports a chat platform library', () => {
    expect(offenders(core, (i) => /^(discord\.js|@discordjs\/|@slack\/)/.test(i))).toEqual([]);
  });

  it('never imports the infrastructure, the web edge, the adapters, the sandbox, the CLIs or the composition root', () => {
    const outside = /^(infra|web|discord|slack|console|sandbox|cli|runtime|start)\/|^(main|start-bot|config)\.ts$/;
    expect(offenders(core, (i) => outside.test(i), true)).toEqual([]);
  });

  it('never imports a web framework: a route is a web-standard Request in and a Response or a Page out', () => {
    expect(offenders(core, (i) => /^(hono|@hono\/)/.test(i))).toEqual([]);
  });

  it('writes no HTML: pages are data (core/platform/page.ts), rendered by the web edge', () => {
    // Markup, not a placeholder in a comment (`<video link>`) or a type parameter: a doctype, a closing tag, or a
    // tag with a quoted attribute.
    const tags =
      'html|head|body|main|meta|title|style|script|form|input|textarea|button|label|video|img|a|p|div|span|strong|em|h[1-6]|dl|dt|dd|ul|ol|li|time';
    const markup = new RegExp(`<!doctype html|</(${tags})>|<(${tags})\\s[^<>]*=\\s*["'][^<>]*>`);
    const withHtml = core.filter((f) => markup.test(readFileSync(f, 'utf8'))).map(name);
    expect(withHtml).toEqual([]);
  });
});

describe('the web edge', () => {
  const web = inLayer('web/');

  it('imports the core and its libraries, never the infrastructure, an adapter, a feature or the composition root', () => {
    const outside = /^(infra|discord|slack|console|sandbox|cli|runtime|start)\/|^(main|start-bot|config)\.ts$/;
    const bad = (i: string) => outside.test(i) || featureOf(i) !== undefined || i.startsWith('core/app/');
    expect(offenders(web, bad, true)).toEqual([]);
  });

  it('escapes one way: the html tagged template, and no other escaping function in src/web or src/core', () => {
    const escapers = [...web, ...inLayer('core/')].filter((f) =>
      /function escapeHtml|escapeHtml\s*=/.test(readFileSync(f, 'utf8')),
    );
    expect(escapers.map(name)).toEqual([]);
  });
});

/** The paths routes declare (`X_PATH = '/…'`, `path: '/…'`, the values of an `X_PATHS = { … }`), by first segment. */
function routePrefixes(files: string[]): string[] {
  const found = files.flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    const singles = [...text.matchAll(/(?:_PATH\s*=|path:)\s*['"](\/[^'"]+)['"]/g)].map((m) => m[1] ?? '');
    const objects = [...text.matchAll(/_PATHS\s*=\s*\{([^}]*)\}/g)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/['"](\/[^'"]+)['"]/g)].map((x) => x[1] ?? ''),
    );
    return [...singles, ...objects];
  });
  return [...new Set(found.map((p) => `/${p.split('/')[1]}`))].sort();
}

describe('the infrastructure', () => {
  it('serves the core: it never imports the adapters, the sandbox, the CLIs or the composition root', () => {
    const outside = /^(discord|slack|console|sandbox|cli|start)\/|^(main|start-bot)\.ts$/;
    expect(offenders(inLayer('infra/'), (i) => outside.test(i), true)).toEqual([]);
  });
});

describe('the adapters', () => {
  it.each(['discord', 'slack', 'console'])(
    '%s imports no other adapter, no infrastructure and not the web edge',
    (adapter) => {
      const outside = new RegExp(
        `^(infra|web|sandbox|cli|start|(?!${adapter}/)(discord|slack|console))/|^(main|start-bot)\\.ts$`,
      );
      expect(offenders(inLayer(`${adapter}/`), (i) => outside.test(i), true)).toEqual([]);
    },
  );
});

describe('each wrapped library', () => {
  it.each(Object.entries(WRAPPERS))('%s is imported by %s alone', (library, wrapper) => {
    const importers = all.filter((f) => specifiersOf(f).includes(library)).map(name);
    expect(importers.sort()).toEqual(wrapper.split(', '));
  });
});

describe('the configuration', () => {
  it('is the only reader of process.env', () => {
    const readers = all.filter((f) => /process\.env\b/.test(readFileSync(f, 'utf8').replace(/\/\/.*$/gm, '')));
    expect(readers.map(name)).toEqual(['config.ts']);
  });
});

/** The folders under core/ that are features: each one exports its value from `feature.ts` (core/app lists them). */
const FEATURE_FOLDERS = readdirSync(join(root, 'core'))
  .filter((d) => existsSync(join(root, 'core', d, 'feature.ts')))
  .sort();
const featureOf = (path: string): string | undefined => FEATURE_FOLDERS.find((f) => path.startsWith(`core/${f}/`));

describe('features, the framework and the seam', () => {
  const framework = inLayer('core/commands/');
  const seam = inLayer('core/platform/');
  const importsFeatureOrApp = (i: string) => featureOf(i) !== undefined || i.startsWith('core/app/');

  it('finds the features: jobs, voices, publish and channels each mount themselves', () => {
    expect(FEATURE_FOLDERS).toEqual(['channels', 'jobs', 'publish', 'voices']);
  });

  it('the command framework (core/commands) imports no feature and not the app', () => {
    expect(offenders(framework, importsFeatureOrApp, true)).toEqual([]);
  });

  it('the app and the framework name no feature’s own parts: a feature brings its lookup sources and helpers', () => {
    // Only features.ts, the one list of features, names one (issue 41: voices were special-cased in app/bot.ts).
    const general = [...inLayer('core/app/'), ...inLayer('core/commands/')].filter(
      (f) => name(f) !== 'core/app/features.ts',
    );
    const naming = general.filter((f) => /voice/i.test(readFileSync(f, 'utf8'))).map(name);
    expect(naming).toEqual([]);
  });

  it('the catalogue (core/i18n) imports nothing of the bot: features and the framework bring it their messages', () => {
    expect(offenders(inLayer('core/i18n/'), (i) => !i.startsWith('core/i18n/'), true)).toEqual([]);
  });

  it('the seam (core/platform) imports no feature and not the app', () => {
    expect(offenders(seam, importsFeatureOrApp, true)).toEqual([]);
  });

  it('a feature never imports the app: arrows run app → features → framework and seam', () => {
    const features = FEATURE_FOLDERS.flatMap((f) => inLayer(`core/${f}/`));
    expect(offenders(features, (i) => i.startsWith('core/app/'), true)).toEqual([]);
  });

  it('features import each other only as a DAG (folder to folder)', () => {
    const graph = new Map(
      FEATURE_FOLDERS.map((f) => [
        f,
        [
          ...new Set(
            inLayer(`core/${f}/`)
              .flatMap(localImportsOf)
              .map(featureOf)
              .filter((g): g is string => g !== undefined && g !== f),
          ),
        ],
      ]),
    );
    expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('a feature’s records are its own: the app, the framework, the seam and the composition root open no store namespace', () => {
    const outside = [...inLayer('core/app/'), ...framework, ...seam, ...inLayer('start/'), ...inLayer('start-bot.ts')];
    const opening = outside.filter((f) => /\.namespace\(/.test(readFileSync(f, 'utf8')));
    expect(opening.map(name)).toEqual([]);
  });

  it('only core/app lists the features: a feature value is imported by the app or by a feature that uses it', () => {
    const importers = all.filter((f) =>
      localImportsOf(f).some((i) => FEATURE_FOLDERS.some((g) => i === `core/${g}/feature.ts`)),
    );
    const allowed = (f: string) => name(f).startsWith('core/app/') || /^core\/[a-z-]+\/feature\.ts$/.test(name(f));
    expect(importers.filter((f) => !allowed(f)).map(name)).toEqual([]);
    const listing = inLayer('core/app/').filter(
      (f) => localImportsOf(f).filter((i) => i.endsWith('/feature.ts')).length === FEATURE_FOLDERS.length,
    );
    expect(listing.map(name)).toContain('core/app/features.ts');
  });

  it.each(['infra', 'discord', 'slack', 'console'])('%s imports no feature', (layer) => {
    expect(offenders(inLayer(`${layer}/`), (i) => featureOf(i) !== undefined, true)).toEqual([]);
  });

  describe('routes come from the features that own them', () => {
    const owners = all.filter((f) => featureOf(name(f)) !== undefined);
    const routeFiles = owners.filter((f) => routePrefixes([f]).length > 0).map(name);
    const prefixes = routePrefixes(owners);
    const naming = [...inLayer('start/'), ...inLayer('core/app/'), ...inLayer('web/')];

    it('finds the routes features and adapters bring (the check itself works)', () => {
      expect(prefixes).toEqual(expect.arrayContaining(['/review', '/webhooks']));
      expect(routeFiles).toEqual(expect.arrayContaining(['core/jobs/webhook.ts', 'core/publish/review/route.ts']));
    });

    it('start/, core/app and the web edge import no file that declares a feature’s route', () => {
      expect(offenders(naming, (i) => routeFiles.includes(i), true)).toEqual([]);
    });

    it('start/, core/app and the web edge name no feature’s path', () => {
      const named = naming.flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        return prefixes
          .filter((p) => new RegExp(`['"\`/]${p.slice(1)}[/'"\`]`).test(text))
          .map((p) => `${name(f)} names ${p}`);
      });
      expect(named).toEqual([]);
    });
  });
});

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('never loop (a loop is how the HTTP listener and the jobs once grew into each other)', () => {
    // Static imports only: a dynamic import() is how a module loads an optional part on demand.
    const statics = (f: string) =>
      [...readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/gm)]
        .map((m) => resolve(dirname(f), m[1] ?? ''))
        .filter((p) => existsSync(p));
    const graph = new Map(all.map((f) => [f, statics(f)]));
    expect(graph.size).toBeGreaterThan(150);
    expect(findCycles(graph).map((c) => c.map(name).join(' -> '))).toEqual([]);
  });

  it('finds a loop when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});

describe('the composition root’s test seam', () => {
  const startBot = readFileSync(join(root, 'start-bot.ts'), 'utf8');
  const membersOf = (iface: string) => {
    const body = new RegExp(`export interface ${iface} \\{\\n([\\s\\S]*?)\\n\\}`).exec(startBot)?.[1] ?? '';
    return [...body.matchAll(/^ {2}(\w+)\??[(:]/gm)].map((m) => m[1]);
  };

  it('RunningBot is what a caller uses from outside, with the insides behind one member', () => {
    expect(membersOf('RunningBot')).toEqual([
      'port',
      'metricsPort',
      'webhookBase',
      'finished',
      'request',
      'stop',
      'inside',
    ]);
    expect(membersOf('BotInsides').length).toBeGreaterThan(0);
  });

  it('no file of src/ but start-bot.ts reaches inside a running bot (main.ts uses its outside only)', () => {
    const seam = /\.inside\b|\bBotInsides\b/;
    expect(seam.test(startBot)).toBe(true);
    const reaching = all.filter((f) => name(f) !== 'start-bot.ts' && seam.test(readFileSync(f, 'utf8')));
    expect(reaching.map(name)).toEqual([]);
  });
});

describe('the test tiers', () => {
  it('the unit tier boots no bot: a test that needs a whole bot is an integration test', () => {
    const tests = join(import.meta.dirname);
    const unit = files(tests).filter((p) => p.endsWith('.test.ts') && !/\.(integration|process)\.test\.ts$/.test(p));
    const booting = unit.filter((p) => /\b(startTestBot|startBot)\(/.test(readFileSync(p, 'utf8')));
    expect(booting.map((p) => relative(tests, p))).toEqual([]);
  });
});
