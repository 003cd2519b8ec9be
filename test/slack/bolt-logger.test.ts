import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/runtime/logger.ts';
import { toBoltLogger } from '../../src/slack/bolt-logger.ts';

/** An API key as someone would type it into the /setup key form. */
const CANARY = 'sk-live-CANARY-9f8e7d6c5b4a';

/** The frame Slack sends when the /setup key form is submitted (trimmed to what matters). */
const submission = JSON.stringify({
  envelope_id: 'e1',
  type: 'interactive',
  payload: {
    type: 'view_submission',
    view: {
      callback_id: 'setup_key',
      state: { values: { key: { key: { type: 'plain_text_input', value: CANARY } } } },
    },
  },
});

function debugLog() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    pretty: false,
    destination: { write: (l: string) => void lines.push(l) },
  });
  return { bolt: toBoltLogger(logger), output: () => lines.join('') };
}

describe('the Bolt logger at LOG_LEVEL=debug', () => {
  it('never passes on the raw Socket Mode frame of a submitted form', () => {
    const { bolt, output } = debugLog();
    bolt.debug(`Received a message on the WebSocket: ${submission}`);
    bolt.debug(`Unable to parse an incoming WebSocket message (will ignore): SyntaxError, ${submission}`);
    bolt.debug(`Sending a WebSocket message: ${submission}`);
    expect(output()).not.toContain(CANARY);
    expect(output()).toContain('Received a message on the WebSocket (payload not logged)');
  });

  it('never passes on a request body logged whole (developer mode)', () => {
    const { bolt, output } = debugLog();
    bolt.debug(submission);
    bolt.debug(JSON.parse(submission));
    expect(output()).not.toContain(CANARY);
  });

  it('masks form values inside the lines it does pass on, plain or escaped', () => {
    const { bolt, output } = debugLog();
    bolt.warn(`listener failed on ${submission}`);
    bolt.error(`an error quoting ${JSON.stringify(submission)}`);
    bolt.info('value with a "quote":', { value: `${CANARY}"\\` });
    expect(output()).not.toContain(CANARY);
    expect(output()).not.toContain('CANARY');
    expect(output()).toContain('listener failed on');
  });

  it('keeps ordinary lines as they are', () => {
    const { bolt, output } = debugLog();
    bolt.info('Now connected to Slack');
    expect(output()).toContain('Now connected to Slack');
  });
});
