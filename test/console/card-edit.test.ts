import { describe, expect, it } from 'vitest';
import { createConsoleAdapter } from '../../src/console/adapter.ts';
import type { Bot } from '../../src/core/platform/interaction.ts';
import type { ThreadRef } from '../../src/core/ports.ts';
import { silentLogger } from '../support/recording-logger.ts';

// Issue 43: like Slack's and Discord's, the console's card edits ask the store right before they are printed,
// a final state included, so a request card never steps back ("Publishing…" after another console on the same
// Redis printed "Published").

const thread: ThreadRef = {
  platform: 'console',
  workspaceId: 'local',
  channelId: 'local',
  threadId: '1',
  cardMessageId: '1',
};

describe("a console card's edit", () => {
  it('is not printed when the store says it is no longer due, final or not', async () => {
    const printed: string[] = [];
    const adapter = createConsoleAdapter({
      bot: {} as Bot,
      logger: silentLogger,
      write: (text) => printed.push(text),
      pendingJobs: async () => 0,
    });
    expect(await adapter.chatPort.updateCard(thread, { text: '✅ Published' }, 'final', async () => true)).toBe(true);
    expect(await adapter.chatPort.updateCard(thread, { text: '⏳ Publishing…' }, 'final', async () => false)).toBe(
      false,
    );
    expect(await adapter.chatPort.updateCard(thread, { text: '⏳ Working' }, 'change', async () => false)).toBe(false);
    // A question the store cannot answer lets the edit go.
    expect(
      await adapter.chatPort.updateCard(thread, { text: '✅ Published.' }, 'final', () =>
        Promise.reject(new Error('away')),
      ),
    ).toBe(true);
    expect(printed.join('')).toContain('Published');
    expect(printed.join('')).not.toContain('Publishing');
    expect(printed.join('')).not.toContain('Working');
  });
});
