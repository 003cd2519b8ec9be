// The voices' parts of every interaction: the `voice` lookup source that answers autocomplete from memory, and
// `resolveVoice`, the helper the jobs and channels handlers use. Both read the catalogue of the channel's key.
import type { LookupContext, LookupSource } from '../commands/define-feature.ts';
import type { InvocationBase } from '../commands/handler.ts';
import { UserError } from '../errors.ts';
import type { Voice } from '../media/schemas.ts';
import type { VoicesDeps } from './deps.ts';
import type { VoiceIndex } from './voice-index.ts';

/** Discord: an autocomplete answer holds at most 25 choices. */
const CHOICES_MAX = 25;

/** The key whose catalogue answers before a channel's own key is known: the team's, else the sandbox's. */
const defaultKeyOf = (deps: VoicesDeps) => deps.teamKey ?? deps.sandboxKey;

/**
 * Autocomplete must answer from memory within 3 s, but a channel's key is in the store. The first question from a
 * channel looks the key up in the background (and loads its catalogue); until then the team or sandbox key's
 * catalogue, or any loaded one, answers.
 */
function indexFor(deps: VoicesDeps, ctx: LookupContext): VoiceIndex | undefined {
  const known = ctx.keyInMemory();
  if (!known) {
    ctx
      .apiKey()
      .then((key) => deps.voices.warm(key))
      .catch(() => undefined);
  }
  const candidate = known ?? defaultKeyOf(deps);
  const index = candidate ? deps.voices.peek(candidate) : undefined;
  if (candidate && !index) deps.voices.warm(candidate);
  if (index) deps.lastIndex.index = index;
  return index ?? deps.lastIndex.index;
}

/** Options with `source: 'voice'` (voiceOption in table.ts): names and ids from the catalogue. */
export const voiceLookup: LookupSource<VoicesDeps> = {
  name: 'voice',
  help: 'A voice name or id (see /voices)',
  suggest: (deps, query, ctx) => indexFor(deps, ctx)?.autocomplete(query, CHOICES_MAX) ?? [],
};

/** `ctx.resolveVoice(text)`: a voice by id or unambiguous name from the channel's catalogue. */
export function voiceHelpers(deps: VoicesDeps, ctx: InvocationBase) {
  return {
    async resolveVoice(text: string): Promise<Voice> {
      const view = await deps.voices.get(await ctx.apiKey());
      deps.lastIndex.index = view.index;
      const found = view.index.resolve(text, ctx.t);
      if (!found.ok) throw new UserError(found.message);
      return found.voice;
    },
  };
}

/** The default key's catalogue, loaded at start so the first autocomplete has it. */
export function warmDefault(deps: VoicesDeps): void {
  const key = defaultKeyOf(deps);
  if (key) deps.voices.warm(key);
}
