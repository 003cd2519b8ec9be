import { expect } from 'vitest';
import { type Behaviour, eventually, quietFor } from '../surface.ts';

export const behaviour: Behaviour = {
  name: 'a bad URL is answered only to its author',
  async run(s) {
    await s.command('/clip notalink', 'member');
    const answer = await eventually(async () => (await s.privateTo('member')).at(-1), 'a private answer');
    expect(answer.text).toMatch(/notalink/);
    expect(answer.text).toMatch(/link/i);
    await quietFor(200);
    expect(await s.everyone()).toEqual([]);
    expect(await s.threads()).toEqual([]);
  },
};
