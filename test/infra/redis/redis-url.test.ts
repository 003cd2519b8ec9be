import { describe, expect, it } from 'vitest';
import { loadConfig, secretValues } from '../../../src/config.ts';
import { defaultReplicaAcks, parseRedisUrl, redisAddress } from '../../../src/infra/redis/redis-url.ts';

// STORE_URL through Redis Sentinel: several sentinels, the primary's name, optionally the data nodes'
// password and a database number. A mistake stops start-up saying what to write; logs never show the password.

const KEY_32 = Buffer.alloc(32, 1).toString('base64');
const problem = (url: string) => {
  try {
    loadConfig({ STORE_URL: url, ENCRYPTION_KEY: KEY_32 });
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('a redis+sentinel:// STORE_URL', () => {
  it('names every sentinel, the primary’s name, the password and the database', () => {
    expect(
      parseRedisUrl('redis+sentinel://:p%40ss%3Aword@10.0.0.1:26379,sentinel-b:26380,[fd00::3]:26381/main/2'),
    ).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: 'sentinel-b', port: 26380 },
        { host: 'fd00::3', port: 26381 },
      ],
      name: 'main',
      password: 'p@ss:word',
      db: 2,
    });
  });

  it('takes a user name, and a sentinel without a port listens on 26379', () => {
    expect(parseRedisUrl('redis+sentinel://bot:pw@s1,s2/mymaster')).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      name: 'mymaster',
      username: 'bot',
      password: 'pw',
    });
  });

  it('is shown without its password', () => {
    expect(redisAddress('redis+sentinel://:hunter2@h1:26379,h2:26379,h3:26379/mymaster/2')).toBe(
      'redis+sentinel://h1:26379,h2:26379,h3:26379/mymaster/2',
    );
    expect(redisAddress('redis+sentinel://h1:26379/mymaster')).toBe('redis+sentinel://h1:26379/mymaster');
  });

  it('is accepted as STORE_URL, and its password is masked in logs', () => {
    const url = 'redis+sentinel://:redis-pass-9@h1:26379,h2:26379,h3:26379/mymaster';
    const config = loadConfig({ STORE_URL: url, ENCRYPTION_KEY: KEY_32 });
    expect(config.store).toMatchObject({ kind: 'redis', url });
    expect(secretValues(config)).toContain('redis-pass-9');
  });

  it('needs ENCRYPTION_KEY like any Redis store', () => {
    expect(() => loadConfig({ STORE_URL: 'redis+sentinel://h1:26379/mymaster' })).toThrow(
      /ENCRYPTION_KEY: required when STORE_URL is redis/,
    );
  });

  it.each([
    ['redis+sentinel://h1:26379,h2:26379', 'the master name is missing after the hosts'],
    ['redis+sentinel://h1:26379/', 'the master name is missing after the hosts'],
    ['redis+sentinel:///mymaster', 'no sentinel host:port before the master name'],
    ['redis+sentinel://h1:26379,,h3:26379/mymaster', '"" is not a sentinel host:port'],
    ['redis+sentinel://h1:263790/mymaster', 'the port in "h1:263790" must be a number from 1 to 65535'],
    ['redis+sentinel://h1:port/mymaster', 'the port in "h1:port" must be a number from 1 to 65535'],
    ['redis+sentinel://h1:26379/mymaster/two', 'after the master name only a database number may follow'],
    ['redis+sentinel://h1:26379/mymaster/2/x', 'after the master name only a database number may follow'],
    ['redis+sentinel://h1:26379/mymaster?db=2', 'a redis+sentinel:// URL takes no ?query'],
    ['redis+sentinel://:%zz@h1:26379/mymaster', 'the password is not valid percent-encoding'],
  ])('%s stops start-up: %s', (url, why) => {
    const message = problem(url);
    expect(message).toContain(`STORE_URL: ${why}`);
    expect(message).toContain('write redis+sentinel://10.0.0.1:26379,10.0.0.2:26379,10.0.0.3:26379/mymaster');
  });

  it('is named among the forms STORE_URL takes when the scheme is unknown', () => {
    expect(problem('valkey://h1:6379')).toContain('redis+sentinel://host:26379,host:26379,host:26379/mymaster');
  });

  it('has a replica acknowledge each write that must survive a failover, in any letter case', () => {
    expect(defaultReplicaAcks('redis+sentinel://h1:26379/mymaster')).toBe(1);
    expect(defaultReplicaAcks('REDIS+SENTINEL://h1:26379/mymaster')).toBe(1);
  });
});

describe('a redis:// STORE_URL', () => {
  it('is passed on as it is and shown without its password, as before', () => {
    expect(parseRedisUrl('rediss://:pw@cache:6380/1')).toEqual({ kind: 'server', url: 'rediss://:pw@cache:6380/1' });
    expect(redisAddress('redis://:pw@cache:6379/1')).toBe('redis://cache:6379/1');
    expect(redisAddress('redis://cache:6379')).toBe('redis://cache:6379');
  });

  it('asks no replica to acknowledge a write (one Redis, nothing to fail over to)', () => {
    expect(defaultReplicaAcks('redis://cache:6379')).toBe(0);
  });
});
