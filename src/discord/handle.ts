// One interaction, start to finish, inside one error boundary. The first answer is decided without I/O
// (Bot.prepare*), and the replay check waits at most ~300 ms for the store (dedupe.ts), so it reaches
// Discord within its 3-second window.

import {
  type AutocompleteInteraction,
  type Interaction,
  MessageFlags,
  type REST,
  type RepliableInteraction,
} from 'discord.js';
import type { Bot, Prepared } from '../core/interaction.ts';
import { modalToOpen } from '../core/modal-load.ts';
import type { Logger } from '../core/ports.ts';
import { truncate } from '../core/render/message.ts';
import type { FirstTime } from './dedupe.ts';
import { modalOf } from './modal.ts';
import { renderMessage } from './render.ts';
import { type Ack, createInteractionReply } from './reply.ts';
import { actionOf, autocompleteOf, invocationOf, originOf, submissionOf } from './translate.ts';

export interface HandlerOptions {
  bot: Bot;
  logger: Logger;
  rest: REST;
  firstTime: FirstTime;
}

const SORRY = 'Sorry, something went wrong on our side. Please try again in a moment.';
/** Discord: ≤ 25 autocomplete choices, name and value ≤ 100 characters. */
const MAX_CHOICES = 25;

const ephemeral = (text: string) => ({ ...renderMessage({ text }), flags: MessageFlags.Ephemeral as const });

async function answerAutocomplete(bot: Bot, i: AutocompleteInteraction): Promise<void> {
  const q = autocompleteOf(i);
  const choices = bot.autocomplete(q.command, q.option, q.query, originOf(i));
  await i.respond(
    choices.slice(0, MAX_CHOICES).map((c) => ({ name: truncate(c.name, 100), value: c.value.slice(0, 100) })),
  );
}

/**
 * A click acknowledges with a deferred update (no "thinking…" message), so the core can still redraw
 * the clicked message (Reply.replace); answers for the clicker only then arrive as ephemeral follow-ups.
 */
async function acknowledge(i: RepliableInteraction, isEphemeral: boolean): Promise<Ack> {
  if (i.isMessageComponent()) {
    await i.deferUpdate();
    return 'update';
  }
  await i.deferReply(isEphemeral ? { flags: MessageFlags.Ephemeral } : {});
  return isEphemeral ? 'ephemeral' : 'public';
}

async function carryOut(o: HandlerOptions, i: RepliableInteraction, prepared: Prepared): Promise<void> {
  if (prepared.kind === 'error') {
    await i.reply(ephemeral(prepared.message));
    return;
  }
  if (prepared.kind === 'modal') {
    // A modal must be the first answer (no defer before it), and cannot answer a modal.
    if (i.isModalSubmit()) throw new Error(`a modal cannot open another modal (${prepared.modal.id})`);
    await i.showModal(modalOf(await modalToOpen(prepared)));
    return;
  }
  const ack = await acknowledge(i, prepared.ephemeral);
  const reply = createInteractionReply({ interaction: i, ack, rest: o.rest, origin: originOf(i) });
  await prepared.run(reply);
  await reply.settle();
}

async function route(o: HandlerOptions, i: Interaction): Promise<void> {
  if (i.isAutocomplete()) return answerAutocomplete(o.bot, i);
  if (i.isChatInputCommand()) return carryOut(o, i, o.bot.prepare(invocationOf(i)));
  if (i.isButton() || i.isStringSelectMenu()) return carryOut(o, i, o.bot.prepareAction(actionOf(i)));
  if (i.isModalSubmit()) return carryOut(o, i, o.bot.prepareModal(submissionOf(i)));
  o.logger.debug({ interactionId: i.id, type: i.type }, 'interaction of an unhandled kind ignored');
}

/** Tells the person, in the place that is still open to us; never throws. */
async function apologise(i: Interaction, logger: Logger): Promise<void> {
  try {
    if (i.isAutocomplete()) {
      if (!i.responded) await i.respond([]);
    } else if (!i.deferred && !i.replied) await i.reply(ephemeral(SORRY));
    // After a click's deferred update, editReply would overwrite the clicked message: follow up instead.
    else if (i.deferred && !i.replied && !i.isMessageComponent()) await i.editReply(renderMessage({ text: SORRY }));
    else await i.followUp(ephemeral(SORRY));
  } catch (err) {
    logger.warn({ err }, 'could not tell the user about the failure');
  }
}

function describe(i: Interaction): Record<string, unknown> {
  const what = i.isCommand() || i.isAutocomplete() ? { command: i.commandName } : {};
  const custom = i.isMessageComponent() || i.isModalSubmit() ? { customId: i.customId } : {};
  return { interactionId: i.id, type: i.type, guildId: i.guildId, userId: i.user.id, ...what, ...custom };
}

export function createInteractionHandler(o: HandlerOptions): (i: Interaction) => Promise<void> {
  return async (i) => {
    const log = o.logger.child(describe(i));
    try {
      // Autocomplete is answered with no claim at all: it is re-asked on every keystroke, and a replay
      // could only be refused by Discord (40060), never shown twice.
      if (!i.isAutocomplete() && !(await o.firstTime(i.id))) {
        log.debug('interaction already handled: replay ignored');
        return;
      }
      await route({ ...o, logger: log }, i);
    } catch (err) {
      log.error({ err }, 'interaction failed');
      await apologise(i, log);
    }
  };
}
