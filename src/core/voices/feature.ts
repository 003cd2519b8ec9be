// The voices feature: /voices and its pages, on the catalogue of each key (the other features use it).
import { defineFeature } from '../commands/define-feature.ts';
import { createVoiceCatalogue } from './catalogue.ts';
import type { VoicesDeps } from './deps.ts';
import { voices as voicesCommand, voicesFilterAction, voicesPageAction, voicesShareAction } from './voices-command.ts';

export const voices = defineFeature<VoicesDeps>({
  name: 'voices',
  commands: [voicesCommand],
  actions: [voicesPageAction, voicesFilterAction, voicesShareAction],
  mount: (services) => ({
    ...services,
    voices: createVoiceCatalogue({
      store: services.store,
      media: services.media,
      clock: services.clock,
      logger: services.logger,
      keySecret: services.encryptionKey,
      source: services.voiceSource,
    }),
  }),
});
