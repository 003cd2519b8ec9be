// The Bot the dispatch asks for each entry's first answer: it finds the command, button verb or form in the
// registry, parses and checks the options, and gives the handler its context (the channel's key, voices),
// all without I/O so the answer is decided within the platforms' 3 s.
import { EXPIRED_BUTTON, splitControlId } from '../commands/actions.ts';
import { type BotDeps, type CommandContext, fail } from '../commands/handler.ts';
import { createRegistry } from '../commands/registry.ts';
import type { ValueSource } from '../commands/spec.ts';
import { closest, didYouMean } from '../commands/suggest.ts';
import { DEFAULT_SOURCES, parseAndValidate } from '../commands/validate.ts';
import { UserError } from '../errors.ts';
import { channelKeyOf } from '../jobs/model.ts';
import type { Origin } from '../ports.ts';
import { renderHome } from '../publish/home.ts';
import { rankValues } from '../voices/fuzzy-rank.ts';
import type { VoiceIndex } from '../voices/voice-index.ts';
import type { Bot, Choice } from './interaction.ts';

export function createBot(deps: BotDeps & { defaultKey?: string }): Bot {
  const registry = createRegistry();
  /** The key each channel last used, so autocomplete can answer from memory within 3 s. */
  const lastKey = new Map<string, string>();

  function context(origin: Origin, canConfigure: boolean): CommandContext {
    const channelKey = channelKeyOf(origin);
    const apiKey = async () => {
      const { key } = await deps.keys.resolve(channelKey);
      lastKey.set(channelKey, key);
      return key;
    };
    return {
      deps,
      origin,
      channelKey,
      canConfigure,
      apiKey,
      async resolveVoice(text) {
        const view = await deps.voices.get(await apiKey());
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
      deps.keys
        .resolve(channelKey)
        .then(({ key: k }) => {
          lastKey.set(channelKey, k);
          deps.voices.warm(k);
        })
        .catch(() => undefined);
    }
    const candidate = key ?? deps.defaultKey;
    const index = candidate ? deps.voices.peek(candidate) : undefined;
    if (candidate && !index) deps.voices.warm(candidate);
    if (index) anyIndex = index;
    return index ?? anyIndex;
  }

  function sourceValues(source: ValueSource, query: string, origin: Origin): Choice[] {
    if (source !== 'voice') return rankValues(DEFAULT_SOURCES[source], query);
    return voiceIndexFor(origin)?.autocomplete(query, 25) ?? [];
  }

  return {
    commands: registry.specs,
    prepare(inv) {
      const handler = registry.command(inv.command);
      if (!handler) {
        const hint = didYouMean(
          closest(
            inv.command,
            registry.specs.map((c) => c.name),
          ),
        );
        return fail(`There is no /${inv.command} command.${hint ? ` ${hint}` : ''} Try /help.`);
      }
      const parsed = parseAndValidate(handler.spec, { text: inv.text, options: inv.options }, DEFAULT_SOURCES);
      if (!parsed.ok) return fail(parsed.error);
      const ctx = context(inv.origin, inv.canConfigure);
      return handler.prepare(parsed.values, ctx);
    },
    prepareAction(event) {
      const id = splitControlId(event.actionId);
      const action = id && registry.action(id.verb);
      // An unknown verb is counted as one label, so forged ids cannot grow the metric without bound.
      if (!id || !action) return fail(EXPIRED_BUTTON);
      const ctx = context(event.origin, event.canConfigure);
      return action.prepare(id.arg, ctx);
    },
    prepareModal(submission) {
      const form = registry.form(submission.modalId);
      if (!form) return fail('That form has expired. Run the command again.');
      const ctx = context(submission.origin, submission.canConfigure);
      return form.prepare(submission, ctx);
    },
    home: (origin, notice) => renderHome(deps, origin, notice),
    knows: (kind, id) => Boolean(kind === 'verb' ? registry.action(id) : registry.form(id)),
    autocomplete(command, option, query, origin) {
      const spec = registry.command(command)?.spec.options.find((o) => o.name === option);
      if (spec?.source) return sourceValues(spec.source, query, origin);
      if (spec?.choices) return rankValues(spec.choices, query);
      return [];
    },
  };
}
