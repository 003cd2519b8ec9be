// Bolt and the Slack SDKs log through @slack/logger's interface; this hands their lines to ours.
import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from '../core/ports.ts';

/**
 * Lines that carry a whole raw payload after their first words: @slack/socket-mode logs every WebSocket
 * frame at debug (SocketModeClient.onWebSocketMessage), Bolt's receivers every ack body, the web client
 * every request body. Those frames hold what people typed into forms — the API key submitted in the
 * /setup key form among them — so only the words before the payload are kept.
 */
const RAW_DUMP =
  /^(Received a message on the WebSocket|Unable to parse an incoming WebSocket message|Sending a WebSocket message|ack\(\) call begins|ack\(\) response sent|ack\(\) response stored|http request body|http request result)\b/;

// Form fields submit as `"value":"…"`, and once more escaped (`\"value\":\"…\"`) when a payload is
// embedded in another string (an error message quoting a body). The escaped form's closing quote is
// the first `\"` not itself escaped; over-masking a longer stretch is the safe side.
const VALUE = /"value"\s*:\s*"(?:[^"\\]|\\.)*"/g;
const ESCAPED_VALUE = /\\"value\\"\s*:\s*\\".*?(?<!\\\\)\\"/gs;
const MASKED = '[Redacted]';

/** A line as it may be logged: raw payload dumps cut after their first words, form values masked. */
export function sanitizeBoltLine(text: string): string {
  const dump = RAW_DUMP.exec(text);
  // Bolt's developer mode logs a request body as bare JSON.
  if (dump) return `${dump[1]} (payload not logged)`;
  if (/^\s*[[{]/.test(text)) return '(payload not logged)';
  return text.replace(ESCAPED_VALUE, `\\"value\\":\\"${MASKED}\\"`).replace(VALUE, `"value":"${MASKED}"`);
}

const line = (parts: unknown[]): string =>
  sanitizeBoltLine(
    parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p))).join(' '),
  );

export function toBoltLogger(logger: Logger): BoltLogger {
  let level: LogLevel = LogLevel.INFO;
  return {
    debug: (...msg: unknown[]) => logger.debug(line(msg)),
    info: (...msg: unknown[]) => logger.info(line(msg)),
    warn: (...msg: unknown[]) => logger.warn(line(msg)),
    error: (...msg: unknown[]) => logger.error(line(msg)),
    // Our logger filters by its own level; Bolt only asks so it can pass it on.
    setLevel: (l: LogLevel) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
