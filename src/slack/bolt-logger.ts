// Bolt and the Slack SDKs log through @slack/logger's interface; this hands their lines to ours.
import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from '../core/ports.ts';

const line = (parts: unknown[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p))).join(' ');

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
