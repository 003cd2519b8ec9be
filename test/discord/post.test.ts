import { describe, expect, it } from 'vitest';
import { threadName } from '../../src/discord/post.ts';

describe('a job thread name', () => {
  it("is cut to Discord's 100 between characters, never through an emoji, and marked", () => {
    const name = threadName(`${'a'.repeat(98)}👍🏽 and more`);
    expect(name).toBe(`${'a'.repeat(98)}…`);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(threadName('Clip: **launch** 🚀')).toBe('Clip: launch 🚀');
  });
});
