// What an adapter hands the core, and what it gets back. An adapter translates a platform payload into
// these values, calls the Bot, and renders what the Bot answers through its Reply.
import type { CommandSpec, OptionValues } from '../commands/spec.ts';
import type { Translator } from '../i18n/catalogue.ts';
import type { Origin, Reply } from '../ports.ts';
import type { OutMessage } from './message.ts';

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
  /**
   * Prefilled text (never with `secret`), never cut: where a platform's input cannot hold it whole, the
   * form shows a note instead of the input (`form-fit.ts`) and the submission leaves the field out.
   */
  value?: string;
  /** How to change `value` when a form cannot hold it, e.g. "ask again with /publish … description=…". */
  elsewhere?: string;
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
       * A form prefilled from the store: the dispatch awaits it (a store read, well within the 3 s) before
       * opening the form, and falls back to `modal` when it fails.
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
  /** Each input the form showed, by id ('' when left empty); a field the form could not show is absent. */
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
  /** Whether a button verb or form id is registered, so metrics label forged ids as one `unknown`. */
  knows?(kind: 'verb' | 'form', id: string): boolean;
  /**
   * The person's own page (Slack's app Home): what waits for their approval, their requests, what is
   * scheduled, their running jobs; `notice` (the answer to an action taken from it) goes on top.
   */
  home?(origin: Origin, notice?: OutMessage): Promise<OutMessage>;
  /** Messages in the language of the person behind `origin`, for what the dispatch itself says to them. */
  translator?(origin: Origin): Translator;
}

// ---------------------------------------------------------------- what an adapter hands the dispatch

/** What a platform says of how a person reads: their language and time zone, as it tags them. */
export type Reader = Pick<Origin, 'locale' | 'timeZone'>;

/** Whether this person may configure: known at once, or looked up (Slack users.info, bounded to 1.5 s). */
export type MayConfigure = boolean | (() => Promise<boolean>);

/**
 * One thing a person did, as the adapter read it. `trace` is added to the dispatch's log lines
 * (e.g. Discord's interaction id) so a failure can be found in the platform's own records.
 */
export type Entry = (
  | { kind: 'command'; command: string; text?: string; options?: OptionValues }
  /** A command written in a message (Slack @mention): it carries no trigger, so no form can open. */
  | { kind: 'mention'; command: string; text: string }
  | { kind: 'click'; actionId: string }
  | { kind: 'form'; formId: string; values: Record<string, string> }
) & {
  origin: Origin;
  canConfigure: MayConfigure;
  /**
   * The person's language (and time zone) when the platform did not send it and it is not known yet (Slack: users.info): the
   * acknowledgement never waits for it; the work after the acknowledgement does (bounded by the adapter), and is
   * prepared again for it. What is answered before the acknowledgement uses `origin.locale` (or English).
   */
  readerLater?: () => Promise<Reader | undefined>;
  trace?: Record<string, unknown>;
  /**
   * The platform's replay check (e.g. a claim on Discord's interaction id, `once` kind `inbound`): false
   * means this entry was handled already and nothing is answered. Run inside the dispatch's boundary, so
   * a store that cannot be reached is told to the person instead of leaving them with no answer.
   */
  firstTime?: () => Promise<boolean>;
  /**
   * `firstTime` may wait until after the acknowledgement (it then runs with the work, before it): where
   * the acknowledgement is only the HTTP answer to whoever sent the request (Slack, Discord HTTP
   * interactions), answering a replay shows nobody anything, and the store write leaves the ack path.
   * A replay found then gets nothing more (no refusal, no conclude), since it shares the original's reply.
   */
  firstTimeAfterAck?: boolean;
};

/**
 * How the platform is acknowledged: a deferred answer only the person sees, one everyone sees, or, for
 * a click, an update of the clicked message (Discord deferUpdate, which alone lets `Reply.replace`
 * redraw it). Adapters whose acknowledgement has no visibility (Slack's ack) ignore it.
 */
export type AckMode = 'ephemeral' | 'public' | 'update';

/**
 * The primitives an adapter supplies for one entry; the dispatch decides which to use and when.
 * Everything here may throw: the dispatch catches, logs and answers.
 */
export interface Answer {
  /**
   * The first answer, within the platform's 3 s. With `message`, the acknowledgement carries it (Discord
   * ephemeral reply, Slack ack body, Slack form errors). Called again after it succeeded (or after a form
   * failed to open), it must not acknowledge twice: it returns the same Reply and sends `message` through it.
   */
  acknowledge(mode: AckMode, message?: OutMessage): Promise<Reply>;
  /** Opens a form as the first answer; absent where none can open (a mention has no trigger). */
  openForm?(form: ModalSpec): Promise<void>;
  /** Opens the platform's own form for a whole command (Slack's modal with selects for a bare `/clip`). */
  openCommandForm?(spec: CommandSpec): Promise<void>;
  /**
   * True where a form can still open after acknowledging (Slack: the trigger_id lives 3 s whatever the
   * ack); then a slow "who may configure" lookup is made after the ack, not before. Discord: a modal must
   * be the first answer.
   */
  formsAfterAck?: boolean;
  /**
   * After everything (success or not): e.g. remove a "thinking…" message nobody answered. Called on its
   * own (not as a method), and kept, without the rest of the Answer, until the work behind the
   * acknowledgement ends: it must not hold the platform's request (Bolt's ack, its response) by then.
   */
  conclude?(): Promise<void>;
}
