import { z } from 'zod';
import { budgetLine } from '../commands/budget-line.ts';
import { fail, run } from '../commands/handler.ts';
import type { OptionValues } from '../commands/spec.ts';
import { MediaApiError } from '../errors.ts';
import { LOCALE_NAMES, SHIPPED_LOCALES, shippedLocale } from '../i18n/locales.ts';
import { describeMediaError } from '../media/describe-error.ts';
import { CLIP_LANGUAGES, DEFAULT_LANGUAGE, DEFAULT_SUBTITLE_TEMPLATE, SUBTITLE_TEMPLATES } from '../media/enums.ts';
import type { Prepared } from '../platform/interaction.ts';
import type { Card, OutMessage } from '../platform/message.ts';
import { AUTO_LOCALE, channelLocaleOf } from './channel-locale.ts';
import { type ChannelsContext, defineCommand, defineForm } from './deps.ts';
import { maskSecret } from './settings-repo.ts';
import { SETUP } from './table.ts';

export const SETUP_KEY_MODAL = 'setup_key';
/** The same form, saving without asking the API first: for when the API is down (`/setup key force`). */
export const SETUP_KEY_FORCE_MODAL = 'setup_key_force';

/** What people type to go back to no default voice; no voice of the catalogue is named so. */
const CLEAR_VOICE = new Set(['', 'none', 'default', 'api default', 'clear']);

/** What the channel runs with (the key shown masked and never in full), then each feature's section. */
async function renderSettings(ctx: ChannelsContext, note?: string): Promise<OutMessage> {
  const parts = await Promise.all(ctx.deps.setupParts().map((part) => part.show(ctx)));
  return {
    text: [note, ctx.t.t('setup.heading')].filter(Boolean).join('\n'),
    cards: [await channelCard(ctx), ...parts],
  };
}

async function channelCard(ctx: ChannelsContext): Promise<Card> {
  const s = await ctx.deps.settings.get(ctx.channelKey);
  const { facts } = ctx.deps;
  const say = ctx.t.t;
  const keyLine = s.apiKey
    ? say('setup.key_own', { masked: maskSecret(s.apiKey) })
    : s.unreadable?.includes('apiKey')
      ? say('setup.key_unreadable')
      : facts.teamKey
        ? say('setup.key_team')
        : facts.sandbox
          ? say('setup.key_sandbox')
          : say('setup.key_none');
  const locale = channelLocaleOf(s, ctx.origin);
  const localeLine = say(s.locale ? 'setup.locale_set' : 'setup.locale_default', {
    name: LOCALE_NAMES[locale],
    tag: locale,
  });
  let voice = s.voiceId ?? say('setup.voice_api_default');
  if (s.voiceId) {
    const key = await ctx.apiKey().catch(() => undefined);
    const found = key ? ctx.deps.voices.peek(key)?.byId(s.voiceId) : undefined;
    if (found) voice = `${found.name} (${found.languageCode})`;
  }
  const budget = s.unreadable?.includes('apiKey') ? undefined : await budgetLine(ctx);
  return {
    title: say('setup.card_title'),
    fields: [
      { name: say('setup.field_key'), value: keyLine },
      { name: say('setup.field_language'), value: s.language ?? DEFAULT_LANGUAGE, inline: true },
      { name: say('setup.field_voice'), value: voice, inline: true },
      { name: say('setup.field_template'), value: s.template ?? DEFAULT_SUBTITLE_TEMPLATE, inline: true },
      { name: say('setup.field_locale'), value: localeLine },
      {
        name: say('setup.field_results'),
        value: facts.webhooks ? say('setup.results_webhook') : say('setup.results_polling'),
      },
      ...(budget ? [{ name: say('setup.field_budget'), value: budget }] : []),
    ],
    footer: say('setup.footer'),
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
    locale: z.string().optional(),
    force: z.boolean().optional(),
  }),
  prepare(v, ctx): Prepared {
    const { t } = ctx.t;
    if (!ctx.canConfigure) return fail(t('commands.not_allowed'));
    // The options the setup parts add pass through the loose schema to them, as the table checked them.
    for (const part of ctx.deps.setupParts()) {
      const answer = part.prepare(v as OptionValues, ctx);
      if (answer) return answer;
    }
    const { action, language, voice, template } = v;
    // The bot's own language here, among those it ships; `auto` goes back to the platform's (guild_locale, else English).
    const asked = v.locale?.trim().toLowerCase();
    const clearLocale = asked !== undefined && AUTO_LOCALE.has(asked);
    const locale = asked === undefined || clearLocale ? undefined : shippedLocale(asked);
    if (asked !== undefined && !clearLocale && !locale) {
      const languages = SHIPPED_LOCALES.map((l) => `\`${l}\` (${LOCALE_NAMES[l]})`).join(', ');
      return fail(t('setup.locale_unknown', { value: v.locale ?? '', languages }));
    }
    const defaults = { language, voice, template, locale };
    const changing = Object.values(defaults).some((x) => x !== undefined);
    if (action === 'key') {
      const force = v.force === true;
      return {
        kind: 'modal',
        modal: {
          id: force ? SETUP_KEY_FORCE_MODAL : SETUP_KEY_MODAL,
          title: t(force ? 'setup.key_form_title_force' : 'setup.key_form_title'),
          inputs: [
            {
              id: 'api_key',
              label: t('setup.key_label'),
              placeholder: t('setup.key_placeholder'),
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
        await reply.ephemeral(await renderSettings(ctx, t('setup.key_removed')));
      });
    }
    return run(true, async (reply) => {
      if (!changing && !clearLocale) return reply.ephemeral(await renderSettings(ctx));
      const clearVoice = defaults.voice !== undefined && CLEAR_VOICE.has(defaults.voice.trim().toLowerCase());
      const voiceId = clearVoice ? null : defaults.voice ? (await ctx.resolveVoice(defaults.voice)).voiceId : undefined;
      await ctx.deps.settings.update(ctx.channelKey, {
        language: defaults.language,
        voiceId,
        template: defaults.template,
        locale: clearLocale ? null : defaults.locale,
        updatedBy: ctx.origin.userId,
      });
      const note = clearVoice ? t('setup.saved_voice_cleared') : t('setup.saved');
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
  const { t } = ctx.t;
  if (!ctx.canConfigure) return fail(t('commands.not_allowed'));
  const key = submitted.trim();
  if (!key) return fail(t('setup.key_empty'));
  if (/\s/.test(key) || key.length > 200) return fail(t('setup.key_malformed'));
  const save = () => ctx.deps.settings.update(ctx.channelKey, { apiKey: key, updatedBy: ctx.origin.userId });
  return run(true, async (reply) => {
    if (force) {
      await save();
      return reply.ephemeral(await renderSettings(ctx, t('setup.key_saved_force')));
    }
    let note: string;
    try {
      const voices = await ctx.deps.media.listVoices(key);
      await save();
      note = t('setup.key_saved', { count: voices.length });
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
  const { t } = ctx.t;
  const before = await ctx.deps.settings.get(ctx.channelKey);
  const kept = before.apiKey ? t('setup.key_kept', { masked: maskSecret(before.apiKey) }) : '';
  // describeMediaError's 401 advice ("set a valid key with /setup key") is what the person just did.
  if (err.status === 401) return t('setup.key_rejected', { kept });
  if (err.status === 403) return t('setup.key_refused', { reason: describeMediaError(err, ctx.t), kept });
  return t('setup.key_check_failed', { reason: describeMediaError(err, ctx.t), kept });
}
