import type { Logger } from '../../src/core/ports.ts';

// The one logger double: it keeps every line, so a test asserts what was logged, and what never was (a key).

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  /** The fields logged, with the bindings of the child that logged them; or the message when only one was given. */
  obj: object | string;
  /** The message: the second argument, or the first when it was a string. */
  msg: string;
}

export interface RecordingLogger extends Logger {
  lines: LogLine[];
  /** Every line as JSON, to search for what must never be logged. */
  text(): string;
}

export function createRecordingLogger(lines: LogLine[] = []): RecordingLogger {
  const make = (bindings: Record<string, unknown>): Logger => {
    const at =
      (level: LogLine['level']) =>
      (obj: object | string, msg?: string): void => {
        const fields = typeof obj === 'string' ? obj : { ...bindings, ...obj };
        lines.push({ level, obj: fields, msg: typeof obj === 'string' ? obj : (msg ?? '') });
      };
    return {
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return Object.assign(make({}), { lines, text: () => JSON.stringify(lines) });
}

/** A logger that drops every line, for tests that assert nothing about logs. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
