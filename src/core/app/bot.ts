// The Bot the dispatch asks for each entry's first answer: it finds the command, button verb or form among
// the mounted features, parses and checks the options, and gives the handler the interaction (the channel's
// key, voices), all without I/O so the answer is decided within the platforms' 3 s.
import type { KeyResolver } from '../channels/key-resolver.ts';
import { EXPIRED_BUTTON, indexBy, splitControlId } from '../commands/actions.ts';
import type { MountedFeature } from '../commands/define-feature.ts';
import { fail, type InvocationContext } from '../commands/handler.ts';
import type { ValueSource } from '../commands/spec.ts';
import { closest, didYouMean } from '../commands/suggest.ts';
import { DEFAULT_SOURCES, parseAndValidate } from '../commands/validate.ts';
import { UserError } from '../errors.ts';
import type { Bot, Choice } from '../platform/interaction.ts';
import type { OutMessage } from '../platform/message.ts';
import { channelKeyOf } from '../platform/origin.ts';
import type { Logger, Origin } from '../ports.ts';
import type { VoiceCatalogue } from '../voices/catalogue.ts';
import { rankValues } from '../voices/fuzzy-rank.ts';
import type { VoiceIndex } from '../voices/voice-index.ts';
import { COMMANDS, findCommand } from './commands.ts';

export interface BotParts {
  features: readonly MountedFeature[];
  keys: KeyResolver;
  voices: VoiceCatalogue;
  logger: Logger;
  /** The team's or the sandbox's key: its catalogue answers autocomplete before a channel's key is known. */
  defaultKey?: string;
}

export function createBot(parts: BotParts): Bot {
  const { keys, voices, logger } = parts;
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
  // A form's id may carry what it is about after a colon (`pubedit:<request id>`), like a control id.
  const formOf = (id: string) => byForm.get(id.split(':')[0] ?? id);
  const homeParts = parts.features.flatMap((f) => f.home).sort((a, b) => a.order - b.order);
  /** The key each channel last used, so autocomplete can answer from memory within 3 s. */
  const lastKey = new Map<string, string>();

  function context(origin: Origin, canConfigure: boolean): InvocationContext {
    const channelKey = channelKeyOf(origin);
    const apiKey = async () => {
      const { key } = await keys.resolve(channelKey);
      lastKey.set(channelKey, key);
      return key;
    };
    return {
      origin,
      channelKey,
      canConfigure,
      logger,
      apiKey,
      async resolveVoice(text) {
        const view = await voices.get(await apiKey());
        anyIndex = view.index;
        const found = view.index.resolve(text);
        if (!found.ok) throw new UserError(found.message);
        return found.voice;
      },
    };
  }

  /** The voice index last seen for any key: the catalogue is the API's, so it answers while a key's own loads. */
  let anyIndex: VoiceIndex | undefined;

  /**
   * Autocomplete must answer from memory within 3 s, but a channel's key is in the store. The first
   * question from a channel looks the key up in the background (and loads its catalogue); until then
   * the team or sandbox key's catalogue, or any loaded one, answers.
   */
  function voiceIndexFor(origin: Origin): VoiceIndex | undefined {
    const channelKey = channelKeyOf(origin);
    const key = lastKey.get(channelKey);
    if (!key) {
      keys
        .resolve(channelKey)
        .then(({ key: k }) => {
          lastKey.set(channelKey, k);
          voices.warm(k);
        })
        .catch(() => undefined);
    }
    const candidate = key ?? parts.defaultKey;
    const index = candidate ? voices.peek(candidate) : undefined;
    if (candidate && !index) voices.warm(candidate);
    if (index) anyIndex = index;
    return index ?? anyIndex;
  }

  function sourceValues(source: ValueSource, query: string, origin: Origin): Choice[] {
    if (source !== 'voice') return rankValues(DEFAULT_SOURCES[source], query);
    return voiceIndexFor(origin)?.autocomplete(query, 25) ?? [];
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
      if (!spec || !handler) {
        const hint = didYouMean(
          closest(
            inv.command,
            COMMANDS.map((c) => c.name),
          ).map((name) => `/${name}`),
        );
        // The hint starts a sentence here, so it is capitalised: "Did you mean /clip?"
        const sentence = hint ? ` ${hint.charAt(0).toUpperCase()}${hint.slice(1)}` : '';
        return fail(`There is no /${inv.command} command.${sentence} Try /help.`);
      }
      const parsed = parseAndValidate(spec, { text: inv.text, options: inv.options }, DEFAULT_SOURCES);
      if (!parsed.ok) return fail(parsed.error);
      return handler.prepare(parsed.values, context(inv.origin, inv.canConfigure));
    },
    prepareAction(event) {
      const id = splitControlId(event.actionId);
      const action = id && byVerb.get(id.verb);
      // An unknown verb is counted as one label, so forged ids cannot grow the metric without bound.
      if (!id || !action) return fail(EXPIRED_BUTTON);
      return action.prepare(id.arg, context(event.origin, event.canConfigure));
    },
    prepareModal(submission) {
      const form = formOf(submission.modalId);
      if (!form) return fail('That form has expired. Run the command again.');
      return form.prepare(submission, context(submission.origin, submission.canConfigure));
    },
    home,
    knows: (kind, id) => Boolean(kind === 'verb' ? byVerb.get(id) : formOf(id)),
    autocomplete(command, option, query, origin) {
      const spec = findCommand(command)?.options.find((o) => o.name === option);
      if (spec?.source) return sourceValues(spec.source, query, origin);
      if (spec?.choices) return rankValues(spec.choices, query);
      return [];
    },
  };
}
