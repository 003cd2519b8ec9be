// Issue 34: Redis Sentinel set up from deploy/ and docs/reliability.md alone. The doc's one-host walkthrough is
// run as written (test/deploy/sentinel-walkthrough.ts: its ports and directory replaced by free ones, nothing
// else), from the very files in deploy/redis/; the bot is started on the doc's STORE_URL as a deployment runs it
// (src/main.ts, Slack in HTTP mode against the Slack double, the media API sandbox delivering webhooks); a /clip
// completes before a planned failover (the doc's `sentinel failover`), after it, and after the new primary is
// killed with `kill -9`, while /healthz names the node the sentinels name. The compose file is checked against
// the same files (no container runtime here to run it).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isDone, type SlackWorld, startSlackWorld, until } from '../crash/slack-world.ts';
import type { BotProcess } from '../support/bot-process.ts';
import { root } from '../support/bot-process.ts';
import { DOC, docBlock, type Walkthrough, walkthrough } from './sentinel-walkthrough.ts';

const dir = mkdtempSync(join(tmpdir(), 'reelbot-sentinel-setup-'));
let nodes: Walkthrough | undefined;
let world: SlackWorld | undefined;
let bot: BotProcess | undefined;
afterAll(async () => {
  bot?.kill('SIGKILL');
  await bot?.exited;
  await world?.close();
  await nodes?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const doc = readFileSync(join(root, DOC), 'utf8');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Health {
  status: number;
  storePrimary?: string | null;
}

async function healthz(port: number): Promise<Health> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json()) as { storePrimary?: string | null };
    return { status: res.status, storePrimary: body.storePrimary };
  } catch {
    return { status: 0 };
  }
}

/** Polls `probe` every 100 ms; the ms it took until it held, or a failure naming what never happened. */
async function within(what: string, ms: number, probe: () => Promise<boolean>): Promise<number> {
  const from = Date.now();
  while (Date.now() - from < ms) {
    if (await probe()) return Date.now() - from;
    await sleep(100);
  }
  throw new Error(`${what} not within ${ms} ms`);
}

