// How option names are matched in text: case-insensitive, `-` equal to `_`, aliases included.
import type { CommandSpec, OptionSpec } from './spec.ts';

/** Keys are case-insensitive and `-` equals `_` (`Remove-Fillers` is `remove_fillers`). */
export const normalizeKey = (key: string): string => key.trim().toLowerCase().replace(/-/g, '_');

/** Every name and alias of the command's options, normalized, to its option. */
export function optionIndex(spec: CommandSpec): Map<string, OptionSpec> {
  const index = new Map<string, OptionSpec>();
  for (const option of spec.options) {
    for (const name of [option.name, ...(option.aliases ?? [])]) index.set(normalizeKey(name), option);
  }
  return index;
}
