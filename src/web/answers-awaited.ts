// How many HTTP requests this listener has received and not yet answered: the most direct sign that someone
// is waiting (a burst of commands, webhook deliveries). The composition root hands `awaited` to the work
// queue (core/platform/work-queue.ts), which holds back new work while it is above a few, so answers go first.
import type { ServerResponse } from 'node:http';

export interface AnswersAwaited {
  /** Counts `res` until it is answered (or its connection closes). */
  count(res: ServerResponse): void;
  /** Requests received and not yet answered. */
  awaited(): number;
}

export function createAnswersAwaited(): AnswersAwaited {
  let awaiting = 0;
  return {
    count(res) {
      awaiting++;
      let done = false;
      const answered = () => {
        if (done) return;
        done = true;
        awaiting--;
      };
      res.once('finish', answered);
      res.once('close', answered);
    },
    awaited: () => awaiting,
  };
}
