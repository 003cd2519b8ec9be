import { z } from 'zod';
import { run } from '../commands/handler.ts';
import type { Translator } from '../i18n/catalogue.ts';
import { describeAge } from './catalogue.ts';
import { defineAction, defineCommand, type VoicesContext } from './deps.ts';
import {
  parseVoicesFilterPick,
  parseVoicesPageId,
  parseVoicesShareId,
  renderSharedVoicePage,
  renderVoicePage,
  SHARE_VERB,
  type VoicePageView,
} from './render-page.ts';
import { VOICES } from './table.ts';
import type { VoiceFilters } from './voice-index.ts';

/** The page's voices, and a note when the list may be out of date, in `t`'s words (whoever reads the page). */
async function pageView(ctx: VoicesContext, filters: VoiceFilters, n: number, t: Translator): Promise<VoicePageView> {
  const view = await ctx.deps.voices.get(await ctx.apiKey());
  const voices = view.index.filter(filters);
  const age = describeAge(ctx.deps.clock.now() - view.fetchedAt, t);
  const staleNote = view.stale ? t.t('voices.stale', { age, reason: view.failedWith ?? '' }) : undefined;
  return { voices, page: n, filters, index: view.index, staleNote };
}

/** The list is private: in the reader's language. */
const page = async (ctx: VoicesContext, filters: VoiceFilters, n: number) =>
  renderVoicePage(await pageView(ctx, filters, n, ctx.t), ctx.t);

export const voices = defineCommand({
  spec: VOICES,
  options: z.strictObject({
    language: z.string().optional(),
    gender: z.enum(['male', 'female']).optional(),
    style: z.string().optional(),
    query: z.string().optional(),
  }),
  prepare(filters, ctx) {
    return run(true, async (reply) => reply.ephemeral(await page(ctx, filters, 1)));
  },
});

/** The control ids are built and read by render-page.ts (view state: a page and its filters). */
const viewState = (verb: string, parse: typeof parseVoicesPageId) =>
  z.string().transform((rest, c) => {
    const paging = parse(`${verb}:${rest}`);
    if (!paging) c.addIssue({ code: 'custom', message: `not a ${verb} id` });
    return paging ?? z.NEVER;
  });

/** Previous / Next, or a filter pick: the list is redrawn in place where the platform allows. */
const redraw = (paging: { filters: VoiceFilters; page: number }, ctx: VoicesContext) =>
  run(true, async (reply) => {
    const message = await page(ctx, paging.filters, paging.page);
    await (reply.replace ? reply.replace(message) : reply.ephemeral(message));
  });

export const voicesPageAction = defineAction({
  verb: 'voices',
  arg: viewState('voices', parseVoicesPageId),
  prepare: redraw,
});
export const voicesFilterAction = defineAction({
  verb: 'vfilter',
  arg: viewState('vfilter', parseVoicesFilterPick),
  prepare: redraw,
});

/** Share: the page the clicker sees, posted where the channel sees it (the list itself stays private). */
export const voicesShareAction = defineAction({
  verb: SHARE_VERB,
  arg: viewState(SHARE_VERB, parseVoicesShareId),
  prepare: (paging, ctx) =>
    run(false, async (reply) => {
      // Shared where the channel reads it: in the channel's language.
      const words = ctx.translator(await ctx.channelLocale());
      const view = await pageView(ctx, paging.filters, paging.page, words);
      if (view.voices.length === 0) {
        await reply.ephemeral({ text: ctx.t.t('voices.nothing_to_share') });
        return;
      }
      await reply.public(renderSharedVoicePage(view, ctx.origin.userId, words));
    }),
});
