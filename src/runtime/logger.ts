// The process logger: pino, JSON lines in production and pino-pretty in a terminal. Secrets are kept
// out twice: pino redacts the fields that hold them, and every finished line is scrubbed again for
// secret-shaped text (webhook tokens, Slack and Discord tokens, known keys) wherever it ended up —
// deeper than the redact paths reach, in error messages and causes, in the message itself.

import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import pino, { type DestinationStream } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Logger } from '../core/ports.ts';

/** Loaded only for a terminal, the one reader of pretty lines, so production never pays pino-pretty's memory. */
const loadPretty = (): typeof PinoPretty => createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;

export interface LoggerOptions {
  /** A pino level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Human-readable lines (a terminal outside production); JSON otherwise. */
  pretty: boolean;
  /** Where lines go; stdout when omitted. */
  destination?: DestinationStream;
  /** Exact values never to print (the team API key, platform tokens, the encryption key). */
  secrets?: readonly string[];
}

const CENSOR = '[Redacted]';

/** Field names whose values are secrets wherever they appear. */
const SECRET_FIELDS = [
  'apiKey',
  'api_key',
  'x-api-key',
  'apiAccessKeys',
  'defaultKey',
  'token',
  'botToken',
  'appToken',
  'signingSecret',
  'authorization',
  'encryptionKey',
  'password',
  'secret',
] as const;

/** pino redact paths: each field at the top and up to three levels down (the redactor has no `**`). */
export const REDACT_PATHS: string[] = SECRET_FIELDS.flatMap((field) => {
  const plain = /^[A-Za-z_$][\w$]*$/.test(field);
  const leaf = plain ? field : `["${field}"]`;
  const under = (prefix: string) => (plain ? `${prefix}.${field}` : `${prefix}${leaf}`);
  return [leaf, under('*'), under('*.*'), under('*.*.*')];
});

export function createLogger(options: LoggerOptions): Logger {
  const sink: DestinationStream = options.pretty
    ? loadPretty()({
        // pino-pretty pipes into a Node stream; a bare `{ write }` destination is adapted to one.
        destination: options.destination ? asWritable(options.destination) : 1,
        colorize: isTerminal(options.destination ?? process.stdout),
        sync: true,
      })
    : (options.destination ?? pino.destination({ dest: 1, sync: true }));
  const instance = pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      // pino serialises Errors only under `err`; `error` and `cause` are common enough to cover too.
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err, cause: pino.stdSerializers.err },
    },
    scrubbingStream(sink, options.secrets ?? []),
  );
  return instance;
}

function isTerminal(target: object): boolean {
  return 'isTTY' in target && target.isTTY === true;
}

function asWritable(destination: DestinationStream): Writable {
  if (destination instanceof Writable) return destination;
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      destination.write(chunk.toString());
      done();
    },
  });
}

/** Every line passes through `scrubSecrets` before it reaches the sink. */
function scrubbingStream(sink: DestinationStream, secrets: readonly string[]): DestinationStream {
  return { write: (line: string) => sink.write(scrubSecrets(line, secrets)) };
}

/** Shorter "secrets" would blank out ordinary words. */
const MIN_KNOWN_SECRET_LENGTH = 8;

const FIELD_NAMES = SECRET_FIELDS.map((f) => f.replace(/[-]/g, '\\-')).join('|');
/** `"apiKey":"..."` or `"apiAccessKeys":[...]` at any depth of a JSON line. */
const JSON_FIELD = new RegExp(`"(${FIELD_NAMES})":("(?:[^"\\\\]|\\\\.)*"|\\[[^\\]]*\\])`, 'gi');
/** The per-job token in the bot's webhook URLs: whoever holds it can post a fake result. */
const WEBHOOK_TOKEN = /(\/webhooks\/media\/)[^/?#"'\s\\]+/g;
/** Slack tokens: bot (xoxb), user (xoxp), app-level (xapp) and the other xox* kinds. */
const SLACK_TOKEN = /\b(?:xox[abposer]|xapp)-[A-Za-z0-9-]+/g;
/** Discord bot tokens: base64 user id, timestamp and HMAC joined by dots. */
const DISCORD_TOKEN = /\b[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,45}\b/g;
/** Credentials in an Authorization header written out as text. */
const AUTH_SCHEME = /\b(Bearer|Bot|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;

/**
 * Masks secret-shaped text: known values, secret JSON fields, webhook tokens, Slack and Discord
 * tokens. Safe to call on any string (a log line, an error message).
 */
export function scrubSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const secret of known) {
    if (secret.length < MIN_KNOWN_SECRET_LENGTH) continue;
    out = out.split(secret).join(CENSOR);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.split(escaped).join(CENSOR);
  }
  return out
    .replace(JSON_FIELD, (_m, name: string) => `"${name}":"${CENSOR}"`)
    .replace(WEBHOOK_TOKEN, '$1[redacted]')
    .replace(SLACK_TOKEN, CENSOR)
    .replace(DISCORD_TOKEN, CENSOR)
    .replace(AUTH_SCHEME, `$1 ${CENSOR}`);
}

const URL_USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i;
const SECRET_QUERY = /([?&](?:key|api_key|apikey|token|access_token|secret|signature|sig|password)=)[^&#]*/gi;

/**
 * A URL fit for a log line: credentials in the userinfo (redis://:password@host), secret-named query
 * parameters and webhook tokens masked.
 */
export function redactUrl(url: string): string {
  return scrubSecrets(
    url
      .replace(URL_USERINFO, (_m, scheme: string, userinfo: string) => {
        const colon = userinfo.indexOf(':');
        return colon === -1 ? `${scheme}[redacted]@` : `${scheme}${userinfo.slice(0, colon)}:[redacted]@`;
      })
      .replace(SECRET_QUERY, '$1[redacted]'),
  );
}
