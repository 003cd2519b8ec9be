// What the double remembers: every request, channels, messages and interactions; and waiters that
// re-check their condition on every change (no polling, no fixed sleeps).
import { type ChannelRecord, messagePayload, type StoredMessage, type userPayload } from './payloads.ts';

export interface RecordedRequest {
  method: string;
  /** Path under /api/v10, without the query. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  at: number;
  /** The status the double answered with. */
  status?: number;
}

/** A guild member as List Guild Members answers it. */
export interface MemberRecord {
  userId: string;
  userName: string;
  roles: string[];
  bot?: boolean;
}

export interface InteractionRecord {
  id: string;
  token: string;
  channelId: string;
  dispatchedAt: number;
  /** Interaction callback bodies, in order (Discord accepts one; later ones are refused but recorded). */
  callbacks: Array<{ type: number; data?: Record<string, unknown> }>;
  originalMessageId?: string;
  /** For components: the message the clicked control sits on. */
  messageId?: string;
  /** Its type (2 command, 3 component, 5 modal submit) and who acted: what its messages' metadata names. */
  type?: number;
  user?: ReturnType<typeof userPayload>;
  guildId?: string;
}

/** Discord's message flag 128 (LOADING): an interaction's deferred response, still "thinking…". */
const LOADING = 128;

/** How often a waiter re-checks besides on every change of the double. */
const RECHECK_MS = 10;

export class DoubleState {
  readonly requests: RecordedRequest[] = [];
  readonly channels = new Map<string, ChannelRecord>();
  readonly messages: StoredMessage[] = [];
  readonly interactions = new Map<string, InteractionRecord>();
  /** Registered command definitions by scope ('global' or a guild id). */
  readonly commands = new Map<string, Array<Record<string, unknown>>>();
  readonly identifies: Array<Record<string, unknown>> = [];
  /** The guild's members by user id (List Guild Members). */
  readonly members = new Map<string, MemberRecord>();
  /** Off: the app lacks the Server Members intent, and List Guild Members answers 403 Missing Access. */
  membersIntent = true;
  private readonly listeners = new Set<() => void>();

  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Resolves with the first truthy value of `probe`, re-checked on every change of the double (and
   * every few milliseconds, for conditions on the client's side).
   * Rejects after `timeoutMs` (a generous bound, not a timing assertion).
   */
  waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const value = probe();
        if (!value) return false;
        done();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`discord double: timed out waiting for ${what}`));
      }, timeoutMs);
      // The probe may also read the client's side (what the bot recorded after its last request).
      const recheck = setInterval(() => void check(), RECHECK_MS);
      const done = () => {
        clearTimeout(timer);
        clearInterval(recheck);
        this.listeners.delete(listener);
      };
      const listener = () => void check();
      this.listeners.add(listener);
      check();
    });
  }

  /** Messages visible in a channel or thread (ephemeral ones are not in any channel), oldest first. */
  messagesIn(channelId: string): StoredMessage[] {
    return this.messages.filter((m) => m.channel_id === channelId && (m.flags & 64) === 0);
  }

  message(id: string): StoredMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  /** Every message answering one interaction (its original reply and follow-ups, ephemeral included). */
  interactionMessages(interactionId: string): StoredMessage[] {
    return this.messages.filter((m) => m.interactionId === interactionId);
  }

  /**
   * A message as Discord sends it: an interaction's messages (its response and follow-ups) carry
   * `interaction_metadata`, the one place a GET shows which interaction a message answers (a nonce is
   * never shown again); a deferred response still "thinking…" carries the LOADING flag.
   */
  wire(m: StoredMessage): ReturnType<typeof messagePayload> & { interaction_metadata?: Record<string, unknown> } {
    const wire = messagePayload(m);
    const rec = m.interactionId ? this.interactions.get(m.interactionId) : undefined;
    if (m.loading) wire.flags |= LOADING;
    if (!rec) return wire;
    const followUp = rec.originalMessageId !== undefined && rec.originalMessageId !== m.id;
    const interaction_metadata = {
      id: rec.id,
      type: rec.type ?? 2,
      ...(rec.user ? { user: rec.user } : {}),
      authorizing_integration_owners: rec.guildId ? { '0': rec.guildId } : {},
      ...(followUp ? { original_response_message_id: rec.originalMessageId } : {}),
      ...(rec.messageId ? { interacted_message_id: rec.messageId } : {}),
    };
    return { ...wire, interaction_metadata };
  }
}
