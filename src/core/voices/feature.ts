// The voices feature: /voices and its pages, on the catalogue of each key (the other features use it), the `voice`
// lookup source autocomplete answers from, and `resolveVoice` for every feature's handlers.
import { defineFeature } from '../commands/define-feature.ts';
import { defineMessages } from '../i18n/messages.ts';
import { createVoiceCatalogue } from './catalogue.ts';
import type { VoicesDeps } from './deps.ts';
import { VOICES_DE } from './messages.de.ts';
import { VOICES_ES } from './messages.es.ts';
import { VOICES_FR } from './messages.fr.ts';
import { VOICES_JA } from './messages.ja.ts';
import { VOICES_PT_BR } from './messages.pt-BR.ts';
import { VOICES_EN } from './messages.ts';
import { voiceHelpers, voiceLookup, warmDefault } from './voice-lookup.ts';
import { voices as voicesCommand, voicesFilterAction, voicesPageAction, voicesShareAction } from './voices-command.ts';

export const voices = defineFeature<VoicesDeps>({
  name: 'voices',
  messages: defineMessages(VOICES_EN, {
    de: VOICES_DE,
    es: VOICES_ES,
    fr: VOICES_FR,
    'pt-BR': VOICES_PT_BR,
    ja: VOICES_JA,
  }),
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
