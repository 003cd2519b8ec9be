// How a command is described, once. Discord slash definitions, the Slack manifest, the text parser
// (Slack and the console), the Slack modal form and /help are all derived from these descriptions.
// The link option lives here rather than in table.ts because publish/publish-table.ts takes it too and
// table.ts lists that table's commands: taken from table.ts, it would close an import loop.

export type OptionType = 'string' | 'integer' | 'number' | 'boolean' | 'url';

/**
 * Where the values of a large set come from (answered by autocomplete / external select): one of the framework's
 * fixed sets (`clip_language`, `subtitle_language`, `template`: validate.ts) or the name of a feature's lookup source.
 */
export type ValueSource = string;

export interface OptionSpec {
  /** snake_case, valid as a Discord option name and as a `key=` in text. */
  name: string;
  description: string;
  type: OptionType;
  required?: boolean;
  /** A fixed small set of values (Discord choices, Slack static select). */
  choices?: readonly string[];
  /** A large set of values, offered by autocomplete instead of choices. */
  source?: ValueSource;
  /** May be given without `name=` in text form, in table order. */
  positional?: boolean;
  /** A positional option that takes the rest of the text (e.g. the words to speak). */
  rest?: boolean;
  /** A boolean that may be given as a bare word (`hook` means hook=true). */
  flag?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  /** Other names accepted in text form (e.g. `lang` for language). */
  aliases?: readonly string[];
  /** An empty value (`name=""`) is kept as given rather than read as "not given": it clears a default. */
  emptyClears?: boolean;
  /**
   * The message keys of a description assembled from several owners' parts (/setup's `action`: channels' words
   * and each feature's), joined with ', ' in the reader's language (describe.ts).
   */
  descriptionKeys?: readonly string[];
}

export interface CommandSpec<N extends string = string> {
  /** A literal per command, so the registry can require one handler for each name of the table. */
  name: N;
  description: string;
  /** A short example of the text form, shown by /help. */
  usage: string;
  options: readonly OptionSpec[];
  /** Only people allowed to configure the bot may run it (Discord: Manage Guild). */
  configure?: boolean;
  /** Its answer is only for the person who asked (help, setup, errors). */
  ephemeral?: boolean;
}

/** A parsed option value. Keywords and other lists stay strings until the command reads them. */
export type OptionValue = string | number | boolean;
export type OptionValues = Record<string, OptionValue>;

/** The link every command that works on a video takes first, e.g. `/clip https://…`. */
export const url = (what: string): OptionSpec => ({
  name: 'url',
  description: `Link to the ${what} (http or https)`,
  type: 'url',
  required: true,
  positional: true,
});
