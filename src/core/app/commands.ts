// The command table assembled from the features: what Discord registers, the Slack manifest lists, the text
// parser reads and /help prints. /setup gathers the options every feature's setup part adds.
import type { LookupHelp } from '../commands/help.ts';
import type { CommandSpec, OptionSpec } from '../commands/spec.ts';
import { FEATURES } from './features.ts';
import { HELP } from './help-command.ts';

const setupOptions = FEATURES.flatMap((f) => f.setupOptions);
const setupActions = FEATURES.flatMap((f) => f.setupActions);

/** /setup with every feature's words for `action` and its settings after channels' own. */
function withSetupParts(spec: CommandSpec): CommandSpec {
  if (spec.name !== 'setup') return spec;
  const options = spec.options.map((o): OptionSpec => {
    if (o.name !== 'action' || !o.choices) return o;
    return {
      ...o,
      choices: [...o.choices, ...setupActions.map((a) => a.word)],
      description: [o.description, ...setupActions.map((a) => a.description)].join(', '),
    };
  });
  // The positional options a part adds (`/setup socials add <name>`) come right after `action`, in order.
  const positional = setupOptions.filter((o) => o.positional);
  const rest = setupOptions.filter((o) => !o.positional);
  const [action, ...own] = options;
  return { ...spec, options: [...(action ? [action] : []), ...positional, ...own, ...rest] };
}

/** Every command, in /help order, /help last. */
export const COMMANDS: readonly CommandSpec[] = [...FEATURES.flatMap((f) => f.commands.map(withSetupParts)), HELP];

/** How /help describes each feature's lookup sources, by name. */
export const LOOKUP_HELP: LookupHelp = Object.fromEntries(
  FEATURES.flatMap((f) => f.lookups.map((l) => [l.name, l.help] as const)),
);

export function findCommand(name: string): CommandSpec | undefined {
  const n = name.replace(/^\//, '').toLowerCase();
  return COMMANDS.find((c) => c.name === n);
}
