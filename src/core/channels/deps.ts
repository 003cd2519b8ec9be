// What the channels feature's handlers see: the channel's settings and key, the voices, every feature's part of /setup.
import { type CoreServices, handlersFor, type MountedSetupPart } from '../commands/define-feature.ts';
import type { CommandContext } from '../commands/handler.ts';
import type { Locale } from '../i18n/locales.ts';
import type { VoiceCatalogue } from '../voices/catalogue.ts';
import type { KeyResolver } from './key-resolver.ts';
import type { SettingsRepo } from './settings-repo.ts';

export interface ChannelsDeps extends CoreServices {
  settings: SettingsRepo;
  keys: KeyResolver;
  voices: VoiceCatalogue;
  /** The other features' sections and settings of /setup. */
  setupParts(): readonly MountedSetupPart[];
}
export type ChannelsContext = CommandContext<ChannelsDeps>;

declare module '../commands/handler.ts' {
  interface ContextHelpers {
    /**
     * The language the channel's public messages are written in (`/setup locale=`, else the platform's, else
     * English): a store read, for the work after an acknowledgement.
     */
    channelLocale(): Promise<Locale>;
  }
}
export const { defineCommand, defineAction, defineForm } = handlersFor<ChannelsDeps>();
