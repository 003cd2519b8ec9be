// The channels feature: each channel's key and defaults, and /setup, which shows every feature's part.
import { defineFeature } from '../commands/define-feature.ts';
import { voices } from '../voices/feature.ts';
import type { ChannelsDeps } from './deps.ts';
import { createKeyResolver } from './key-resolver.ts';
import { createSettingsRepo } from './settings-repo.ts';
import { setup, setupKeyForceForm, setupKeyForm } from './setup-command.ts';
import { useVoiceAction } from './use-voice.ts';
import { channelsWorkspaceEnd } from './workspace-end.ts';

export const channels = defineFeature<ChannelsDeps>({
  name: 'channels',
  commands: [setup],
  actions: [useVoiceAction],
  forms: [setupKeyForm, setupKeyForceForm],
  workspace: channelsWorkspaceEnd,
  mount(services, ctx) {
    const settings = createSettingsRepo(services.store, services.box, { clock: services.clock });
    const keys = createKeyResolver({ settings, teamKey: services.teamKey, sandboxKey: services.sandboxKey });
    return { ...services, settings, keys, voices: ctx.use(voices).voices, setupParts: () => ctx.setupParts() };
  },
});
