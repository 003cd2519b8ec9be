// Bolt's InstallationStore over the bot's installations (core/installations): InstallProvider stores what
// oauth.v2.access answered, and Bolt's authorize reads the token of each incoming request's workspace here.
// The answer carries no refresh token, so Bolt never refreshes by itself (its fixed two-hour margin, no lock):
// tokens.ts refreshes first, once across replicas.
import type { Installation as BoltInstallation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Installation, InstallationsRepo } from '../../core/installations/repo.ts';
import type { Clock } from '../../core/ports.ts';
import { NotInstalledError, type SlackTokens } from './tokens.ts';

export interface InstallationStoreOptions {
  repo: InstallationsRepo;
  tokens: SlackTokens;
  clock: Clock;
  /** After an installation is stored (the first-contact message). */
  onInstalled?: (installation: Installation) => void;
}

/** What oauth.v2.access answered, as the bot keeps it. */
export function fromBolt(i: BoltInstallation, now: number): Installation {
  const bot = i.bot;
  if (!bot) throw new Error('Slack answered oauth.v2.access without a bot token: is the bot scope requested?');
  const enterpriseInstall = i.isEnterpriseInstall === true;
  const id = enterpriseInstall ? i.enterprise?.id : i.team?.id;
  if (!id) throw new Error('Slack answered oauth.v2.access without a team or enterprise id');
  return {
    id,
    ...(i.team?.id ? { teamId: i.team.id } : {}),
    ...(i.enterprise?.id ? { enterpriseId: i.enterprise.id } : {}),
    enterpriseInstall,
    ...(i.appId ? { appId: i.appId } : {}),
    botUserId: bot.userId,
    ...(bot.id ? { botId: bot.id } : {}),
    installerUserId: i.user.id,
    scopes: bot.scopes,
    botToken: bot.token,
    ...(bot.refreshToken && bot.expiresAt ? { refreshToken: bot.refreshToken, expiresAt: bot.expiresAt * 1000 } : {}),
    issuedAt: now,
    installedAt: now,
  };
}

export function createBoltInstallationStore(options: InstallationStoreOptions): InstallationStore {
  const { repo, tokens } = options;
  return {
    async storeInstallation(installation) {
      const kept = fromBolt(installation as BoltInstallation, options.clock.now());
      if (await repo.save(kept)) options.onInstalled?.(kept);
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const id = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
      if (!id) throw new NotInstalledError('(unnamed)', 'absent');
      if (query.isEnterpriseInstall && query.teamId) await repo.rememberTeam(query.teamId, id);
      const found = await repo.get(id);
      if (!found) throw new NotInstalledError(id, 'absent');
      const token = await tokens.fresh(found);
      const answer: BoltInstallation<'v2', boolean> = {
        team: found.teamId ? { id: found.teamId } : undefined,
        enterprise: found.enterpriseId ? { id: found.enterpriseId } : undefined,
        user: { id: found.installerUserId ?? '', token: undefined, scopes: undefined },
        bot: { token, scopes: found.scopes, id: found.botId ?? '', userId: found.botUserId ?? '' },
        isEnterpriseInstall: found.enterpriseInstall,
        authVersion: 'v2',
        ...(found.appId ? { appId: found.appId } : {}),
      };
      return answer;
    },
  };
}
