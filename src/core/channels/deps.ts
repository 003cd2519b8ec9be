// What the channels feature's handlers see: the channel's settings and key, the voices, every feature's part of /setup.
import { type CoreServices, handlersFor, type MountedSetupPart } from '../commands/define-feature.ts';
import type { CommandContext } from '../commands/handler.ts';
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
export const { defineCommand, defineAction, defineForm } = handlersFor<ChannelsDeps>();
