// What the voices feature's handlers see: the core's services and the voice catalogue; and the helper it adds to
// every interaction (voice-lookup.ts), declared here for every feature's handlers.

import { type CoreServices, handlersFor } from '../commands/define-feature.ts';
import type { CommandContext } from '../commands/handler.ts';
import type { Voice } from '../media/schemas.ts';
import type { VoiceCatalogue } from './catalogue.ts';
import type { VoiceIndex } from './voice-index.ts';

/** Whatever index was seen last, for any key: the catalogue is the API's, so it answers while a key's own loads. */
export interface LastIndex {
  index?: VoiceIndex;
}

export interface VoicesDeps extends CoreServices {
  voices: VoiceCatalogue;
  lastIndex: LastIndex;
}
export type VoicesContext = CommandContext<VoicesDeps>;
export const { defineCommand, defineAction } = handlersFor<VoicesDeps>();

declare module '../commands/handler.ts' {
  interface ContextHelpers {
    /** A voice by id or unambiguous name from the channel's catalogue; throws a UserError with suggestions. */
    resolveVoice(text: string): Promise<Voice>;
  }
}
