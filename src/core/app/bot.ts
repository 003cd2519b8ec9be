// The Bot the dispatch asks for each entry's first answer: it finds the command, button verb or form among
// the mounted features, parses and checks the options, and gives the handler the interaction (the channel's
// key, every feature's helpers), all without I/O so the answer is decided within the platforms' 3 s.
import type { KeyResolver } from '../channels/key-resolver.ts';
import { indexBy, splitControlId } from '../commands/actions.ts';
import type { LookupContext, MountedFeature } from '../commands/define-feature.ts';
import { rankValues } from '../commands/fuzzy-rank.ts';
import { fail, type InvocationBase, type InvocationContext } from '../commands/handler.ts';
import { closest, didYouMean } from '../commands/suggest.ts';
import { DEFAULT_SOURCES, fixedSet, parseAndValidate } from '../commands/validate.ts';
import type { Catalogue, Translator } from '../i18n/catalogue.ts';
import { negotiateLocale } from '../i18n/locales.ts';
import type { Bot, Choice } from '../platform/interaction.ts';
import type { OutMessage } from '../platform/message.ts';
import { channelKeyOf } from '../platform/origin.ts';
import type { Logger, Origin } from '../ports.ts';
import { COMMANDS, findCommand } from './commands.ts';

export interface BotParts {
  features: readonly MountedFeature[];
  keys: KeyResolver;
  logger: Logger;
  /** Every message in every language (the framework's and the features'). */
  catalogue: Catalogue;
}

export function createBot(parts: BotParts): Bot {
  const { keys, logger, catalogue } = parts;
  /** The reader's language: what their platform says of them, English when it names none we ship. */
  const readerOf = (origin: Origin): Translator =>
    catalogue.translator(negotiateLocale(origin.locale), origin.timeZone);
  const byName = indexBy(
    parts.features.flatMap((f) => f.commands),
    (h) => h.spec.name,
    'command',
  );
  const byVerb = indexBy(
    parts.features.flatMap((f) => f.actions),
    (a) => a.verb,
    'button verb',
  );
  const byForm = indexBy(
    parts.features.flatMap((f) => f.forms),
    (f) => f.id,
    'form id',
  );
  const lookups = indexBy(
    parts.features.flatMap((f) => f.lookups),
    (l) => l.name,
    'lookup source',
  );
  // An option naming a set nobody brings would offer nothing, every time: found here, at start.
  for (const spec of COMMANDS) {
    for (const o of spec.options) {
      if (o.source && !fixedSet(DEFAULT_SOURCES, o.source) && !lookups.has(o.source)) {
        throw new Error(`/${spec.name} ${o.name}: no feature brings the lookup source '${o.source}'`);
      }
    }
  }
  const helperParts = parts.features.flatMap((f) => (f.helpers ? [f.helpers] : []));
  // A form's id may carry what it is about after a colon (`pubedit:<request id>`), like a control id.
  const formOf = (id: string) => byForm.get(id.split(':')[0] ?? id);
  const homeParts = parts.features.flatMap((f) => f.home).sort((a, b) => a.order - b.order);
  /** The key each channel last used, so lookup sources can answer from memory within 3 s. */
  const lastKey = new Map<string, string>();

  const apiKeyOf = (channelKey: string) => async () => {
    const { key } = await keys.resolve(channelKey);
    lastKey.set(channelKey, key);
    return key;
  };

  function context(origin: Origin, canConfigure: boolean): InvocationContext {
    const channelKey = channelKeyOf(origin);
    const t = readerOf(origin);
    const base: InvocationBase = {
      origin,
      channelKey,
      canConfigure,
      logger,
      apiKey: apiKeyOf(channelKey),
      locale: t.locale,
      t,
      translator: (locale) => catalogue.translator(locale),
    };
    // Every feature's helpers (each declared by its feature in ContextHelpers, each added by that feature alone).
    return Object.assign(base, ...helperParts.map((h) => h(base))) as InvocationContext;
  }

  function sourceValues(source: string, query: string, origin: Origin): Choice[] {
    const fixed = fixedSet(DEFAULT_SOURCES, source);
    if (fixed) return rankValues(fixed, query);
    const channelKey = channelKeyOf(origin);
    const ctx: LookupContext = {
      origin,
      channelKey,
      keyInMemory: () => lastKey.get(channelKey),
      apiKey: apiKeyOf(channelKey),
    };
    return lookups.get(source)?.suggest(query, ctx) ?? [];
  }

  /** Each feature's sections of the person's own page, by order, under the answer to what they just did. */
  async function home(origin: Origin, notice?: OutMessage): Promise<OutMessage> {
    const sections = await Promise.all(homeParts.map((p) => p.render(origin)));
    const text = [notice?.text, ...sections.map((s) => s.text)].filter(Boolean).join('\n\n');
    return { text, cards: sections.flatMap((s) => s.cards ?? []) };
  }

  return {
    commands: COMMANDS,
    prepare(inv) {
      const spec = findCommand(inv.command);
      const handler = spec && byName.get(spec.name);
      const t = readerOf(inv.origin);
      if (!spec || !handler) {
        // The guess starts a sentence here: "Did you mean /clip?"
        const guess = didYouMean(
          closest(
            inv.command,
            COMMANDS.map((c) => c.name),
          ).map((name) => `/${name}`),
          t,
          true,
        );
        const name = inv.command;
        return fail(guess ? t.t('bot.unknown_command_guess', { name, guess }) : t.t('bot.unknown_command', { name }));
      }
      const parsed = parseAndValidate(spec, { text: inv.text, options: inv.options }, DEFAULT_SOURCES, t);
      if (!parsed.ok) return fail(parsed.error);
      return handler.prepare(parsed.values, context(inv.origin, inv.canConfigure));
    },
    prepareAction(event) {
      const id = splitControlId(event.actionId);
      const action = id && byVerb.get(id.verb);
      // An unknown verb is counted as one label, so forged ids cannot grow the metric without bound.
      if (!id || !action) return fail(readerOf(event.origin).t('bot.button_expired'));
      return action.prepare(id.arg, context(event.origin, event.canConfigure));
    },
    prepareModal(submission) {
      const form = formOf(submission.modalId);
      if (!form) return fail(readerOf(submission.origin).t('bot.form_expired'));
      return form.prepare(submission, context(submission.origin, submission.canConfigure));
    },
    home,
    translator: readerOf,
    knows: (kind, id) => Boolean(kind === 'verb' ? byVerb.get(id) : formOf(id)),
    autocomplete(command, option, query, origin) {
      const spec = findCommand(command)?.options.find((o) => o.name === option);
      if (spec?.source) return sourceValues(spec.source, query, origin);
      if (spec?.choices) return rankValues(spec.choices, query);
      return [];
    },
  };
}
