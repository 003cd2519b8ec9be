// The workspaces the bot is installed in (distribution mode): one record per workspace, or per organisation for
// an org-wide install, with its bot token and refresh token sealed like channel keys (bound to the record and the
// field, so a sealed token copied to another record does not open). An uninstall leaves a tombstone without
// tokens: it says when the removal happened, so an uninstall event that arrives after a reinstall is told apart
// from one for the installation it removed, and the workspace's channel settings are removed 30 days later. The
// workspaces an org-wide installation serves are remembered as their requests arrive (Slack's install names none),
// so its end reaches each of them.
import { z } from 'zod';
import type { Clock, KeyValue, SecretBox, Store } from '../../core/ports.ts';

/** How long a removed workspace's channel settings and keys wait for a reinstall before they are removed. */
export const KEEP_AFTER_UNINSTALL_MS = 30 * 24 * 3600_000;

export interface Installation {
  /** The team id, or the enterprise id of an org-wide install: where the record is kept. */
  id: string;
  teamId?: string;
  enterpriseId?: string;
  enterpriseInstall: boolean;
  appId?: string;
  botUserId?: string;
  botId?: string;
  /** Who installed the app (the first-contact message goes to them). */
  installerUserId?: string;
  scopes: string[];
  botToken: string;
  /** Token rotation: the token that gets the next bot token, and when the bot token ends (ms since the epoch). */
  refreshToken?: string;
  expiresAt?: number;
  /** When the bot token was issued (ms): its life is expiresAt − issuedAt. */
  issuedAt: number;
  /** When this installation was made (ms), as opposed to a token refresh. */
  installedAt: number;
  /** Slack refused the refresh token: a person must install the app again. */
  needsReinstall?: boolean;
}

const storedSchema = z.object({
  id: z.string(),
  teamId: z.string().optional(),
  enterpriseId: z.string().optional(),
  enterpriseInstall: z.boolean(),
  appId: z.string().optional(),
  botUserId: z.string().optional(),
  botId: z.string().optional(),
  installerUserId: z.string().optional(),
  scopes: z.array(z.string()),
  /** Sealed; absent in a tombstone. */
  botToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().optional(),
  issuedAt: z.number(),
  installedAt: z.number(),
  needsReinstall: z.boolean().optional(),
  /** Set when the app was uninstalled (ms): the record is a tombstone. */
  removedAt: z.number().optional(),
});
type Stored = z.infer<typeof storedSchema>;

export type RemoveOutcome = 'removed' | 'already removed' | 'kept newer installation' | 'unknown';

export interface InstallationsRepo {
  /** Stores an installation unless a newer one of the same workspace is already stored. */
  save(installation: Installation): Promise<boolean>;
  /** The installation with its tokens opened; undefined when absent or removed. */
  get(id: string): Promise<Installation | undefined>;
  /**
   * Removes the installation's tokens, keeping a tombstone, unless it was installed after `eventTime` (a reinstall
   * that arrived before the uninstall event of the installation it replaced). `precisionMs`: how coarse the event's
   * time is (Slack's are whole seconds, so an install earlier in that second is the one removed). Idempotent.
   */
  remove(id: string, eventTime: number, precisionMs?: number): Promise<RemoveOutcome>;
  /** Replaces the tokens after a refresh, only while `previousRefreshToken` is still the stored one. */
  rotate(
    id: string,
    previousRefreshToken: string,
    next: { botToken: string; refreshToken: string; expiresAt: number; issuedAt: number },
  ): Promise<boolean>;
  /** Marks the installation as needing a reinstall; true only for the call that changed it (log once). */
  markNeedsReinstall(id: string): Promise<boolean>;
  /** The workspace (team id) an org-wide installation serves, remembered when one of its events arrives. */
  rememberTeam(teamId: string, installationId: string): Promise<void>;
  /** The installation that serves `teamId`: its own, or its organisation's. */
  serving(teamId: string): Promise<Installation | undefined>;
  /**
   * The workspaces the installation serves: its own team, or each workspace of its organisation seen so far. Read
   * from the record whether it is installed or removed (its tombstone keeps what it was).
   */
  teamsOf(id: string): Promise<string[]>;
  /** When the installation was removed (ms), if it is a tombstone; undefined while installed or unknown. */
  removedAt(id: string): Promise<number | undefined>;
  /** Drops the tombstone and the workspaces remembered for it. */
  forget(id: string): Promise<void>;
  /** For /healthz: how many installations there are, and how many need a reinstall. No ids. */
  counts(): Promise<{ installations: number; needReinstall: number }>;
}

