// A job's card after a crash: the process that posted it died before Discord's answer came back, so the
// job does not know the card's id. Discord keeps no hidden mark on a message (a nonce is never shown
// again after the create), so the card is known by what Discord does show: it is the bot's, it is no
// longer a "thinking…" placeholder, it shows the job's id, and when it answers an interaction
// (`interaction_metadata`) that is the one that asked. It was posted after that interaction, so one page
// of the messages just after it (ids are time-ordered) holds it however busy the channel is. Needs Read
// Message History; no Message Content intent, since Discord shows a bot its own messages in full.
import { type APIMessage, DiscordAPIError, MessageFlags, type REST, Routes } from 'discord.js';
import type { Origin, ThreadRef } from '../core/ports.ts';
import { startThreadFrom } from './post.ts';

/** One page: the card follows its interaction within seconds. */
const PAGE = 50;
/** Discord: "A thread has already been created for this message". */
const THREAD_ALREADY_CREATED = 160004;

/** The job id as a word of one of the card's embed fields (the title may quote another job: "retry of …"). */
function shows(m: APIMessage, text: string): boolean {
  const words = (m.embeds ?? []).flatMap((e) => (e.fields ?? []).flatMap((f) => f.value.split(/[^A-Za-z0-9]+/)));
  return words.includes(text);
}

function isCard(m: APIMessage, botId: string, origin: Origin, jobId: string | undefined): boolean {
  if (m.author.id !== botId || ((m.flags ?? 0) & MessageFlags.Loading) !== 0) return false;
  const answers = m.interaction_metadata?.id;
  if (answers !== undefined && origin.interactionId !== undefined && answers !== origin.interactionId) return false;
  return jobId !== undefined ? shows(m, jobId) : answers !== undefined && answers === origin.interactionId;
}

/** The thread started from the card: started now if the crash came before it, else it has the card's id. */
async function threadOf(rest: REST, channelId: string, card: APIMessage): Promise<string> {
  try {
    const name = card.embeds?.[0]?.title ?? card.content;
    return (await startThreadFrom(rest, channelId, card.id, name)).id;
  } catch (err) {
    if (err instanceof DiscordAPIError && err.code === THREAD_ALREADY_CREATED) return card.id;
    throw err;
  }
}

export function createCardFinder(rest: REST) {
  let botId: Promise<string> | undefined;
  /** The bot's own user id, asked once (a failed ask is asked again next time). */
  async function me(): Promise<string> {
    botId ??= (rest.get(Routes.user()) as Promise<{ id: string }>).then((u) => u.id);
    try {
      return await botId;
    } catch (err) {
      botId = undefined;
      throw err;
    }
  }

  return async function findCard(origin: Origin, _tag: string, jobId?: string): Promise<ThreadRef | undefined> {
    // A command run in a thread has its card there (Discord has no threads in threads).
    const where = origin.threadId ?? origin.channelId;
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (origin.interactionId) query.set('after', origin.interactionId);
    const page = (await rest.get(Routes.channelMessages(where), { query })) as APIMessage[];
    const bot = await me();
    const card = page.find((m) => isCard(m, bot, origin, jobId));
    if (!card) return undefined;
    const ref = { platform: 'discord' as const, workspaceId: origin.workspaceId, channelId: origin.channelId };
    if (origin.threadId) return { ...ref, threadId: origin.threadId, cardMessageId: card.id };
    return { ...ref, threadId: await threadOf(rest, origin.channelId, card), cardMessageId: card.id };
  };
}
