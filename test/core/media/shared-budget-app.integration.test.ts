import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyNamer } from '../../../src/core/media/key-name.ts';
import { deleteRedisPrefix, REDIS_URL, uniquePrefix } from '../../infra/store/helpers.ts';
import { type Harness, startHarness } from '../../support/harness.ts';
import { scrapeMetric } from '../../support/metric-sum.ts';

// Issue 14: with STORE_URL on Redis, the app counts each key's media API budget in Redis, so two
// replicas together stay within the plan's hourly limit instead of spending one budget each.

let apps: Harness[] = [];
let prefix = '';
afterEach(async () => {
  for (const h of apps) await h.close();
  apps = [];
  if (prefix) await deleteRedisPrefix(prefix);
});

describe('two app instances on one Redis', () => {
  it('spend one budget per key between them', async () => {
    prefix = uniquePrefix();
    const env = {
      STORE_URL: REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      MEDIA_API_RATE_LIMIT: '10',
    };
    apps = [await startHarness(env), await startHarness(env)];
    const [a, b] = apps.map((h) => h.app.inside.media.limiter);
    if (!a || !b) throw new Error('two apps expected');
    // 10 an hour, 2 of them kept for reading results: 8 new commands between both replicas.
    const taken = [];
    for (let i = 0; i < 12; i++) taken.push(await (i % 2 === 0 ? a : b).tryTake('team-key', 'command'));
    expect(taken.filter(Boolean)).toHaveLength(8);
    expect((await a.status('team-key')).leftForCommands).toBe(0);
    expect((await b.status('team-key')).used).toBe(8);
    // The reserve is still there for result reads, on either replica; another key has its own budget.
    expect(await b.tryTake('team-key', 'read')).toBe(true);
    expect(await a.tryTake('other-key', 'command')).toBe(true);
    // On /metrics, by the key's name (an HMAC under ENCRYPTION_KEY, never the key nor its bare hash), the same
    // on both replicas: spent and found spent, across both.
    const label = createKeyNamer(Buffer.from(env.ENCRYPTION_KEY, 'base64'))('team-key');
    const count = async (name: string, use: string) => {
      const each = await Promise.all(apps.map((h) => scrapeMetric(h.app, name, { key: label, use })));
      return each.reduce((n, c) => n + c, 0);
    };
    expect(await count('reelbot_media_api_budget_spent_total', 'command')).toBe(8);
    expect(await count('reelbot_media_api_budget_refused_total', 'command')).toBe(4);
    expect(await count('reelbot_media_api_budget_spent_total', 'read')).toBe(1);
    const text = (await apps[0]?.app.request('GET', '/metrics'))?.body;
    expect(text).toMatch(/^reelbot_media_api_budget_per_hour 10$/m);
    expect(text).not.toContain('team-key');
    expect(text).not.toContain(createHash('sha256').update('team-key').digest('hex').slice(0, 16));
  });
});
