// Shared set-up for the media client tests: undici MockAgent with real network disabled, a fake clock
// that the injected sleep advances (no real waiting), and a real logger whose lines are kept.

import { MockAgent } from 'undici';
import { createMediaClient, type MediaCallEvent, type MediaClientOptions } from '../../../src/core/media/client.ts';
import { createLogger } from '../../../src/runtime/logger.ts';

/** A canary: if this ever shows up in a log line, a key leaked. */
export const KEY = 'qr_live_CANARY_7f3a9c1e5b2d4680';
export const ORIGIN = 'https://media.test';
export const BASE_URL = `${ORIGIN}/api/v2`;
export const PREFIX = '/api/v2';
export const PROJECT_ID = '65a1b2c3d4e5f60718293a4b';

export function fakeClock(start = Date.UTC(2025, 0, 1, 12)) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export function setup(overrides: Partial<MediaClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const api = agent.get(ORIGIN);
  const clock = fakeClock();
  const waits: number[] = [];
  const calls: (MediaCallEvent & { at: number })[] = [];
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    pretty: false,
    destination: {
      write: (line: string) => {
        lines.push(line);
      },
    },
  });
  const client = createMediaClient({
    baseUrl: BASE_URL,
    dispatcher: agent,
    logger,
    clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock.advance(ms);
    },
    random: () => 0.5,
    onCall: (e) => calls.push({ ...e, at: clock.now() }),
    ...overrides,
  });
  return {
    agent,
    api,
    clock,
    waits,
    calls,
    lines,
    client,
    async close() {
      await client.close();
      await agent.close();
    },
  };
}

export const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

/** The creation body the docs show. */
export const created = (projectId = PROJECT_ID) => ({
  status: 'created',
  message: 'project created successfully',
  projectId,
});

/** Catches the rejection of `p` so tests can inspect it. */
export async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
