// The one way every command-line tool reads its arguments, before it reads or writes anything: `--help` prints
// the usage and does nothing else (exit 0); an unknown flag, a missing value or a stray word prints what was wrong
// and the usage (exit 2), so a tool asked for `--help` never runs against a live store.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export type CliOptions = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type Flags<O extends CliOptions> = ReturnType<
  typeof parseArgs<{ options: O & typeof HELP; strict: true; allowPositionals: false }>
>['values'];

/** Exit status of a command-line tool called with arguments it does not take (as getopt tools do). */
export const USAGE_EXIT = 2;

/**
 * The parsed flags, or undefined when the tool must stop here: the usage or the mistake is printed and
 * `process.exitCode` set, so the caller returns without touching anything.
 */
export function parseCliArgs<const O extends CliOptions>(
  usage: string,
  options: O,
  args: readonly string[] = process.argv.slice(2),
): Flags<O> | undefined {
  try {
    const config = { args, options: { ...options, ...HELP }, strict: true, allowPositionals: false } as const;
    const values: Flags<O> = parseArgs(config).values;
    if (!(values as { help?: boolean }).help) return values;
    process.stdout.write(`${usage}\n`);
    process.exitCode = 0;
  } catch (error) {
    // parseArgs names the flag in its message ("Unknown option '--hepl'"); its code is for programs, not people.
    refuseArgs(usage, error instanceof Error ? error.message : String(error));
  }
  return undefined;
}

/** A value parseArgs accepted but the tool cannot use (`--http http://…`): what was wrong and the usage, exit 2. */
export function refuseArgs(usage: string, reason: string): void {
  process.stderr.write(`${reason}\n\n${usage}\n`);
  process.exitCode = USAGE_EXIT;
}
