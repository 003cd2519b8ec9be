// A chat that only records when things appeared, per thread: enough to time what a user waits for
// (the job card, the result in the thread, the card saying Done) and to count results.
import { performance } from 'node:perf_hooks';
import type { ChatPort, Origin, Reply, ThreadRef } from '../src/core/ports.ts';

export interface ThreadTimes {
  cardAt?: number;
  /** When the card first changed: the project exists at the media API. */
  workingAt?: number;
  resultAt?: number;
  results: number;
  doneAt?: number;
}

export interface TimedChat extends ChatPort {
  /** A reply whose thread is `threadId`; its timings are filled in as the bot posts. */
  reply(origin: Origin, threadId: string): Reply;
  times(threadId: string): ThreadTimes;
  /** Resolves when the card of `threadId` reaches Done or Failed, or rejects after `boundMs`. */
  finished(threadId: string, boundMs: number): Promise<ThreadTimes>;
}

export function createTimedChat(): TimedChat {
  const threads = new Map<string, ThreadTimes>();
  const waiters = new Map<string, () => void>();
  const times = (id: string): ThreadTimes => {
    const t = threads.get(id) ?? { results: 0 };
    threads.set(id, t);
    return t;
  };
  const ignore = async () => {};
  return {
    platform: 'console',
    async send(thread: ThreadRef) {
      const t = times(thread.threadId);
      t.results++;
      t.resultAt ??= performance.now();
    },
    async updateCard(thread: ThreadRef, message) {
      const t = times(thread.threadId);
      if (/Done|failed/i.test(message.text)) {
        t.doneAt ??= performance.now();
        waiters.get(thread.threadId)?.();
      } else t.workingAt ??= performance.now();
      return true;
    },
    reply(origin, threadId) {
      return {
        ephemeral: ignore,
        public: ignore,
        replace: ignore,
        async openThread() {
          times(threadId).cardAt = performance.now();
          const { platform, workspaceId, channelId } = origin;
          return { platform, workspaceId, channelId, threadId, cardMessageId: `${threadId}-card` };
        },
      };
    },
    times,
    finished(threadId, boundMs) {
      const t = times(threadId);
      if (t.doneAt !== undefined) return Promise.resolve(t);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`job in ${threadId} not done within ${boundMs} ms`)), boundMs);
        waiters.set(threadId, () => {
          clearTimeout(timer);
          waiters.delete(threadId);
          resolve(t);
        });
      });
    },
  };
}
