// What an adapter hands the core, and what it gets back. An adapter translates a platform payload into
// these values, calls the Bot, and renders what the Bot answers through its Reply.
import type { CommandSpec, OptionValues } from './commands/spec.ts';
import type { Origin, Reply } from './ports.ts';

export interface Invocation {
  command: string;
  /** Structured option values (Discord options, a submitted Slack modal). */
  options?: OptionValues;
  /** Or the raw text after the command name (Slack slash text, console, @mentions). */
  text?: string;
  origin: Origin;
  /** Whether this person may configure the bot here (the adapter decides: Manage Guild, Slack admin…). */
  canConfigure: boolean;
}

export interface ModalInput {
  id: string;
  label: string;
  placeholder?: string;
  style: 'short' | 'paragraph';
  required: boolean;
  /** The value is a secret: never prefilled, never echoed. */
  secret?: boolean;
  maxLength?: number;
  /** Prefilled text (never with `secret`). */
  value?: string;
  /**
   * Several choices picked from `options` (Discord string select in a label, Slack multi_static_select;
   * text elsewhere). The submitted value is the picked values joined with commas.
   */
  choices?: { options: Array<{ label: string; value: string }>; selected: string[]; max?: number };
}

/** A form the adapter must open as the first answer (Discord modal, Slack views.open). */
export interface ModalSpec {
  /** Comes back with the submission; short and secret-free. */
  id: string;
  /** ≤ 45 characters (Discord). */
  title: string;
  inputs: ModalInput[];
}

/**
 * The first thing an adapter must do with an invocation, decided without I/O so it can be done within
 * the platform's 3-second window:
 * - `error`: answer at once, ephemerally, with the message;
 * - `modal`: open the form at once;
 * - `run`: acknowledge (defer / ack, ephemeral if `ephemeral`), then call `run(reply)`.
 */
export type Prepared =
  | { kind: 'error'; message: string }
  | {
      kind: 'modal';
      modal: ModalSpec;
      /**
       * A form prefilled from the store: adapters await it (a store read, well within the 3 s) before
       * opening the form, and fall back to `modal` when it fails.
       */
      load?: () => Promise<ModalSpec>;
    }
  | { kind: 'run'; ephemeral: boolean; run: (reply: Reply) => Promise<void> };

export interface Choice {
  name: string;
  value: string;
}

export interface ActionEvent {
  /** The control id that was clicked (for a select, `id:value`). */
  actionId: string;
  origin: Origin;
  canConfigure: boolean;
}

export interface ModalSubmission {
  modalId: string;
  values: Record<string, string>;
  origin: Origin;
  canConfigure: boolean;
}

export interface Bot {
  readonly commands: readonly CommandSpec[];
  prepare(invocation: Invocation): Prepared;
  /** Same contract as prepare, for button clicks and menu picks. */
  prepareAction(event: ActionEvent): Prepared;
  /** A submitted form; answer with `run` after acknowledging. */
  prepareModal(submission: ModalSubmission): Prepared;
  /** At most 25 ranked choices, from memory (no network), for an option with a `source`. */
  autocomplete(command: string, option: string, query: string, origin: Origin): Choice[];
}
