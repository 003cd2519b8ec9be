// The frequent first answers to an interaction: a deferral (type 5, or 6 for a click) and autocomplete
// choices (type 8). In HTTP interactions mode they are written straight into the HTTP response Discord
// waits on (http-interactions.ts `FirstAnswer`), then discord.js is told what was answered, exactly as its
// own deferReply / deferUpdate / respond record it, so editReply, followUp and deleteReply work the same.
// Over the gateway (or once the HTTP answer is no longer awaited) they are discord.js's own calls.
import {
  type AutocompleteInteraction,
  InteractionResponseType,
  type MessageComponentInteraction,
  MessageFlags,
  type RepliableInteraction,
} from 'discord.js';
import type { FirstAnswer } from './http-interactions.ts';

export interface Choice {
  name: string;
  value: string;
}

export interface FirstAnswers {
  deferReply(i: RepliableInteraction, ephemeral: boolean): Promise<void>;
  deferUpdate(i: MessageComponentInteraction): Promise<void>;
  respond(i: AutocompleteInteraction, choices: Choice[]): Promise<void>;
}

export function createFirstAnswers(direct?: FirstAnswer): FirstAnswers {
  const written = (id: string, callback: object) => (direct ? direct(id, callback) : Promise.resolve(false));
  return {
    async deferReply(i, ephemeral) {
      // The body discord.js's deferReply sends (flags 0 when public).
      const flags = ephemeral ? MessageFlags.Ephemeral : 0;
      if (await written(i.id, { type: InteractionResponseType.DeferredChannelMessageWithSource, data: { flags } })) {
        i.deferred = true;
        i.ephemeral = ephemeral;
        return;
      }
      await i.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    },
    async deferUpdate(i) {
      if (await written(i.id, { type: InteractionResponseType.DeferredMessageUpdate })) {
        i.deferred = true;
        return;
      }
      await i.deferUpdate();
    },
    async respond(i, choices) {
      if (
        await written(i.id, { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices } })
      ) {
        i.responded = true;
        return;
      }
      await i.respond(choices);
    },
  };
}
