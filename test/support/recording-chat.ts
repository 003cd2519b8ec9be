import type { OutMessage } from '../../src/core/platform/message.ts';
import type { ChatPort, Origin, Platform, Reply, ThreadRef } from '../../src/core/ports.ts';

// A working chat double: it keeps every message where a user would see it, by thread, so tests assert
// on what people would read.

export interface Seen {
  where: 'ephemeral' | 'public' | 'card' | 'thread' | 'card-update' | 'replace';
  threadId?: string;
  message: OutMessage;
  idempotencyKey?: string;
}

export interface RecordingChat extends ChatPort {
  seen: Seen[];
  reply(origin?: Partial<Origin>): Reply;
  inThread(threadId: string): Seen[];
  ephemerals(): Seen[];
  /** Resolves once `predicate` holds for the recorded messages (bounded). */
  waitFor(predicate: (seen: Seen[]) => boolean, timeoutMs?: number): Promise<void>;
}

export function createRecordingChat(platform: Platform = 'console'): RecordingChat {
  const seen: Seen[] = [];
  let threads = 0;
  const waiters: Array<() => void> = [];
  const record = (s: Seen) => {
    seen.push(s);
    for (const w of waiters.splice(0)) w();
  };
  return {
    platform,
    seen,
    async send(thread: ThreadRef, message, idempotencyKey) {
      record({ where: 'thread', threadId: thread.threadId, message, idempotencyKey });
    },
    async updateCard(thread: ThreadRef, message) {
      record({ where: 'card-update', threadId: thread.threadId, message });
      return true;
    },
    // Like Slack's lookup by metadata: a card posted with a tag is found again after a restart.
    async findCard(origin, tag) {
      const card = seen.find((s) => s.where === 'card' && s.idempotencyKey === tag);
      if (!card?.threadId) return undefined;
      const { workspaceId, channelId } = origin;
      return { platform, workspaceId, channelId, threadId: card.threadId, cardMessageId: `${card.threadId}-card` };
    },
    reply(origin) {
      return {
        ephemeral: async (message) => record({ where: 'ephemeral', message }),
        public: async (message) => record({ where: 'public', message, threadId: origin?.threadId }),
        replace: async (message) => record({ where: 'replace', message }),
        async openThread(card, tag) {
          const threadId = origin?.threadId ?? `t${++threads}`;
          record({ where: 'card', threadId, message: card, ...(tag ? { idempotencyKey: tag } : {}) });
          return {
            platform,
            workspaceId: origin?.workspaceId ?? 'local',
            channelId: origin?.channelId ?? 'local',
            threadId,
            cardMessageId: `${threadId}-card`,
          };
        },
      };
    },
    inThread: (id) => seen.filter((s) => s.threadId === id && s.where === 'thread'),
    ephemerals: () => seen.filter((s) => s.where === 'ephemeral'),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(seen)) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `condition not met within ${timeoutMs} ms; saw: ${JSON.stringify(seen.map((s) => [s.where, s.message.text]))}`,
          );
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
  };
}
