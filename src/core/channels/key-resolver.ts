import { UserError } from '../errors.ts';

/** What the key resolver needs from the settings repository. */
export interface ApiKeySource {
  get(channelKey: string): Promise<{ apiKey?: string; unreadable?: string[] }>;
}

export type KeyOrigin = 'channel' | 'team' | 'sandbox';

export interface KeyResolver {
  /** The channel's key, else the team-wide key, else the sandbox key; a UserError when there is none. */
  resolve(channelKey: string): Promise<{ key: string; origin: KeyOrigin }>;
}

export const NO_KEY_MESSAGE =
  'No media API key is set for this channel yet. Someone who can configure the bot can add one with `/setup key` ' +
  '(or the operator can set MEDIA_API_KEY for the whole team).';

/** A channel key sealed with an encryption key the bot no longer has (ENCRYPTION_KEY changed or lost). */
export const UNREADABLE_KEY_MESSAGE =
  'The stored key can no longer be read — set it again with `/setup key` (people who may configure the bot), ' +
  'or remove it with `/setup clear_key`. Nothing was sent to the media API.';

export function createKeyResolver(options: {
  settings: ApiKeySource;
  teamKey?: string;
  /** Set when the bot runs against the sandbox: any key works there. */
  sandboxKey?: string;
}): KeyResolver {
  return {
    async resolve(channelKey) {
      const { apiKey, unreadable } = await options.settings.get(channelKey);
      // Falling back to the team key here would bill another account without anyone deciding it.
      if (!apiKey && unreadable?.includes('apiKey'))
        throw new UserError(UNREADABLE_KEY_MESSAGE, { code: 'no_api_key' });
      if (apiKey) return { key: apiKey, origin: 'channel' };
      if (options.teamKey) return { key: options.teamKey, origin: 'team' };
      if (options.sandboxKey) return { key: options.sandboxKey, origin: 'sandbox' };
      throw new UserError(NO_KEY_MESSAGE, { code: 'no_api_key' });
    },
  };
}
