import { UserError } from './errors.ts';

/** What the key resolver needs from the settings repository. */
export interface ApiKeySource {
  get(channelKey: string): Promise<{ apiKey?: string }>;
}

export type KeyOrigin = 'channel' | 'team' | 'sandbox';

export interface KeyResolver {
  /** The channel's key, else the team-wide key, else the sandbox key; a UserError when there is none. */
  resolve(channelKey: string): Promise<{ key: string; origin: KeyOrigin }>;
}

export const NO_KEY_MESSAGE =
  'No media API key is set for this channel yet. Someone who can configure the bot can add one with `/setup key` ' +
  '(or the operator can set MEDIA_API_KEY for the whole team).';

export function createKeyResolver(options: {
  settings: ApiKeySource;
  teamKey?: string;
  /** Set when the bot runs against the sandbox: any key works there. */
  sandboxKey?: string;
}): KeyResolver {
  return {
    async resolve(channelKey) {
      const { apiKey } = await options.settings.get(channelKey);
      if (apiKey) return { key: apiKey, origin: 'channel' };
      if (options.teamKey) return { key: options.teamKey, origin: 'team' };
      if (options.sandboxKey) return { key: options.sandboxKey, origin: 'sandbox' };
      throw new UserError(NO_KEY_MESSAGE, { code: 'no_api_key' });
    },
  };
}