export interface InstallationsRepoDeps {
  store: Store;
  box: SecretBox;
  clock: Clock;
}

const aad = (id: string, field: string) => `slack-installation:${id}:${field}`;

export function createInstallationsRepo(deps: InstallationsRepoDeps): InstallationsRepo {
  const kv: KeyValue = deps.store.namespace('slack-installations');
  const teams: KeyValue = deps.store.namespace('slack-installation-teams');
  const { box } = deps;

  const parse = (value: unknown): Stored | undefined => {
    const parsed = storedSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const open = (s: Stored): Installation | undefined => {
    if (s.removedAt !== undefined || s.botToken === undefined) return undefined;
    const { removedAt: _r, botToken, refreshToken, ...rest } = s;
    return {
      ...rest,
      botToken: box.open(botToken, aad(s.id, 'botToken')),
      ...(refreshToken ? { refreshToken: box.open(refreshToken, aad(s.id, 'refreshToken')) } : {}),
    };
  };
  const seal = (i: Installation): Stored => ({
    ...i,
    botToken: box.seal(i.botToken, aad(i.id, 'botToken')),
    ...(i.refreshToken ? { refreshToken: box.seal(i.refreshToken, aad(i.id, 'refreshToken')) } : {}),
  });
  const get = async (id: string) => {
    const s = parse(await kv.get(id));
    return s ? open(s) : undefined;
  };

  return {
    async save(installation) {
      const sealed = seal(installation);
      let saved = false;
      await kv.update<Stored>(installation.id, (raw) => {
        const current = parse(raw);
        // A removal later than this install (an uninstall that came after it) or a newer install wins.
        const newer = current && Math.max(current.installedAt, current.removedAt ?? 0) > installation.installedAt;
        saved = !newer;
        return newer ? undefined : sealed;
      });
      return saved;
    },
    get,
    async remove(id, eventTime, precisionMs = 0) {
      let outcome: RemoveOutcome = 'unknown';
      await kv.update<Stored>(id, (raw) => {
        const current = parse(raw);
        if (!current) {
          outcome = 'unknown';
          return undefined;
        }
        if (current.removedAt !== undefined) {
          outcome = 'already removed';
          return undefined;
        }
        if (current.installedAt > eventTime + precisionMs) {
          outcome = 'kept newer installation';
          return undefined;
        }
        outcome = 'removed';
        const { botToken: _b, refreshToken: _r, expiresAt: _e, needsReinstall: _n, ...rest } = current;
        return { ...rest, removedAt: eventTime };
      });
      return outcome;
    },
    async rotate(id, previousRefreshToken, next) {
      let rotated = false;
      await kv.update<Stored>(id, (raw) => {
        const current = parse(raw);
        const opened = current ? open(current) : undefined;
        rotated = opened?.refreshToken === previousRefreshToken;
        if (!opened || !rotated) return undefined;
        return seal({ ...opened, ...next });
      });
      return rotated;
    },
    async markNeedsReinstall(id) {
      let changed = false;
      await kv.update<Stored>(id, (raw) => {
        const current = parse(raw);
        changed = current !== undefined && current.removedAt === undefined && current.needsReinstall !== true;
        return changed && current ? { ...current, needsReinstall: true } : undefined;
      });
      return changed;
    },
    async rememberTeam(teamId, installationId) {
      if (teamId === installationId) return;
      if ((await teams.get<string>(teamId)) !== installationId) await teams.set(teamId, installationId);
    },
    async serving(teamId) {
      const own = await get(teamId);
      if (own) return own;
      const org = await teams.get<string>(teamId);
      return org ? get(org) : undefined;
    },
    async teamsOf(id) {
      const s = parse(await kv.get(id));
      if (!s) return [];
      if (!s.enterpriseInstall) return [s.teamId ?? s.id];
      const served: string[] = [];
      for await (const [teamId, installationId] of teams.entries<string>())
        if (installationId === id) served.push(teamId);
      return served.sort();
    },
    async removedAt(id) {
      return parse(await kv.get(id))?.removedAt;
    },
    async forget(id) {
      const served: string[] = [];
      for await (const [teamId, installationId] of teams.entries<string>())
        if (installationId === id) served.push(teamId);
      for (const teamId of served) await teams.delete(teamId);
      await kv.delete(id);
    },
    async counts() {
      let installations = 0;
      let needReinstall = 0;
      for await (const [, raw] of kv.entries()) {
        const s = parse(raw);
        if (!s || s.removedAt !== undefined) continue;
        installations++;
        if (s.needsReinstall) needReinstall++;
      }
      return { installations, needReinstall };
    },
  };
}
