import { z } from 'zod';
import { MediaApiError } from '../../errors.ts';
import type { Prepared } from '../../interaction.ts';
import { describeMediaError } from '../../media/describe-error.ts';
import { CLIP_LANGUAGES, DEFAULT_LANGUAGE, DEFAULT_SUBTITLE_TEMPLATE, SUBTITLE_TEMPLATES } from '../../media/enums.ts';
import { PLATFORMS } from '../../publish/caption-limits.ts';
import { setupPublishing } from '../../publish/setup-socials.ts';
import type { OutMessage } from '../../render/message.ts';
import { maskSecret } from '../../store/settings-repo.ts';
import { defineForm } from '../actions.ts';
import { type CommandContext, defineCommand, fail, NOT_ALLOWED, run } from '../handler.ts';
import { SETUP } from '../table.ts';

export const SETUP_KEY_MODAL = 'setup_key';
export { NOT_ALLOWED } from '../handler.ts';

/** What the channel runs with, the key shown masked and never in full. */
async function renderSettings(ctx: CommandContext, note?: string): Promise<OutMessage> {
  const s = await ctx.deps.settings.get(ctx.channelKey);
  const { facts } = ctx.deps;
  const keyLine = s.apiKey
    ? `${maskSecret(s.apiKey)} (this channel’s own key)`
    : facts.teamKey
      ? 'the team-wide key (MEDIA_API_KEY)'
      : facts.sandbox
        ? 'none needed: the bot runs against the local sandbox'
        : 'none — run `/setup key` to add one';
  let voice = s.voiceId ?? 'API default';
  if (s.voiceId) {
    const key = await ctx.apiKey().catch(() => undefined);
    const found = key ? ctx.deps.voices.peek(key)?.byId(s.voiceId) : undefined;
    if (found) voice = `${found.name} (${found.languageCode})`;
  }
  return {
    text: [note, '**reelbot settings for this channel**'].filter(Boolean).join('\n'),
    cards: [
      {
        title: 'Channel settings',
        fields: [
          { name: 'API key', value: keyLine },
          { name: 'Default language', value: s.language ?? DEFAULT_LANGUAGE, inline: true },
          { name: 'Default voice', value: voice, inline: true },
          { name: 'Default subtitle style', value: s.template ?? DEFAULT_SUBTITLE_TEMPLATE, inline: true },
          {
            name: 'Results arrive by',
            value: facts.webhooks ? 'webhook (with polling as a fallback)' : 'polling (no PUBLIC_URL set)',
          },
        ],
        footer: 'Change: /setup key · /setup clear_key · /setup language=french voice=Jenny template=beast',
        tone: 'info',
      },
    ],
  };
}

export const setup = defineCommand({
  spec: SETUP,
  options: z.strictObject({
    action: z.enum(['show', 'key', 'clear_key', 'socials']).default('show'),
    language: z.enum(CLIP_LANGUAGES).optional(),
    voice: z.string().optional(),
    template: z.enum(SUBTITLE_TEMPLATES).optional(),
    // /setup socials [add|remove] <name> platform=… and the approval policy (src/core/publish).
    change: z.enum(['add', 'remove']).optional(),
    name: z.string().optional(),
    platform: z.enum(PLATFORMS).optional(),
    approvals: z.number().int().optional(),
    self_approve: z.enum(['yes', 'no']).optional(),
    approval_expiry: z.string().optional(),
    approvers: z.string().optional(),
    timezone: z.string().optional(),
  }),
  prepare(v, ctx): Prepared {
    if (!ctx.canConfigure) return fail(NOT_ALLOWED);
    const publishing = setupPublishing(v, ctx);
    if (publishing) return publishing;
    const { action, language, voice, template } = v;
    const defaults = { language, voice, template };
    const changing = Object.values(defaults).some((x) => x !== undefined);
    if (action === 'key') {
      return {
        kind: 'modal',
        modal: {
          id: SETUP_KEY_MODAL,
          title: 'Media API key for this channel',
          inputs: [
            {
              id: 'api_key',
              label: 'API key',
              placeholder: 'Paste the key from your media API dashboard',
              style: 'short',
              required: true,
              secret: true,
              maxLength: 200,
            },
          ],
        },
      };
    }
    if (action === 'clear_key') {
      return run(true, async (reply) => {
        await ctx.deps.settings.update(ctx.channelKey, { apiKey: null, updatedBy: ctx.origin.userId });
        await reply.ephemeral(await renderSettings(ctx, 'Removed this channel’s API key.'));
      });
    }
    return run(true, async (reply) => {
      if (!changing) return reply.ephemeral(await renderSettings(ctx));
      const voiceId = defaults.voice ? (await ctx.resolveVoice(defaults.voice)).voiceId : undefined;
      await ctx.deps.settings.update(ctx.channelKey, {
        language: defaults.language,
        voiceId,
        template: defaults.template,
        updatedBy: ctx.origin.userId,
      });
      await reply.ephemeral(await renderSettings(ctx, 'Saved the channel defaults.'));
    });
  },
});

/** The key arrives through a form, so it never appears in a channel; it is checked against the API. */
export const setupKeyForm = defineForm({
  id: SETUP_KEY_MODAL,
  values: z.object({ api_key: z.string().default('') }),
  prepare: (values, ctx) => submitKey(values.api_key, ctx),
});

function submitKey(submitted: string, ctx: CommandContext): Prepared {
  if (!ctx.canConfigure) return fail(NOT_ALLOWED);
  const key = submitted.trim();
  if (!key) return fail('The API key was empty; nothing changed.');
  if (/\s/.test(key) || key.length > 200)
    return fail('That does not look like an API key (it has spaces or is too long); nothing changed.');
  return run(true, async (reply) => {
    await ctx.deps.settings.update(ctx.channelKey, { apiKey: key, updatedBy: ctx.origin.userId });
    let note = 'Saved the API key for this channel.';
    try {
      const voices = await ctx.deps.media.listVoices(key);
      note += ` ✓ The media API accepts it (${voices.length} voices available).`;
      ctx.deps.voices.warm(key);
    } catch (err) {
      if (!(err instanceof MediaApiError)) throw err;
      note += ` ⚠️ But checking it failed: ${describeMediaError(err)}`;
    }
    await reply.ephemeral(await renderSettings(ctx, note));
  });
}
