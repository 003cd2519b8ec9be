// The terminal console as a ChatAdapter like any other: `start` begins reading stdin, `finished` settles
// when the session is over (quit typed, or piped input done and its jobs posted).
import type { ChatAdapter } from '../core/platform/chat-adapter.ts';
import type { ChatPort } from '../core/ports.ts';
import { type ConsoleRun, type ConsoleRunOptions, runConsole } from './run.ts';

export type ConsoleChatAdapterOptions = ConsoleRunOptions;

export function createConsoleChatAdapter(options: ConsoleChatAdapterOptions): ChatAdapter {
  let session: ConsoleRun | undefined;
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });
  // The session (and its printer) exists once stdin is read; until then nothing of this console can be
  // waiting for a result, and a job of an earlier run is posted once it is (the job service retries).
  const live = (): ChatPort => {
    if (!session) throw new Error('the console is not started yet');
    return session.chatPort;
  };
  return {
    platform: 'console',
    chatPort: {
      platform: 'console',
      send: (thread, message, key) => live().send(thread, message, key),
      updateCard: (thread, message, kind, stillDue) => live().updateCard(thread, message, kind, stillDue),
    },
    async start(listener) {
      session = runConsole({ ...options, ...(listener ? { listener } : {}) });
      session.done.then(
        (code) => finish(code),
        (err: unknown) => {
          options.logger.error({ err }, 'console session failed');
          finish(1);
        },
      );
    },
    async stop() {},
    finished,
  };
}
