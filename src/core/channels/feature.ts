// The channels feature: each channel's key and defaults, and /setup, which shows every feature's part.
import { defineFeature } from '../commands/define-feature.ts';
import { defineMessages } from '../i18n/messages.ts';
import { voices } from '../voices/feature.ts';
import { channelLocaleOf } from './channel-locale.ts';
import type { ChannelsDeps } from './deps.ts';
import { createKeyResolver } from './key-resolver.ts';
import { CHANNELS_DE } from './messages.de.ts';
import { CHANNELS_ES } from './messages.es.ts';
import { CHANNELS_FR } from './messages.fr.ts';
import { CHANNELS_JA } from './messages.ja.ts';
import { CHANNELS_PT_BR } from './messages.pt-BR.ts';
import { CHANNELS_EN } from './messages.ts';
import { createSettingsRepo } from './settings-repo.ts';
import { setup, setupKeyForceForm, setupKeyForm } from './setup-command.ts';
import { useVoiceAction } from './use-voice.ts';
import { channelsWorkspaceEnd } from './workspace-end.ts';

export const channels = defineFeature<ChannelsDeps>({
  name: 'channels',
  messages: defineMessages(CHANNELS_EN, {
    de: CHANNELS_DE,
    es: CHANNELS_ES,
    fr: CHANNELS_FR,
    'pt-BR': CHANNELS_PT_BR,
    ja: CHANNELS_JA,
  }),
  commands: [setup],
  actions: [useVoiceAction],
  forms: [setupKeyForm, setupKeyForceForm],
  workspace: channelsWorkspaceEnd,
  helpers: (deps, base) => ({
    channelLocale: async () => channelLocaleOf(await deps.settings.get(base.channelKey), base.origin),
  }),
  mount(services, ctx) {
    const settings = createSettingsRepo(services.store, services.box, { clock: services.clock });
    const keys = createKeyResolver({ settings, teamKey: services.teamKey, sandboxKey: services.sandboxKey });
    return { ...services, settings, keys, voices: ctx.use(voices).voices, setupParts: () => ctx.setupParts() };
  },
});
