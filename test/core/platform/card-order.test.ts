import { describe, expect, it } from 'vitest';
import { createCardLanes, createEndedCards } from '../../../src/core/platform/card-order.ts';

/** An edit whose answer comes when the test says. */
function answeredLater() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return { answer, send: () => answered };
}

describe('the edits of one card', () => {
  it('go one at a time, a waiting change giving way to the newer edits of its card', async () => {
    const lanes = createCardLanes();
    const sent: string[] = [];
    const first = answeredLater();
    const working = lanes.edit('card', 'change', async () => {
      sent.push('working');
      await first.send();
    });
    const oneMinute = lanes.edit('card', 'progress', async () => void sent.push('1 min'));
    const twoMinutes = lanes.edit('card', 'progress', async () => void sent.push('2 min'));
    const done = lanes.edit('card', 'final', async () => void sent.push('done'));
    const other = lanes.edit('other card', 'change', async () => void sent.push('other card working'));
    expect(await other).toBe(true);
    expect(sent).toEqual(['working', 'other card working']);
    first.answer();
    expect(await Promise.all([working, oneMinute, twoMinutes, done])).toEqual([true, false, false, true]);
    expect(sent).toEqual(['working', 'other card working', 'done']);
  });

  it('keep every final state, in order, and send no change after one', async () => {
    const lanes = createCardLanes();
    const sent: string[] = [];
    const first = answeredLater();
    const publishing = lanes.edit('card', 'final', async () => {
      sent.push('publishing');
      await first.send();
    });
    const published = lanes.edit('card', 'final', async () => void sent.push('published'));
    const late = lanes.edit('card', 'change', async () => void sent.push('working'));
    first.answer();
    expect(await Promise.all([publishing, published, late])).toEqual([true, true, false]);
    expect(await lanes.edit('card', 'progress', async () => void sent.push('1 min'))).toBe(false);
    expect(sent).toEqual(['publishing', 'published']);
  });

  it('go on after one of them failed', async () => {
    const lanes = createCardLanes();
    const failed = lanes.edit('card', 'change', async () => Promise.reject(new Error('unknown message')));
    const done = lanes.edit('card', 'final', async () => undefined);
    await expect(failed).rejects.toThrow('unknown message');
    expect(await done).toBe(true);
  });
});

describe('the cards given a final state', () => {
  it('are remembered up to a bound, the least recently ended forgotten first', () => {
    const ended = createEndedCards(2);
    ended.add('a');
    ended.add('b');
    ended.add('a');
    ended.add('c');
    expect(['a', 'b', 'c'].filter((card) => ended.has(card))).toEqual(['a', 'c']);
  });
});
