import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The core owns the ports; platforms and infrastructure libraries stay at the edge. Each wrapped library
// may be imported by exactly one file of the core.

const root = join(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const importsOf = (path: string) =>
  [...readFileSync(path, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );

// keyv is imported where the store builds it over an adapter, its SQLite adapter where the file is opened,
// and ioredis by the one Redis connection factory (the keyv adapter over it implements keyv's contract
// without importing keyv).
const ALLOWED_WRAPPERS: Record<string, string> = {
  keyv: 'core/store/keyv-backend.ts',
  '@keyv/sqlite': 'core/store/sqlite-store.ts',
  ioredis: 'core/store/redis-connection.ts',
  undici: 'core/media/http-transport.ts',
};

describe('the core', () => {
  const core = files(join(root, 'core'));

  it('never imports a chat platform library', () => {
    const offenders = core.flatMap((f) =>
      importsOf(f)
        .filter((i) => /^(discord\.js|@discordjs\/|@slack\/)/.test(i))
        .map((i) => `${relative(root, f)} imports ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('imports keyv, its adapters, ioredis, undici and pino only from the one file that wraps each', () => {
    const offenders = core.flatMap((f) =>
      importsOf(f)
        .filter((i) => /^(keyv|@keyv\/|sqlite3|ioredis|undici|pino)/.test(i))
        .filter((i) => ALLOWED_WRAPPERS[i] !== relative(root, f))
        .map((i) => `${relative(root, f)} imports ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('imports prom-client only from the one metrics implementation', () => {
    const offenders = files(root).flatMap((f) =>
      importsOf(f)
        .filter((i) => i === 'prom-client' && relative(root, f) !== 'core/metrics/prom-metrics.ts')
        .map((i) => `${relative(root, f)} imports ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps jobs and commands independent of the HTTP listener (no http <-> jobs loop)', () => {
    const offenders = core
      .filter((f) => /core\/(jobs|commands|metrics)\//.test(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /\/http\//.test(i))
          .map((i) => `${relative(root, f)} imports ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('never imports from the adapters, the sandbox or the composition root', () => {
    const offenders = core.flatMap((f) =>
      importsOf(f)
        .filter((i) => /\/(discord|slack|console|sandbox)\/|\/(main|app|config|logger)\.ts$/.test(i))
        .map((i) => `${relative(root, f)} imports ${i}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the configuration', () => {
  it('is the only reader of process.env', () => {
    const readers = files(root)
      .filter((f) => /process\.env\b/.test(readFileSync(f, 'utf8').replace(/\/\/.*$/gm, '')))
      .map((f) => relative(root, f));
    expect(readers).toEqual(['config.ts']);
  });
});
