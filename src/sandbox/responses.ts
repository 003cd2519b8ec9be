import type { ZodError } from 'zod';
import { ERROR_MESSAGES } from '../core/media/schemas.ts';

/** A request as the handler sees it: no sockets, so tests can call the handler directly. */
export interface SandboxRequest {
  method: string;
  /** Path with optional query string, e.g. /api/v2/projects/abc?x=1. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body?: string | Buffer | undefined;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** Hold the answer this long (the `slow` publishing switch: a client times out first). */
  delayMs?: number;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** The docs' error envelope: {"error":{"message":"..."}}. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): SandboxResponse {
  return json(status, { error: { message } }, headers);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * The 400 message for a body that failed its schema: the docs' "Missing required fields" when a
 * required field is absent, otherwise the first problem with its field, e.g.
 * "Bad Request: videoUrl: Must be a valid URL".
 */
export function validationMessage(error: ZodError, body: unknown): string {
  const missing = error.issues.some((i) => i.path.length > 0 && valueAt(body, i.path) === undefined);
  const first = error.issues[0];
  if (missing || !first) return ERROR_MESSAGES[400];
  const where = first.path.map(String).join('.');
  return `Bad Request: ${where ? `${where}: ` : ''}${first.message}`;
}
