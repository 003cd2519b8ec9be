import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { segments } from '../../src/core/platform/message.ts';
import { type Harness, startHarness } from '../support/harness.ts';

// `npm start` against the built-in sandbox, stopped and started again with the same store: the voice
// list's sample links must still open (the sandbox listens on a new port each run), and the list comes from
// the store, not from a media API request of the hour's budget.

const dir = mkdtempSync(join(tmpdir(), 'reelbot-samples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function firstSampleLink(h: Harness): Promise<string> {
  await h.command('/voices Jenny');
  const body = h.chat.ephemerals().at(-1)?.message.cards?.[0]?.body ?? '';
  const url = segments(body).find((p) => p.kind === 'link' && p.label === '▶ sample');
  if (url?.kind !== 'link') throw new Error(`no sample link in: ${body}`);
  return url.url;
}

/** The media API requests this process made for the voice list, as /metrics counts them. */
async function voiceListRequests(h: Harness): Promise<number> {
  const { body } = await h.app.request('GET', '/metrics');
  const line = body
    .split('\n')
    .find((l) => l.startsWith('reelbot_media_api_calls_total{route="GET /constants/voices"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('voice sample links of the sandbox', () => {
  it('still open after a restart with the same store', async () => {
    const first = await startHarness({}, { dir });
    const before = await firstSampleLink(first);
    expect((await fetch(before)).status).toBe(200);
    expect(await voiceListRequests(first)).toBe(1);
    await first.close();

    const second = await startHarness({}, { dir });
    try {
      const after = await firstSampleLink(second);
      const res = await fetch(after);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/audio/);
      // A restart costs no request: the copy the first start stored is fresh.
      expect(await voiceListRequests(second)).toBe(0);
    } finally {
      await second.close();
    }
  });
});
