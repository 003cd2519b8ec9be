// Every store operation goes through this guard: a backend failure becomes StoreUnavailableError (never
// "not found"), and each operation is bounded in time.
import { ReelbotError, StoreUnavailableError } from '../../core/errors.ts';

export interface GuardOptions {
  /** Bound on each operation (fail fast instead of hanging on a silent server); default none. */
  operationTimeoutMs?: number;
  /** Bound on the first operation, which may open the connection; default operationTimeoutMs. */
  connectTimeoutMs?: number;
}

export type Guard = <R>(operation: () => Promise<R>, timeoutMs?: number) => Promise<R>;

/**
 * Turns any backend failure into a StoreUnavailableError that says where, and what to check, and bounds
 * each operation: a server that accepts but never answers must not hold a command, a webhook or the
 * health check. The operation itself cannot be aborted; its late answer is ignored.
 */
export function createGuard(where: string, isClosed: () => boolean, options: GuardOptions): Guard {
  let answered = false;
  const boundFor = (explicit?: number) =>
    explicit ?? (answered ? options.operationTimeoutMs : (options.connectTimeoutMs ?? options.operationTimeoutMs));
  return async (operation, timeoutMs) => {
    if (isClosed()) throw new StoreUnavailableError(`the store at ${where} was closed`);
    try {
      const result = await bounded(operation(), boundFor(timeoutMs));
      answered = true;
      return result;
    } catch (error) {
      if (error instanceof ReelbotError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`cannot reach the store at ${where}: ${reason} (check STORE_URL)`, {
        cause: error,
      });
    }
  };
}

async function bounded<R>(promise: Promise<R>, timeoutMs: number | undefined): Promise<R> {
  if (timeoutMs === undefined) return promise;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // A late rejection of the abandoned operation must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