describe('Redis Sentinel from deploy/ and the doc', () => {
  it('the compose file runs the files of deploy/redis/ and points the bot at its sentinels', () => {
    const compose = parse(read('deploy/compose.sentinel.yaml'), { merge: true }) as {
      services: Record<
        string,
        { command?: string[]; volumes?: string[]; environment?: Record<string, string>; depends_on?: object }
      >;
      volumes: Record<string, unknown>;
    };
    const services = compose.services;
    expect(Object.keys(services).sort()).toEqual(
      ['bot', 'redis-primary', 'redis-replica-1', 'redis-replica-2', 'sentinel-1', 'sentinel-2', 'sentinel-3'].sort(),
    );
    const files: Record<string, string> = {
      'redis-primary': 'primary.conf',
      'redis-replica-1': 'replica.conf',
      'redis-replica-2': 'replica.conf',
      'sentinel-1': 'sentinel.conf',
      'sentinel-2': 'sentinel.conf',
      'sentinel-3': 'sentinel.conf',
    };
    for (const [name, file] of Object.entries(files)) {
      const service = services[name];
      const mount = service?.volumes?.find((v) => v.startsWith('./redis/'));
      // Paths in a compose file are relative to the file's own directory.
      expect(mount, name).toBe(`./redis/${file}:/etc/reelbot/${file}:ro`);
      expect(existsSync(join(root, 'deploy', 'redis', file))).toBe(true);
      // A volume of its own holds the node's writable copy, made once and kept (the sentinels rewrite it).
      expect(service?.volumes).toContain(`${name}:/data`);
      expect(Object.keys(compose.volumes)).toContain(name);
      const copy = file === 'sentinel.conf' ? '/data/sentinel.conf' : '/data/redis.conf';
      const script = service?.command?.[2] ?? '';
      expect(service?.command?.slice(0, 2)).toEqual(['sh', '-c']);
      expect(script).toContain(`[ -f ${copy} ] || cp /etc/reelbot/${file} ${copy};`);
      expect(script).toMatch(
        new RegExp(`exec docker-entrypoint\\.sh redis-server ${copy}${file === 'sentinel.conf' ? ' --sentinel' : ''}$`),
      );
    }
    for (const service of Object.values(services)) {
      for (const needed of Object.keys(service.depends_on ?? {})) expect(Object.keys(services)).toContain(needed);
    }

    // The bot asks the three sentinels, on the port sentinel.conf gives them, for the name they monitor; the
    // primary they monitor is the service that runs primary.conf, on its port.
    const sentinelConf = read('deploy/redis/sentinel.conf');
    const monitor = /^sentinel monitor (\S+) (\S+) (\d+) (\d+)$/m.exec(sentinelConf);
    expect(monitor?.slice(1)).toEqual(['reelbot', 'redis-primary', '6379', '2']);
    expect(/^port (\d+)$/m.exec(sentinelConf)?.[1]).toBe('26379');
    expect(/^port (\d+)$/m.exec(read('deploy/redis/primary.conf'))?.[1]).toBe('6379');
    expect(read('deploy/redis/replica.conf')).toMatch(/^replicaof redis-primary 6379$/m);
    expect(services.bot?.environment?.STORE_URL).toBe(
      'redis+sentinel://sentinel-1:26379,sentinel-2:26379,sentinel-3:26379/reelbot',
    );
    expect(doc).toContain('docker compose -f deploy/compose.sentinel.yaml up -d --build');
    // The doc's checks with compose ask services the file has, on the port sentinel.conf gives them.
    const execs = [...doc.matchAll(/^docker compose -f deploy\/compose\.sentinel\.yaml (exec -T|kill) (\S+)(.*)$/gm)];
    expect(execs.map((m) => m.slice(1))).toEqual([
      ['exec -T', 'sentinel-1', ' redis-cli -p 26379 sentinel ckquorum reelbot'],
      [
        'exec -T',
        'sentinel-1',
        " redis-cli -p 26379 sentinel replicas reelbot | grep -A1 master-link-status | grep -c '^ok$'",
      ],
      ['exec -T', 'sentinel-1', ' redis-cli -p 26379 sentinel get-master-addr-by-name reelbot'],
      ['exec -T', 'sentinel-1', ' redis-cli -p 26379 sentinel failover reelbot'],
      ['kill', 'redis-primary', '    # then: … start redis-primary'],
    ]);
    for (const [, , service] of execs) expect(Object.keys(services)).toContain(service);
  });

  it('the one-host walkthrough runs as written, and /healthz follows a planned failover and a kill -9', {
    timeout: 240_000,
  }, async () => {
    const w = await walkthrough(dir);
    nodes = w;
    for (const line of docBlock('sentinel-one-host')) w.run(line);

    // The doc's checks, until each answers what the doc says it answers.
    const [ckquorum, replicaSeen, primaryCheck, ...more] = docBlock('sentinel-one-host-check');
    expect(more).toEqual([]);
    const answers = (line: string | undefined) => async () => w.run(line ?? 'false').trim();
    const settled = await within('three sentinels agreeing and knowing both replicas', 30_000, async () => {
      const quorum = await answers(ckquorum)().catch(() => '');
      const replicas = await answers(replicaSeen)().catch(() => '');
      return quorum.startsWith('OK 3 usable Sentinels') && replicas === '2';
    });
    expect(await answers(primaryCheck)()).toBe(`127.0.0.1\n${w.port(6380)}`);
    // What the doc says they answer (its lines wrapped as they fall).
    const prose = doc.replace(/\s+/g, ' ');
    expect(prose).toContain('`OK 3 usable Sentinels. Quorum and failover authorization can be reached`');
    expect(prose).toContain('the second `2`');
    expect(prose).toContain('the third `127.0.0.1` and `6380`');

    // The bot on the doc's STORE_URL.
    const storeUrl = /^STORE_URL=(redis\+sentinel:\/\/\S+) npm start$/m.exec(doc)?.[1];
    expect(storeUrl).toBe('redis+sentinel://127.0.0.1:26379,127.0.0.1:26380,127.0.0.1:26381/reelbot');
    world = await startSlackWorld({ jobMs: 1_500 });
    const slack = world;
    bot = slack.startBot(w.local(storeUrl ?? ''));
    await bot.ready;
    const port = Number(bot.logs.find((l) => String(l.msg).startsWith('HTTP listener ready'))?.port);
    const primary = (docPort: 6380 | 6381 | 6382) => `127.0.0.1:${w.port(docPort)}`;
    /** The doc's port of the node at `address`. */
    const docPortOf = (address: string) =>
      ([6380, 6381, 6382] as const).find((p) => primary(p) === address) ?? Number.NaN;
    // Slack's connection is checked (auth.test) just after the listener is ready: healthy within moments.
    await within('/healthz answering 200', 10_000, async () => (await healthz(port)).status === 200);
    expect(await healthz(port)).toEqual({ status: 200, storePrimary: primary(6380) });

    const clip = async (channel: string) => {
      expect(await slack.clip(channel)).toBe(200);
      const done = await until(() => isDone(slack.job(channel)), 30_000);
      // What the person saw and what the bot logged, should it not be done.
      const told = slack.web.responses.map((r) => JSON.stringify(r.body)).slice(-3);
      const logged = (bot?.logs ?? [])
        .filter((l) => Number(l.level) >= 40)
        .map((l) => String(l.msg))
        .slice(-10);
      expect({ channel, done, job: slack.job(channel), told, logged }).toEqual({
        channel,
        done: true,
        job: expect.objectContaining({ results: 1 }),
        told,
        logged,
      });
    };
    await clip('C0BEFORE');

    // The planned failover, as the doc asks for it: one of the replicas is promoted.
    const failover = doc.match(/^redis-cli -p 26379 sentinel failover reelbot$/m)?.[0];
    expect(failover).toBeDefined();
    const askedAt = Date.now();
    expect(w.run(failover ?? 'false').trim()).toBe('OK');
    let promoted = '';
    const sentinelsPlanned = await within('the sentinels naming a replica', 15_000, async () => {
      const named = (await answers(primaryCheck)().catch(() => '')).split('\n');
      promoted = `${named[0]}:${named[1]}`;
      return promoted === primary(6381) || promoted === primary(6382);
    });
    // The bounds the doc gives: /healthz names the promoted node within 5 s of a planned failover, 15 s of a kill.
    const healthzPlanned = await within('/healthz naming the promoted replica', 5_000 - sentinelsPlanned, async () => {
      const h = await healthz(port);
      return h.status === 200 && h.storePrimary === promoted;
    });
    const plannedMs = Date.now() - askedAt;
    // Two replicas: a command now is carried out, before the old primary rejoins.
    await clip('C0PLANNED');
    const oldPrimaryLink = doc.match(/^redis-cli -p 6380 info replication \| grep master_link_status$/m)?.[0];
    expect(oldPrimaryLink).toBeDefined();
    await within('the old primary replicating the promoted one', 40_000, async () => {
      return (await answers(oldPrimaryLink)().catch(() => '')) === 'master_link_status:up';
    });
    const rejoinPlannedMs = Date.now() - askedAt;

    // The unplanned one: the new primary's process killed.
    const killedPort = docPortOf(promoted) as 6381 | 6382;
    const victim = w.node(killedPort);
    const killedAt = Date.now();
    process.kill(victim.pid ?? -1, 'SIGKILL');
    const unhealthyMs = await within(
      '/healthz answering 503',
      10_000,
      async () => (await healthz(port)).status === 503,
    );
    let again = '';
    await within('/healthz naming a promoted node', 15_000 - unhealthyMs, async () => {
      const h = await healthz(port);
      again = h.storePrimary ?? '';
      return h.status === 200 && again !== '' && again !== promoted;
    });
    const backMs = Date.now() - killedAt;
    expect(await answers(primaryCheck)()).toBe(again.replace(':', '\n'));
    // The other replica follows the promoted node: a command completes before the killed node is back.
    await clip('C0KILLED');

    // The killed node started again with its own line: the sentinels make it a replica.
    w.restart(killedPort);
    const killedLink = oldPrimaryLink?.replace('-p 6380', `-p ${killedPort}`);
    const rejoinMs = await within('the killed node replicating the promoted one', 40_000, async () => {
      return (await answers(killedLink)().catch(() => '')) === 'master_link_status:up';
    });
    // Nothing posted twice meanwhile: each job still has its one result.
    await sleep(1_000);
    for (const channel of ['C0BEFORE', 'C0PLANNED', 'C0KILLED']) expect(slack.job(channel).results, channel).toBe(1);
    expect(await healthz(port)).toEqual({ status: 200, storePrimary: again });

    console.log(
      `Sentinel walkthrough: settled in ${settled} ms; planned failover: sentinels ${sentinelsPlanned} ms, /healthz ` +
        `${healthzPlanned} ms more (${plannedMs} ms from the request), the old primary a replica ${rejoinPlannedMs} ms ` +
        `after the request; kill -9: 503 after ${unhealthyMs} ms, ` +
        `/healthz on the promoted node ${backMs} ms after the kill; the killed node replicating ${rejoinMs} ms ` +
        'after its restart',
    );
  });
});
