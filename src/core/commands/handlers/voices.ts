import type { Prepared } from '../../interaction.ts';
import { parseVoicesFilterPick, parseVoicesPageId, renderVoicePage, USE_VOICE_ID } from '../../voices/render-page.ts';
import type { VoiceFilters } from '../../voices/voice-index.ts';
import { type CommandContext, type CommandHandler, fail, run, str } from '../handler.ts';
import { VOICES } from '../table.ts';
import { NOT_ALLOWED } from './setup.ts';

async function page(ctx: CommandContext, filters: VoiceFilters, n: number) {
  const view = await ctx.deps.voices.get(await ctx.apiKey());
  const voices = view.index.filter(filters);
  return renderVoicePage({
    voices,
    page: n,
    filters,
    index: view.index,
    staleNote: view.stale ? view.staleReason : undefined,
  });
}

export const voices: CommandHandler = {
  spec: VOICES,
  prepare(v, ctx) {
    const filters: VoiceFilters = {
      language: str(v.language),
      gender: str(v.gender),
      style: str(v.style),
      query: str(v.query),
    };
    return run(true, async (reply) => reply.ephemeral(await page(ctx, filters, 1)));
  },
};

/** Previous / Next or a filter pick on a voice list: the list is redrawn in place where the platform allows. */
export function voicesAction(actionId: string, ctx: CommandContext): Prepared | undefined {
  const paging = parseVoicesPageId(actionId) ?? parseVoicesFilterPick(actionId);
  if (paging) {
    return run(true, async (reply) => {
      const message = await page(ctx, paging.filters, paging.page);
      await (reply.replace ? reply.replace(message) : reply.ephemeral(message));
    });
  }
  if (!actionId.startsWith(`${USE_VOICE_ID}:`)) return undefined;
  const voiceId = actionId.slice(USE_VOICE_ID.length + 1);
  if (!ctx.canConfigure) {
    return fail(`${NOT_ALLOWED}\nYou can still use this voice in a command: \`/tts voice=${voiceId} …\`.`);
  }
  return run(true, async (reply) => {
    const voice = await ctx.resolveVoice(voiceId);
    await ctx.deps.settings.update(ctx.channelKey, { voiceId: voice.voiceId, updatedBy: ctx.origin.userId });
    await reply.ephemeral({
      text: `Default voice for this channel is now **${voice.name}** (${voice.languageCode}, ${voice.gender}, ${voice.style}). /tts and /ttv use it when no voice is given.`,
    });
  });
}
