// A few coded errors. A UserError is an expected mistake, shown to the person who made it;
// everything else is logged once at the entry point's error boundary and answered politely.

export type ErrorCode =
  | 'user_input'
  | 'not_allowed'
  | 'no_api_key'
  | 'media_api'
  | 'config'
  | 'store_unavailable'
  | 'not_found'
  | 'invalid_request'
  | 'platform_unreachable'
  | 'workspace_gone';

export class ReelbotError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A mistake the user can fix; its message is written for them and is safe to show. */
export class UserError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown; code?: ErrorCode }) {
    super(options?.code ?? 'user_input', message, options);
  }
}

/**
 * The platform no longer lets the bot act in a workspace (a Slack workspace uninstalled the app, or its token
 * could not be refreshed): nothing there can be posted or edited until it installs the bot again.
 */
export const WORKSPACE_GONE_REASON = 'reelbot was removed from this workspace';

export class WorkspaceGoneError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('workspace_gone', message, options);
  }
}

/** The media API answered with an error status, timed out, or sent a body we could not read. */
export class MediaApiError extends ReelbotError {
  /** HTTP status; 0 for a network failure or timeout, 502 for an unreadable body. */
  readonly status: number;
  /** The API's own message, when it sent one. */
  readonly apiMessage: string | null;
  /** How long the API asked us to wait (Retry-After header or `retryAfter` field). */
  readonly retryAfterMs: number | null;
  constructor(
    status: number,
    apiMessage: string | null,
    options?: { retryAfterMs?: number | null; cause?: unknown; detail?: string },
  ) {
    super(
      'media_api',
      options?.detail ?? `media API ${status || 'network error'}: ${apiMessage ?? 'no message'}`,
      options,
    );
    this.status = status;
    this.apiMessage = apiMessage;
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
}

/** The configuration is incomplete or invalid; the message says what to set. */
export class ConfigError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('config', message, options);
  }
}

/** The store could not be reached: never to be mistaken for "not found". */
export class StoreUnavailableError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('store_unavailable', message, options);
  }
}

/**
 * A request body the media API's own schema refuses, caught before sending: a bug in the bot, never the
 * user's mistake, so it is logged and answered as one. The message names fields, never their values.
 */
export class InvalidRequestError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_request', message, options);
  }
}

/**
 * A chat platform did not answer at start-up (connection refused, a name that does not resolve, silence): the
 * message names the platform's URL and the network's reason, for the operator to fix this host's network.
 */
export class PlatformUnreachableError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('platform_unreachable', message, options);
  }
}
