import { describe, expect, it } from 'vitest';
import { createIdFactory, idTimestampSeconds } from '../../src/sandbox/ids.ts';

describe('ObjectId-style ids', () => {
  it('are 24 hex digits whose first 8 are the creation time in seconds', () => {
    const at = Date.UTC(2030, 4, 1, 12, 0, 0, 789);
    const id = createIdFactory(() => at).next();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(idTimestampSeconds(id)).toBe(Math.floor(at / 1000));
  });

  it('never repeat, even within one second', () => {
    const ids = createIdFactory(() => 0);
    const many = Array.from({ length: 5000 }, () => ids.next());
    expect(new Set(many).size).toBe(5000);
  });
});
