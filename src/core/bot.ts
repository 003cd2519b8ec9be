import { EXPIRED_BUTTON, splitControlId } from './commands/actions.ts';
import { type BotDeps, type CommandContext, fail } from './commands/handler.ts';
import { createRegistry } from './commands/registry.ts';
import type { ValueSource } from './commands/spec.ts';
import { closest, didYouMean } from './commands/suggest.ts';
import { DEFAULT_SOURCES, parseAndValidate } from './commands/validate.ts';
import { MediaApiError, UserError } from './errors.ts';
import type { Bot, Choice, Prepared } from './interaction.ts';
import { channelKeyOf } from './jobs/model.ts';
import { describeError } from './media/describe-error.ts';
import { secondsSince } from './metrics/metrics.ts';
import type { Origin } from './ports.ts';
import { rankValues } from './voices/fuzzy-rank.ts';
import type { VoiceIndex } from './voices/voice-index.ts';

export function createBot(deps: BotDeps & { defaultKey?: string }): Bot {
  const { logger, metrics } = deps;
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

  /** One error boundary per entry point: log once, answer the person politely, never throw to the adapter. */
  function guard(label: string, origin: Origin, prepared: Prepared, started: number): Prepared {
    if (prepared.kind === 'error') metrics.inc('reelbot_commands_total', { command: label, outcome: 'invalid' });
    // The first answer of a refusal or a form follows at once; `run` is called once the adapter acknowledged.
    // TODO(dispatch): observe where the dispatch sends the first answer, from when the platform event arrived.
    if (prepared.kind !== 'run')
      metrics.observe('reelbot_command_ack_seconds', { command: label }, secondsSince(started));
    if (prepared.kind !== 'run') return prepared;
    return {
      ...prepared,
      run: async (reply) => {
        metrics.observe('reelbot_command_ack_seconds', { command: label }, secondsSince(started));
        try {
          await prepared.run(reply);
          metrics.inc('reelbot_commands_total', { command: label, outcome: 'ok' });
        } catch (err) {
          const expected = err instanceof UserError || err instanceof MediaApiError;
          metrics.inc('reelbot_commands_total', { command: label, outcome: expected ? 'refused' : 'error' });
          const where = { command: label, platform: origin.platform, channel: origin.channelId, user: origin.userId };
          if (expected) logger.info({ ...where, err: { message: (err as Error).message } }, 'command refused');
          else logger.error({ ...where, err }, 'command failed');
          await reply.ephemeral({ text: `⚠️ ${describeError(err)}` }).catch((e: unknown) => {
            logger.warn({ ...where, err: e }, 'could not tell the user about an error');
          });
        }
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
      const started = performance.now();
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
      const name = handler.spec.name;
      const parsed = parseAndValidate(handler.spec, { text: inv.text, options: inv.options }, DEFAULT_SOURCES);
      if (!parsed.ok) return guard(name, inv.origin, fail(parsed.error), started);
      const ctx = context(inv.origin, inv.canConfigure);
      return guard(name, inv.origin, handler.prepare(parsed.values, ctx), started);
    },
    prepareAction(event) {
      const started = performance.now();
      const id = splitControlId(event.actionId);
      const action = id && registry.action(id.verb);
      // An unknown verb is counted as one label, so forged ids cannot grow the metric without bound.
      if (!id || !action) return guard('action:unknown', event.origin, fail(EXPIRED_BUTTON), started);
      const ctx = context(event.origin, event.canConfigure);
      return guard(`action:${action.verb}`, event.origin, action.prepare(id.arg, ctx), started);
    },
    prepareModal(submission) {
      const started = performance.now();
      const form = registry.form(submission.modalId);
      if (!form) return fail('That form has expired. Run the command again.');
      const ctx = context(submission.origin, submission.canConfigure);
      return guard(`form:${form.id}`, submission.origin, form.prepare(submission, ctx), started);
    },
    autocomplete(command, option, query, origin) {
      const spec = registry.command(command)?.spec.options.find((o) => o.name === option);
      if (spec?.source) return sourceValues(spec.source, query, origin);
      if (spec?.choices) return rankValues(spec.choices, query);
      return [];
    },
  };
}
