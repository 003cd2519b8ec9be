import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bullmqPrefix, KEY_PREFIX, redisKey } from '../../../src/infra/redis/redis-keys.ts';

const root = join(import.meta.dirname, '../../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('Redis key names', () => {
  it('live under the default prefix, with its hash tag, unless a bot names its own', () => {
    expect(redisKey(undefined, 'budget', '{k1}')).toBe('{reelbot}:budget:{k1}');
    expect(redisKey('{staging}:', 'discord-gateway')).toBe('{staging}:discord-gateway');
    expect(bullmqPrefix()).toBe('{reelbot}:bull');
    expect(bullmqPrefix('{staging}:')).toBe('{staging}:bull');
  });

  it('are spelled in one file: no other source file writes the default prefix', () => {
    const spelled = files(root)
      .filter((file) => relative(root, file) !== 'infra/redis/redis-keys.ts')
      .filter((file) => readFileSync(file, 'utf8').includes(KEY_PREFIX.slice(0, -1)))
      .map((file) => relative(root, file));
    expect(spelled).toEqual([]);
  });
});
