import { z } from 'zod';
import { budgetLine } from '../commands/budget-line.ts';
import { fail, NOT_ALLOWED, run } from '../commands/handler.ts';
import type { OptionValues } from '../commands/spec.ts';
import { MediaApiError } from '../errors.ts';
import { describeMediaError } from '../media/describe-error.ts';
import { CLIP_LANGUAGES, DEFAULT_LANGUAGE, DEFAULT_SUBTITLE_TEMPLATE, SUBTITLE_TEMPLATES } from '../media/enums.ts';
import type { Prepared } from '../platform/interaction.ts';
import type { Card, OutMessage } from '../platform/message.ts';
import { type ChannelsContext, defineCommand, defineForm } from './deps.ts';
import { maskSecret } from './settings-repo.ts';
import { SETUP } from './table.ts';

export const SETUP_KEY_MODAL = 'setup_key';
/** The same form, saving without asking the API first: for when the API is down (`/setup key force`). */
export const SETUP_KEY_FORCE_MODAL = 'setup_key_force';
export const UNREADABLE_KEY_LINE = '⚠️ the stored key can no longer be read — set it again with `/setup key`';

/** What people type to go back to no default voice; no voice of the catalogue is named so. */
const CLEAR_VOICE = new Set(['', 'none', 'default', 'api default', 'clear']);

/** What the channel runs with (the key shown masked and never in full), then each feature's section. */
async function renderSettings(ctx: ChannelsContext, note?: string): Promise<OutMessage> {
  const parts = await Promise.all(ctx.deps.setupParts().map((part) => part.show(ctx)));
  return {
    text: [note, '**reelbot settings for this channel**'].filter(Boolean).join('\n'),
    cards: [await channelCard(ctx), ...parts],
  };
}

async function channelCard(ctx: ChannelsContext): Promise<Card> {
  const s = await ctx.deps.settings.get(ctx.channelKey);
  const { facts } = ctx.deps;
  const keyLine = s.apiKey
    ? `${maskSecret(s.apiKey)} (this channel’s own key)`
    : s.unreadable?.includes('apiKey')
      ? UNREADABLE_KEY_LINE
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
  const budget = s.unreadable?.includes('apiKey') ? undefined : await budgetLine(ctx);
  return {
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
      ...(budget ? [{ name: 'Request budget', value: budget }] : []),
    ],
    footer:
      'Change: /setup key · /setup clear_key · /setup language=french voice=Jenny template=beast · voice=none clears the voice',
    tone: 'info',
  };
}

export const setup = defineCommand({
  spec: SETUP,
  options: z.looseObject({
    // The table checked the word; the features' setup parts add theirs (`socials`).
    action: z.string().default('show'),
    language: z.enum(CLIP_LANGUAGES).optional(),
    voice: z.string().optional(),
    template: z.enum(SUBTITLE_TEMPLATES).optional(),
    force: z.boolean().optional(),
  }),
  prepare(v, ctx): Prepared {
    if (!ctx.canConfigure) return fail(NOT_ALLOWED);
    // The options the setup parts add pass through the loose schema to them, as the table checked them.
    for (const part of ctx.deps.setupParts()) {
      const answer = part.prepare(v as OptionValues, ctx);
      if (answer) return answer;
    }
    const { action, language, voice, template } = v;
    const defaults = { language, voice, template };
    const changing = Object.values(defaults).some((x) => x !== undefined);
    if (action === 'key') {
      const force = v.force === true;
      return {
        kind: 'modal',
        modal: {
          id: force ? SETUP_KEY_FORCE_MODAL : SETUP_KEY_MODAL,
          title: force ? 'API key (saved without checking)' : 'Media API key for this channel',
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
      const clearVoice = defaults.voice !== undefined && CLEAR_VOICE.has(defaults.voice.trim().toLowerCase());
      const voiceId = clearVoice ? null : defaults.voice ? (await ctx.resolveVoice(defaults.voice)).voiceId : undefined;
      await ctx.deps.settings.update(ctx.channelKey, {
        language: defaults.language,
        voiceId,
        template: defaults.template,
        updatedBy: ctx.origin.userId,
      });
      const note = clearVoice
        ? 'Saved the channel defaults. The default voice is cleared: /tts and /ttv use the API’s default voice unless a voice is given.'
        : 'Saved the channel defaults.';
      await reply.ephemeral(await renderSettings(ctx, note));
    });
  },
});

/**
 * The key arrives through a form, so it never appears in a channel. It is checked against the API before
 * it replaces anything: a mistyped key must not lock out a channel whose key worked. `force` (the API is
 * down, the person is sure) saves it unchecked.
 */
export const setupKeyForm = defineForm({
  id: SETUP_KEY_MODAL,
  values: z.object({ api_key: z.string().default('') }),
  prepare: (values, ctx) => submitKey(values.api_key, false, ctx),
});
export const setupKeyForceForm = defineForm({
  id: SETUP_KEY_FORCE_MODAL,
  values: z.object({ api_key: z.string().default('') }),
  prepare: (values, ctx) => submitKey(values.api_key, true, ctx),
});

function submitKey(submitted: string, force: boolean, ctx: ChannelsContext): Prepared {
  if (!ctx.canConfigure) return fail(NOT_ALLOWED);
  const key = submitted.trim();
  if (!key) return fail('The API key was empty; nothing changed.');
  if (/\s/.test(key) || key.length > 200)
    return fail('That does not look like an API key (it has spaces or is too long); nothing changed.');
  const save = () => ctx.deps.settings.update(ctx.channelKey, { apiKey: key, updatedBy: ctx.origin.userId });
  return run(true, async (reply) => {
    if (force) {
      await save();
      const note = 'Saved the API key for this channel without checking it (force): the first job will tell.';
      return reply.ephemeral(await renderSettings(ctx, note));
    }
    let note: string;
    try {
      const voices = await ctx.deps.media.listVoices(key);
      await save();
      note = `Saved the API key for this channel. ✓ The media API accepts it (${voices.length} voices available).`;
      ctx.deps.voices.warm(key);
    } catch (err) {
      if (!(err instanceof MediaApiError)) throw err;
      note = await notSaved(ctx, err);
    }
    await reply.ephemeral(await renderSettings(ctx, note));
  });
}

/** Why the key was not saved, said once, and the key the channel keeps (if it has one). */
async function notSaved(ctx: ChannelsContext, err: MediaApiError): Promise<string> {
  const before = await ctx.deps.settings.get(ctx.channelKey);
  const kept = before.apiKey ? ` This channel keeps its current key (${maskSecret(before.apiKey)}).` : '';
  // describeMediaError's 401 advice ("set a valid key with /setup key") is what the person just did.
  if (err.status === 401) {
    return `⚠️ The key was not saved: the media API rejected the API key (401). Check it was copied whole and try again.${kept}`;
  }
  if (err.status === 403) return `⚠️ The key was not saved: ${describeMediaError(err)}${kept}`;
  return (
    `⚠️ The key was not saved, because checking it failed: ${describeMediaError(err)}${kept} ` +
    'If the media API is down and you are sure of the key, run `/setup key force` to save it without checking.'
  );
}
