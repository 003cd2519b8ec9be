// Buttons, menus and forms. A control's id is `<verb>:<arg>`: a verb the registry knows and a stored id
// (a job id) or harmless view state (a page and its filters). Nothing else rides in it, because a
// client can send any id it likes: the handler reloads what the id names and checks it belongs to the
// clicker's channel.
import type { z } from 'zod';
import type { ModalSubmission, Prepared } from '../platform/interaction.ts';
import { type CommandContext, fail } from './handler.ts';

/** Discord's custom_id limit; Slack's action_id (255) is larger, so the stricter one holds for both. */
export const MAX_CONTROL_ID = 100;

export interface ActionHandler<D = unknown> {
  /** Lower-case letters and `_`, no `:`. */
  verb: string;
  /** For the error counter and logs: `action:<verb>`. */
  prepare(arg: string, ctx: CommandContext<D>): Prepared;
}

export interface ActionDefinition<S extends z.ZodType<unknown, string>, D> {
  verb: string;
  /** Parses the text after `<verb>:`; an arg that does not parse is treated as an expired button. */
  arg: S;
  prepare(arg: z.output<S>, ctx: CommandContext<D>): Prepared;
}

export const EXPIRED_BUTTON = 'That button is no longer supported. Run the command again.';

export function defineAction<S extends z.ZodType<unknown, string>, D = unknown>(
  def: ActionDefinition<S, D>,
): ActionHandler<D> {
  if (!/^[a-z_]+$/.test(def.verb)) throw new Error(`button verb '${def.verb}' must be lower-case letters and _`);
  return {
    verb: def.verb,
    prepare(arg, ctx) {
      const parsed = def.arg.safeParse(arg);
      return parsed.success ? def.prepare(parsed.data, ctx) : fail(EXPIRED_BUTTON);
    },
  };
}

/** The id of a control: `<verb>:<arg>`, refused when over the platforms' limit rather than cut. */
export function controlId(verb: string, arg: string): string {
  const id = `${verb}:${arg}`;
  if (id.length > MAX_CONTROL_ID) throw new Error(`control id over ${MAX_CONTROL_ID} characters: ${id.slice(0, 40)}…`);
  return id;
}

/** `retry:k3j9x2` → verb `retry`, arg `k3j9x2`; undefined for what no platform could have sent. */
export function splitControlId(id: string): { verb: string; arg: string } | undefined {
  // A select appends `:<picked value>` (≤ 100 more), so allow room for it beyond the control's own id.
  if (id.length > MAX_CONTROL_ID * 2 + 1) return undefined;
  const at = id.indexOf(':');
  return at > 0 ? { verb: id.slice(0, at), arg: id.slice(at + 1) } : { verb: id, arg: '' };
}

export interface FormHandler<D = unknown> {
  /** The modal id the form is opened with; comes back with the submission. */
  id: string;
  prepare(submission: ModalSubmission, ctx: CommandContext<D>): Prepared;
}

export interface FormDefinition<S extends z.ZodType, D> {
  id: string;
  /** The submitted fields by input id (a missing field is an expired or forged form). */
  values: S;
  prepare(values: z.output<S>, ctx: CommandContext<D>): Prepared;
}

export function defineForm<S extends z.ZodType, D = unknown>(def: FormDefinition<S, D>): FormHandler<D> {
  return {
    id: def.id,
    prepare(submission, ctx) {
      const parsed = def.values.safeParse(submission.values);
      return parsed.success ? def.prepare(parsed.data, ctx) : fail('That form has expired. Run the command again.');
    },
  };
}

/** A map by key that refuses duplicates: two handlers for one verb would silently shadow each other. */
export function indexBy<T>(items: readonly T[], key: (t: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (map.has(k)) throw new Error(`two handlers registered for ${what} '${k}'`);
    map.set(k, item);
  }
  return map;
}
