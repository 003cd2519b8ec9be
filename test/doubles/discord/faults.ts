// Injectable faults: the next N matching requests are answered with a 429 (as Discord's rate limiter
// does) or with a 5xx, optionally after the request was carried out ("server did it, client saw an error"),
// or never answered at all (the bot's process dies before Discord's answer reaches it).
import type { RecordedRequest } from './state.ts';

export interface RequestMatch {
  method: string;
  /** Matched against the path under /api/v10. */
  path: RegExp;
}

export interface RateLimitFault extends RequestMatch {
  times?: number;
  /** Seconds, as in Discord's `retry_after`. */
  retryAfter: number;
  global?: boolean;
}

export interface ServerErrorFault extends RequestMatch {
  times?: number;
  status?: number;
  /** Carry the request out, then answer with the error anyway. */
  afterHandling?: boolean;
}

export interface HangFault extends RequestMatch {
  times?: number;
  /**
   * Carry the request out (Discord showed the message) and never answer it; false: the request is lost on
   * its way and nothing happens. Either way the connection stays open until the double closes.
   */
  afterHandling: boolean;
}

type Rule =
  | { kind: 'rate-limit'; fault: RateLimitFault; remaining: number }
  | { kind: 'server-error'; fault: ServerErrorFault; remaining: number }
  | { kind: 'hang'; fault: HangFault; remaining: number };

export interface FaultResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export class Faults {
  private readonly rules: Rule[] = [];

  rateLimit(fault: RateLimitFault): void {
    this.rules.push({ kind: 'rate-limit', fault, remaining: fault.times ?? 1 });
  }

  serverError(fault: ServerErrorFault): void {
    this.rules.push({ kind: 'server-error', fault, remaining: fault.times ?? 1 });
  }

  hang(fault: HangFault): void {
    this.rules.push({ kind: 'hang', fault, remaining: fault.times ?? 1 });
  }

  /** Takes the first matching rule (one use of it), if any. */
  take(req: RecordedRequest): Rule | undefined {
    const rule = this.rules.find(
      (r) => r.remaining > 0 && r.fault.method === req.method && r.fault.path.test(req.path),
    );
    if (rule) rule.remaining -= 1;
    return rule;
  }
}

/** Discord's 429: the JSON body carries the float `retry_after`, the header the whole seconds. */
export function rateLimited(fault: RateLimitFault): FaultResponse {
  const global = fault.global ?? false;
  const headers: Record<string, string> = {
    'retry-after': String(Math.ceil(fault.retryAfter)),
    'x-ratelimit-scope': global ? 'global' : 'user',
  };
  if (global) headers['x-ratelimit-global'] = 'true';
  else {
    Object.assign(headers, {
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.now() / 1000 + fault.retryAfter),
      'x-ratelimit-reset-after': String(fault.retryAfter),
      'x-ratelimit-bucket': 'double-bucket',
    });
  }
  return {
    status: 429,
    headers,
    body: { message: 'You are being rate limited.', retry_after: fault.retryAfter, global, code: 0 },
  };
}

export function serverFailed(fault: ServerErrorFault): FaultResponse {
  return { status: fault.status ?? 500, headers: {}, body: { message: '500: Internal Server Error', code: 0 } };
}

export type { Rule as FaultRule };
