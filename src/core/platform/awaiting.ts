// How many HTTP requests this process has received and not yet answered: the most direct sign that
// someone is waiting (a burst of commands, webhook deliveries). The work queue (work-queue.ts) holds
// back new work while it is above a few, so answers go first. Like the event loop's utilization, it is
// a property of the process, so it is counted once here for every listener.
import type { ServerResponse } from 'node:http';

let awaiting = 0;

/** Counts `res` until it is answered (or its connection closes). */
export function countUntilAnswered(res: ServerResponse): void {
  awaiting++;
  let done = false;
  const answered = () => {
    if (done) return;
    done = true;
    awaiting--;
  };
  res.once('finish', answered);
  res.once('close', answered);
}

/** Requests received and not yet answered, across this process's listeners. */
export const answersAwaited = (): number => awaiting;
