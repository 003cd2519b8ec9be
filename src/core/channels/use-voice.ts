// "Use this voice" on a /voices page: it writes a channel setting, so it belongs with the settings.
import { z } from 'zod';
import { fail, NOT_ALLOWED, run } from '../commands/handler.ts';
import { USE_VOICE_ID } from '../voices/render-page.ts';
import { defineAction } from './deps.ts';

/** "Use this voice": the clicker's own channel's default, checked against the catalogue. */
export const useVoiceAction = defineAction({
  verb: USE_VOICE_ID,
  arg: z.string().min(1),
  prepare(voiceId, ctx) {
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
  },
});
