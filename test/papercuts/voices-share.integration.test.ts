import { afterEach, describe, expect, it } from 'vitest';
import { mention, type OutMessage } from '../../src/core/platform/message.ts';
import { origin, runPrepared, startTestBot, type TestBot } from '../support/bot.ts';

// Voice lists are private to whoever asked; Share posts the page (or the one voice, with its sample)
// where the channel sees it, so a team can pick a voice together.

let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const shareId = (m: OutMessage | undefined) => {
  const button = m?.cards?.[0]?.controls?.find((c) => c.kind === 'action' && /Share/.test(c.label));
  return button?.kind === 'action' ? button.id : undefined;
};

async function share(harness: TestBot, line: string): Promise<OutMessage[]> {
  await harness.command(line, { canConfigure: false });
  const list = harness.chat.ephemerals().at(-1)?.message;
  const id = shareId(list);
  expect(id).toBeDefined();
  const before = harness.chat.seen.length;
  const member = { ...origin, userId: 'bo' };
  const prepared = harness.bot.prepareAction({ actionId: id ?? '', origin: member, canConfigure: false });
  await runPrepared(prepared, harness.chat.reply(member));
  return harness.chat.seen
    .slice(before)
    .filter((s) => s.where === 'public')
    .map((s) => s.message);
}

describe('Share on a /voices page', () => {
  it('posts the page the member sees to the channel, saying who shared it', async () => {
    h = await startTestBot();
    await h.command('/voices language=french', { canConfigure: false });
    const page = h.chat.ephemerals().at(-1)?.message;
    const shared = await share(h, '/voices language=french');
    expect(shared).toHaveLength(1);
    expect(shared[0]?.text).toContain(`${mention('bo')} shared voices`);
    // The same voices as the private page, with their samples; no paging for the whole channel.
    expect(shared[0]?.cards?.[0]?.body).toBe(page?.cards?.[0]?.body);
    expect(shared[0]?.cards?.[0]?.body).toMatch(/▶ sample/);
    expect(shared[0]?.cards?.[0]?.controls?.some((c) => c.kind === 'action')).toBe(false);
  });

  it('shares one voice with its sample when the list shows one', async () => {
    h = await startTestBot();
    const shared = await share(h, '/voices Jenny language=en-US style=general');
    expect(shared[0]?.text).toMatch(/shared a voice/);
    expect(shared[0]?.cards?.[0]?.body).toMatch(/\*\*Jenny\*\*.*▶ sample/);
  });
});
