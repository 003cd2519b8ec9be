// Start-up calls to a chat platform are bounded. Left alone, Bolt's client retries auth.test for about
// half an hour and discord.js retries a silent host four times 15 s, while /healthz has nothing to say and
// the operator sees no line. Past the bound the start fails with the platform's URL and the network's reason.
import { PlatformUnreachableError } from '../errors.ts';

/** How long a platform may take to answer at start-up before the start fails. */
export const PLATFORM_START_BOUND_MS = 15_000;

/** The network's words for the errors an operator meets, keyed by Node's error code. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed for now',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate self-signed',
};

/**
 * The reason in a few words when `err` is a failure to reach a host (refused, not found, timed out), with the
 * library's own detail; undefined when the host answered (a refused token is the platform's answer, not this).
 */
export function networkProblem(err: unknown): string | undefined {
  // Libraries wrap the socket's error: Slack's client under `original`, fetch under `cause`.
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && REASONS[code]) return `${REASONS[code]} (${String(message ?? code)})`;
    if (name === 'TimeoutError' || name === 'AbortError') return 'no answer before the request timed out';
    e = (e as { original?: unknown }).original ?? (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface StartCall {
  /** e.g. 'Slack', 'the Discord gateway'. */
  platform: string;
  /** The address called, shown to the operator. */
  url: string;
  /** The variable that points elsewhere, when the operator set one (SLACK_API_URL). */
  urlVariable: string;
}

/** The error an operator reads when a platform could not be reached at start-up. */
export function unreachable(call: StartCall, reason: string, cause?: unknown): PlatformUnreachableError {
  return new PlatformUnreachableError(
    `${call.platform} could not be reached at ${call.url}: ${reason}. Check this host's network, DNS, proxy and ` +
      `firewall (or ${call.urlVariable} if you set it); the bot exits so its supervisor can start it again.`,
    { cause },
  );
}

/** `err` as an operator should read it when it is a network failure; otherwise unchanged. */
export function explainNetwork(err: unknown, call: StartCall): unknown {
  const reason = networkProblem(err);
  return reason === undefined ? err : unreachable(call, reason, err);
}

/**
 * Settles as `work` does, or rejects with a PlatformUnreachableError once `ms` pass first. The work goes on
 * in the background: the adapter's stop() ends it.
 */
export async function withinStartBound<T>(
  work: Promise<T>,
  /** A function when the address is learnt on the way (Discord's gateway comes from REST). */
  call: StartCall | (() => StartCall),
  ms = PLATFORM_START_BOUND_MS,
): Promise<T> {
  const describe = typeof call === 'function' ? call : () => call;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unreachable(describe(), `no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work.catch((err: unknown) => Promise.reject(explainNetwork(err, describe()))), late]);
  } finally {
    clearTimeout(timer);
  }
}
