// What the core says through a chat platform: the Reply to one interaction, and the ChatPort it posts
// through later with the bot's own credentials. Each adapter implements both (its reply.ts, chat-port.ts).
import type { OutMessage } from './message.ts';
import type { Origin, Platform, ThreadRef } from './origin.ts';

/** Answers to one command or click, through the platform's interaction channel. */
export interface Reply {
  /** Visible only to the person who acted (Discord ephemeral, Slack chat.postEphemeral). */
  ephemeral(message: OutMessage): Promise<void>;
  /** A message in the channel (or the thread the command ran in). */
  public(message: OutMessage): Promise<void>;
  /**
   * Posts `card` where everyone sees it and makes it the root of the job's thread (or uses the thread
   * the command ran in). Returns where later updates go. `tag` marks the card so that `ChatPort.findCard`
   * can find it again when the process died before the platform's answer came back.
   */
  openThread(card: OutMessage, tag?: string): Promise<ThreadRef>;
  /**
   * For a click only: replaces the message that holds the clicked control (e.g. paging a list). Adapters
   * that cannot edit it leave this out, and the core answers with a new ephemeral message instead. When an
   * adapter offers it, it decides how the click is acknowledged; `Prepared.ephemeral` does not.
   */
  replace?(message: OutMessage): Promise<void>;
}

/** How much a card edit matters: see `ChatPort.updateCard`. */
export type CardEdit = 'final' | 'change' | 'progress';

/** Whether an edit of a card still shows what should be shown, asked just before it is sent. */
export type StillDue = () => Promise<boolean>;

/**
 * Runs `stillDue` where an edit is about to be sent, whatever its kind: a final state drawn from a record
 * another replica has since moved on ("Publishing…" after its "Published") is not sent either. An unanswerable
 * question (the store away) lets it go.
 */
export const stillDueNow = (stillDue: StillDue | undefined): Promise<boolean> =>
  stillDue ? stillDue().catch(() => true) : Promise.resolve(true);

/**
 * Posting with the bot's own credentials, any time later (results of long jobs). The core posts through
 * its outbox (`src/core/guarantees/outbox.ts`), which makes a post happen once; the adapter only sends and finds.
 */
export interface ChatPort {
  readonly platform: Platform;
  /**
   * Sends one message in the thread, tagged with `idempotencyKey` (Discord's nonce, Slack's metadata);
   * resolves only once the platform confirmed it, since the outbox records the post as made after that.
   */
  send(thread: ThreadRef, message: OutMessage, idempotencyKey: string): Promise<void>;
  /**
   * Whether a message sent with `idempotencyKey` is in the thread, for a send whose answer never came (the
   * process died with it on its way). Absent where the platform cannot be asked by key (Discord).
   */
  findPost?(thread: ThreadRef, idempotencyKey: string): Promise<boolean>;
  /**
   * Edits the card. `kind` says how much the edit matters when the platform's budget is short (default
   * `final`): a final state is owed like a result and waits its turn however long; a `change` (e.g. now
   * working) or a `progress` refresh may be replaced by a newer edit of the card or skipped. One card's edits
   * are made one at a time, in order, and a change or a refresh asked for after a final state of the card is
   * not made (card-order.ts). A refresh whose content equals the card's last edit from this process is not
   * made. Resolves once the edit was made
   * (true), or false when it was not (replaced, skipped, a repeated refresh), so the caller can read back
   * what the card should show after its edit landed. `stillDue`, for any kind of edit, is asked right before
   * the edit is sent (after any wait for the card's earlier edit or the platform's budget): false and it is
   * not sent (resolves false), so an edit drawn from a state another replica has moved on from while it waited
   * never lands over that replica's newer state, final or not; a `stillDue` that fails lets the edit go.
   */
  updateCard(thread: ThreadRef, message: OutMessage, kind?: CardEdit, stillDue?: StillDue): Promise<boolean>;
  /** How long after it was posted a card may still be edited; absent, always (Discord: 1 h, error 30046). */
  readonly cardEditMs?: number;
  /**
   * The user ids in a Discord role or a Slack user group (approvers may name them). Absent where the
   * platform has no groups. Rejects when the platform cannot say (a missing scope or intent, an outage):
   * the caller then refuses or stays silent, never guesses.
   */
  membersOf?(workspaceId: string, groupId: string): Promise<readonly string[]>;
  /** The id of the group a typed `@handle` names (Slack: `/setup approvers=@editors`); undefined if none. */
  findGroup?(workspaceId: string, handle: string): Promise<string | undefined>;
  /**
   * Where the card posted with `tag` (see `Reply.openThread`) is, when it was posted at all; for a job
   * whose process died while the card was on its way. Absent where the platform cannot be asked. `shows`
   * is what the card itself displays (the job id), for platforms that keep no hidden mark on a message
   * (Discord); a card found without its thread gets it started.
   */
  findCard?(origin: Origin, tag: string, shows?: string): Promise<ThreadRef | undefined>;
  /**
   * Of `channelIds` (channels of one Discord guild or Slack team), the ones `userId` can see (Discord: the
   * View Channel permission; Slack: a public channel, or one they are in), so lists that span a workspace
   * show nobody a channel hidden from them. Absent where the bot has one channel (the console). Rejects
   * when the platform cannot say; the caller then shows less, never more.
   */
  visibleTo?(workspaceId: string, userId: string, channelIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** A web address that opens the card (its message), where the platform has one; undefined if unknown. */
  cardLink?(thread: ThreadRef): Promise<string | undefined>;
}
