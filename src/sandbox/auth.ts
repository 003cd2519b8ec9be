import { ERROR_MESSAGES } from '../core/media/schemas.ts';
import { apiError, type SandboxResponse } from './responses.ts';

// Key switches, so the bot's error paths can be driven from a chat without a real account:
//   missing or empty key, or a key starting "invalid"  -> 401 (the docs' messages)
//   a key starting "forbidden"                         -> 403 (the docs give no message; this is ours)
//   a key starting "error500"                          -> 500 (the docs' message)
// Every other non-empty key is accepted.

export const FORBIDDEN_MESSAGE = 'Forbidden: Your API key does not have permission to perform this action';

/** The x-api-key header, trimmed; '' when absent. */
export function apiKeyOf(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers['x-api-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (value ?? '').trim();
}

/** The error the key earns, or undefined when it is accepted. The voices endpoint words its 401 differently. */
export function keyError(key: string, endpoint: 'voices' | 'other'): SandboxResponse | undefined {
  const lower = key.toLowerCase();
  if (key === '' || lower.startsWith('invalid')) {
    return apiError(401, endpoint === 'voices' ? ERROR_MESSAGES[401.1] : ERROR_MESSAGES[401]);
  }
  if (lower.startsWith('forbidden')) return apiError(403, FORBIDDEN_MESSAGE);
  if (lower.startsWith('error500')) return apiError(500, ERROR_MESSAGES[500]);
  return undefined;
}
