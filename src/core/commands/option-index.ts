// How option names are matched in text: case-insensitive, `-` equal to `_`, aliases included.
import type { CommandSpec, OptionSpec } from './spec.ts';

/** Keys are case-insensitive and `-` equals `_` (`Remove-Fillers` is `remove_fillers`). */
export const normalizeKey = (key: string): string => key.trim().toLowerCase().replace(/-/g, '_');

// Specs are fixed tables, so each index is built once per spec rather than again for every command a
// burst brings.
const byNameOrAlias = new WeakMap<CommandSpec, ReadonlyMap<string, OptionSpec>>();
const byName = new WeakMap<CommandSpec, ReadonlyMap<string, OptionSpec>>();

/** Every name and alias of the command's options, normalized, to its option. */
export function optionIndex(spec: CommandSpec): ReadonlyMap<string, OptionSpec> {
  let index = byNameOrAlias.get(spec);
  if (!index) {
    const built = new Map<string, OptionSpec>();
    for (const option of spec.options) {
      for (const name of [option.name, ...(option.aliases ?? [])]) built.set(normalizeKey(name), option);
    }
    index = built;
    byNameOrAlias.set(spec, index);
  }
  return index;
}

/** The option a form or platform option key names: its name, normalized (aliases are for typed text only). */
export function optionNamed(spec: CommandSpec, key: string): OptionSpec | undefined {
  let index = byName.get(spec);
  if (!index) {
    const built = new Map<string, OptionSpec>();
    // The first option with a normalized name wins, as a search through the table in order would find.
    for (const option of spec.options)
      if (!built.has(normalizeKey(option.name))) built.set(normalizeKey(option.name), option);
    index = built;
    byName.set(spec, index);
  }
  return index.get(normalizeKey(key));
}
