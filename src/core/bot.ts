import { type BotDeps, type CommandContext, type CommandHandler, fail } from './commands/handler.ts';
import { help, jobs, project } from './commands/handlers/info.ts';
import { retryAction } from './commands/handlers/retry.ts';
import { SETUP_KEY_FORCE_MODAL, SETUP_KEY_MODAL, setup, submitKey } from './commands/handlers/setup.ts';
import { tts, ttv } from './commands/handlers/speech-jobs.ts';
import { broll, clip, subtitles } from './commands/handlers/video-jobs.ts';
import { voices, voicesAction } from './commands/handlers/voices.ts';
import type { ValueSource } from './commands/spec.ts';
import { closest, didYouMean } from './commands/suggest.ts';
import { COMMANDS } from './commands/table.ts';
import { DEFAULT_SOURCES, parseAndValidate } from './commands/validate.ts';
import { MediaApiError, UserError } from './errors.ts';
import type { Bot, Choice, Prepared } from './interaction.ts';
import { channelKeyOf } from './jobs/model.ts';
import { describeError } from './media/describe-error.ts';
import type { Origin } from './ports.ts';
import type { VoiceIndex } from './voices/voice-index.ts';

const HANDLERS: readonly CommandHandler[] = [clip, ttv, subtitles, broll, tts, voices, project, jobs, setup, help];

/** At most 25 choices (Discord autocomplete): prefix matches first, then anywhere in the value. */
export function rankValues(values: readonly string[], query: string, limit = 25): Choice[] {
  const q = query.trim().toLowerCase();
  const prefix = values.filter((v) => v.toLowerCase().startsWith(q));
  const inner = values.filter((v) => !v.toLowerCase().startsWith(q) && v.toLowerCase().includes(q));
  return [...prefix, ...inner].slice(0, limit).map((v) => ({ name: v, value: v }));
}

export function createBot(deps: BotDeps & { defaultKey?: string }): Bot {
  const { logger, metrics } = deps;
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
  function guard(label: string, origin: Origin, prepared: Prepared): Prepared {
    if (prepared.kind === 'error') metrics.inc('reelbot_commands_total', { command: label, outcome: 'invalid' });
    if (prepared.kind !== 'run') return prepared;
    return {
      ...prepared,
      run: async (reply) => {
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
    commands: COMMANDS,
    prepare(inv) {
      const handler = HANDLERS.find((h) => h.spec.name === inv.command.replace(/^\//, '').toLowerCase());
      if (!handler) {
        const hint = didYouMean(
          closest(
            inv.command,
            HANDLERS.map((h) => h.spec.name),
          ),
        );
        return fail(`There is no /${inv.command} command.${hint ? ` ${hint}` : ''} Try /help.`);
      }
      const parsed = parseAndValidate(handler.spec, { text: inv.text, options: inv.options }, DEFAULT_SOURCES);
      if (!parsed.ok) return guard(handler.spec.name, inv.origin, fail(parsed.error));
      const ctx = context(inv.origin, inv.canConfigure);
      return guard(handler.spec.name, inv.origin, handler.prepare(parsed.values, ctx));
    },
    prepareAction(event) {
      const ctx = context(event.origin, event.canConfigure);
      const [verb] = event.actionId.split(':');
      const prepared = retryAction(event.actionId, ctx) ?? voicesAction(event.actionId, ctx);
      return guard(
        `action:${verb}`,
        event.origin,
        prepared ?? fail('That button is no longer supported. Run the command again.'),
      );
    },
    prepareModal(submission) {
      const ctx = context(submission.origin, submission.canConfigure);
      if (submission.modalId === SETUP_KEY_MODAL || submission.modalId === SETUP_KEY_FORCE_MODAL)
        return guard('setup', submission.origin, submitKey(submission, ctx));
      return fail('That form has expired. Run the command again.');
    },
    autocomplete(command, option, query, origin) {
      const spec = COMMANDS.find((c) => c.name === command)?.options.find((o) => o.name === option);
      if (spec?.source) return sourceValues(spec.source, query, origin);
      if (spec?.choices) return rankValues(spec.choices, query);
      return [];
    },
  };
}
