// One interaction, start to finish. The core's dispatch decides the first answer and is the error
// boundary; this file offers Discord's primitives for it: a reply or a deferral within Discord's 3 s
// (type 4 / 5, or 6 for a click so the clicked message can be redrawn), a modal as the first answer.
import { type Interaction, MessageFlags, type REST, type RepliableInteraction } from 'discord.js';
import type { Dispatch } from '../core/platform/dispatch.ts';
import type { AckMode, Answer, Entry } from '../core/platform/interaction.ts';
import { truncate } from '../core/platform/message.ts';
import type { Logger, Origin } from '../core/ports.ts';
import type { FirstTime } from './dedupe.ts';
import { modalOf } from './modal.ts';
import { renderMessage } from './render.ts';
import { createInteractionReply, type InteractionReply, payload } from './reply.ts';
import { actionOf, autocompleteOf, invocationOf, originOf, submissionOf } from './translate.ts';

export interface HandlerOptions {
  dispatch: Dispatch;
  logger: Logger;
  rest: REST;
  firstTime: FirstTime;
  /**
   * HTTP interactions: the first answer is the HTTP response to whoever sent the request, so a replay may
   * be answered and found after the acknowledgement (Entry.firstTimeAfterAck). Over the gateway the
   * answer is a call to Discord, so the check comes first.
   */
  checkAfterAck?: boolean;
}

/** Discord: ≤ 25 autocomplete choices, name and value ≤ 100 characters. */
const MAX_CHOICES = 25;

/** The primitives for one repliable interaction. */
function answerFor(i: RepliableInteraction, rest: REST, origin: Origin): Answer {
  let reply: InteractionReply | undefined;
  const open = (ack: 'ephemeral' | 'public' | 'update') => {
    reply = createInteractionReply({ interaction: i, ack, rest, origin });
    return reply;
  };
  return {
    async acknowledge(mode: AckMode, message) {
      if (reply) {
        if (message) await reply.ephemeral(message);
        return reply;
      }
      if (message) {
        // The refusal is the first answer itself (type 4), only for the person.
        await i.reply({ ...payload(renderMessage(message)), flags: MessageFlags.Ephemeral });
        // Anything after it goes out as a follow-up.
        return open('update');
      }
      // A click acknowledges with a deferred update (no "thinking…" message), so the core can still
      // redraw the clicked message (Reply.replace); answers for the clicker arrive as ephemeral follow-ups.
      if (mode === 'update' && i.isMessageComponent()) {
        await i.deferUpdate();
        return open('update');
      }
      const ephemeral = mode !== 'public';
      await i.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      return open(ephemeral ? 'ephemeral' : 'public');
    },
    // A modal must be the first answer (no defer before it), and cannot answer a modal.
    ...(i.isModalSubmit() ? {} : { openForm: async (form) => void (await i.showModal(modalOf(form, i.locale))) }),
    conclude: async () => reply?.dropDeferred(),
  };
}

function entryOf(i: Interaction): Entry | undefined {
  const trace = { interactionId: i.id, type: i.type, guildId: i.guildId };
  if (i.isChatInputCommand()) {
    const { command, options, origin, canConfigure } = invocationOf(i);
    return { kind: 'command', command, ...(options ? { options } : {}), origin, canConfigure, trace };
  }
  if (i.isButton() || i.isStringSelectMenu()) return { kind: 'click', ...actionOf(i), trace };
  if (i.isModalSubmit()) {
    const { modalId, values, origin, canConfigure } = submissionOf(i);
    return { kind: 'form', formId: modalId, values, origin, canConfigure, trace };
  }
  return undefined;
}

export function createInteractionHandler(o: HandlerOptions): (i: Interaction) => Promise<void> {
  return async (i) => {
    if (i.isAutocomplete()) {
      // Answered with no claim at all: it is re-asked on every keystroke, and a replay could only be
      // refused by Discord (40060), never shown twice.
      const q = autocompleteOf(i);
      return o.dispatch.autocomplete({ ...q, origin: originOf(i) }, (choices) =>
        i.respond(
          choices.slice(0, MAX_CHOICES).map((c) => ({ name: truncate(c.name, 100), value: c.value.slice(0, 100) })),
        ),
      );
    }
    const entry = entryOf(i);
    if (!entry || !i.isRepliable()) {
      o.logger.debug({ interactionId: i.id, type: i.type }, 'interaction of an unhandled kind ignored');
      return;
    }
    const firstTime = () => o.firstTime(i.id);
    await o.dispatch.handle(
      { ...entry, firstTime, ...(o.checkAfterAck ? { firstTimeAfterAck: true } : {}) },
      answerFor(i, o.rest, entry.origin),
    );
  };
}
