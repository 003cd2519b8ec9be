// The voices feature: /voices and its pages, on the catalogue of each key (the other features use it), the `voice`
// lookup source autocomplete answers from, and `resolveVoice` for every feature's handlers.
import { defineFeature } from '../commands/define-feature.ts';
import { createVoiceCatalogue } from './catalogue.ts';
import type { VoicesDeps } from './deps.ts';
import { VOICES_MESSAGES } from './messages-bundle.ts';
import { voiceHelpers, voiceLookup, warmDefault } from './voice-lookup.ts';
import { voices as voicesCommand, voicesFilterAction, voicesPageAction, voicesShareAction } from './voices-command.ts';

export const voices = defineFeature<VoicesDeps>({
  name: 'voices',
  messages: VOICES_MESSAGES,
  commands: [voicesCommand],
  actions: [voicesPageAction, voicesFilterAction, voicesShareAction],
  lookups: [voiceLookup],
  helpers: voiceHelpers,
  mount: (services) => ({
    ...services,
    voices: createVoiceCatalogue({
      store: services.store,
      media: services.media,
      clock: services.clock,
      logger: services.logger,
      keySecret: services.encryptionKey,
      source: services.sandboxOrigin,
    }),
    lastIndex: {},
  }),
  // Autocomplete answers from memory: the default key's catalogue is loading before the first question.
  recover: async (deps) => warmDefault(deps),
});
