// What the voices feature's handlers see: the core's services and the voice catalogue.

import { type CoreServices, handlersFor } from '../commands/define-feature.ts';
import type { CommandContext } from '../commands/handler.ts';
import type { VoiceCatalogue } from './catalogue.ts';

export interface VoicesDeps extends CoreServices {
  voices: VoiceCatalogue;
}
export type VoicesContext = CommandContext<VoicesDeps>;
export const { defineCommand, defineAction } = handlersFor<VoicesDeps>();
