// The installations of distribution mode on the memory store: tokens sealed at rest, one record per workspace,
// uninstalls that never remove a newer installation, rotations that only replace the refresh token they used.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../src/core/channels/secret-box.ts';
import { createMemoryStore } from '../../../src/infra/store/memory-store.ts';
import { createInstallationsRepo, type Installation } from '../../../src/slack/installations/repo.ts';

function repoOnMemory() {
  const store = createMemoryStore();
  const box = createSecretBox({ current: { version: 'v1', key: randomBytes(32) } });
  let now = 1_000_000;
  const repo = createInstallationsRepo({ store, box, clock: { now: () => now } });
  return { repo, store, box, tick: (ms: number) => (now += ms), now: () => now };
}

const acme = (installedAt: number, token = 'xoxb-acme-1'): Installation => ({
  id: 'T0ACME',
  teamId: 'T0ACME',
  enterpriseInstall: false,
  scopes: ['commands'],
  botToken: token,
  refreshToken: `xoxe-${token}`,
  expiresAt: installedAt + 12 * 3600_000,
  issuedAt: installedAt,
  installedAt,
  installerUserId: 'U0INSTALLER',
});

describe('the installations repository', () => {
  it('keeps the tokens sealed in the store and opens them on read', async () => {
    const { repo, store } = repoOnMemory();
    await repo.save(acme(1000));
    const raw = JSON.stringify(await store.namespace('slack-installations').get('T0ACME'));
    expect(raw).not.toContain('xoxb-acme-1');
    expect(raw).not.toContain('xoxe-');
    expect((await repo.get('T0ACME'))?.botToken).toBe('xoxb-acme-1');
  });

  it('reads a record as earlier versions stored it (namespace, fields, tokens sealed to the record and field)', async () => {
    const { repo, store, box } = repoOnMemory();
    await store.namespace('slack-installations').set('E0ORG', {
      id: 'E0ORG',
      enterpriseId: 'E0ORG',
      enterpriseInstall: true,
      botUserId: 'U0BOT',
      scopes: ['commands', 'chat:write'],
      botToken: box.seal('xoxb-org', 'slack-installation:E0ORG:botToken'),
      issuedAt: 1000,
      installedAt: 1000,
    });
    await store.namespace('slack-installation-teams').set('T0EAST', 'E0ORG');
    expect((await repo.serving('T0EAST'))?.botToken).toBe('xoxb-org');
    expect(await repo.teamsOf('E0ORG')).toEqual(['T0EAST']);
  });

  it('removes once, whatever the order of the two uninstall events, and counts no removed installation', async () => {
    const { repo } = repoOnMemory();
    await repo.save(acme(1000));
    expect(await repo.remove('T0ACME', 2000)).toBe('removed');
    expect(await repo.remove('T0ACME', 2000)).toBe('already removed');
    expect(await repo.get('T0ACME')).toBeUndefined();
    expect(await repo.counts()).toEqual({ installations: 0, needReinstall: 0 });
    expect(await repo.remove('T0NOBODY', 2000)).toBe('unknown');
  });

  it('never removes an installation made after the uninstall event, nor lets an older install replace a newer one', async () => {
    const { repo } = repoOnMemory();
    await repo.save(acme(5000, 'xoxb-acme-new'));
    expect(await repo.remove('T0ACME', 4000)).toBe('kept newer installation');
    expect(await repo.save(acme(3000, 'xoxb-acme-old'))).toBe(false);
    expect((await repo.get('T0ACME'))?.botToken).toBe('xoxb-acme-new');
    // After a removal, a reinstall that came later is stored; an install older than the removal is not.
    expect(await repo.remove('T0ACME', 6000)).toBe('removed');
    expect(await repo.save(acme(5500))).toBe(false);
    expect(await repo.save(acme(7000, 'xoxb-acme-again'))).toBe(true);
    expect((await repo.get('T0ACME'))?.botToken).toBe('xoxb-acme-again');
  });

  it('replaces the tokens only while the refresh token used is still the stored one', async () => {
    const { repo } = repoOnMemory();
    await repo.save(acme(1000));
    const next = { botToken: 'xoxb-acme-2', refreshToken: 'xoxe-2', issuedAt: 2000, expiresAt: 9000 };
    expect(await repo.rotate('T0ACME', 'xoxe-xoxb-acme-1', next)).toBe(true);
    expect(await repo.rotate('T0ACME', 'xoxe-xoxb-acme-1', { ...next, botToken: 'xoxb-stale' })).toBe(false);
    expect((await repo.get('T0ACME'))?.botToken).toBe('xoxb-acme-2');
  });

  it('says "needs a reinstall" once, and counts it without naming the workspace', async () => {
    const { repo } = repoOnMemory();
    await repo.save(acme(1000));
    expect(await repo.markNeedsReinstall('T0ACME')).toBe(true);
    expect(await repo.markNeedsReinstall('T0ACME')).toBe(false);
    expect(await repo.counts()).toEqual({ installations: 1, needReinstall: 1 });
  });

  it('serves a workspace of an organisation from the org-wide installation', async () => {
    const { repo } = repoOnMemory();
    await repo.save({ ...acme(1000), id: 'E0ORG', teamId: undefined, enterpriseId: 'E0ORG', enterpriseInstall: true });
    expect(await repo.serving('T0ACME')).toBeUndefined();
    await repo.rememberTeam('T0ACME', 'E0ORG');
    expect((await repo.serving('T0ACME'))?.id).toBe('E0ORG');
  });

  it('knows every workspace an org-wide installation served, after its removal too, and forgets them with it', async () => {
    const { repo } = repoOnMemory();
    await repo.save(acme(1000));
    await repo.save({ ...acme(1000), id: 'E0ORG', teamId: undefined, enterpriseId: 'E0ORG', enterpriseInstall: true });
    await repo.rememberTeam('T0WEST', 'E0ORG');
    await repo.rememberTeam('T0EAST', 'E0ORG');
    expect(await repo.teamsOf('T0ACME')).toEqual(['T0ACME']);
    expect(await repo.teamsOf('E0ORG')).toEqual(['T0EAST', 'T0WEST']);
    expect(await repo.remove('E0ORG', 2000)).toBe('removed');
    expect(await repo.removedAt('E0ORG')).toBe(2000);
    expect(await repo.teamsOf('E0ORG')).toEqual(['T0EAST', 'T0WEST']);
    await repo.forget('E0ORG');
    expect(await repo.teamsOf('E0ORG')).toEqual([]);
    expect(await repo.serving('T0EAST')).toBeUndefined();
    expect(await repo.removedAt('T0ACME')).toBeUndefined();
  });
});
