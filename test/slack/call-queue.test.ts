// The order of one Slack method's waiting calls, without a bot, a clock or a server: what someone waits for goes
// first, one card's edits go one at a time, a waiting change gives way to a newer edit of its card, and nothing but
// a final state is queued once the card was given one.
import { describe, expect, it } from 'vitest';
import type { CardEdit } from '../../src/core/ports.ts';
import { createCallQueue, EDIT_PRIORITY, type QueuedCall } from '../../src/slack/call-queue.ts';

let seq = 0;
function call(name: string, edit?: { card: string; kind: CardEdit }): QueuedCall & { name: string } {
  return {
    name,
    method: 'chat.update',
    priority: edit ? EDIT_PRIORITY[edit.kind] : 0,
    seq: seq++,
    ...(edit ? { card: edit.card } : {}),
    skippable: edit !== undefined && edit.kind !== 'final',
    queuedAt: 0,
    counted: false,
    sentAt: 0,
    run: async () => undefined,
    done: () => undefined,
    skip: () => undefined,
    fail: () => undefined,
  };
}
const names = (calls: QueuedCall[]) => calls.map((c) => (c as { name?: string }).name);

describe('the calls of one method, waiting for their turn', () => {
  it('sends final states and answers first, then changes, then refreshes, each by arrival', () => {
    const q = createCallQueue();
    const order = [
      call('refresh A', { card: 'A', kind: 'progress' }),
      call('change B', { card: 'B', kind: 'change' }),
      call('answer'),
      call('final C', { card: 'C', kind: 'final' }),
    ];
    for (const c of order) q.add(c);
    const sent: QueuedCall[] = [];
    for (let next = q.next(); next; next = q.next()) {
      q.remove(next);
      sent.push(next);
    }
    expect(names(sent)).toEqual(['answer', 'final C', 'change B', 'refresh A']);
  });

  it('holds a card’s next edit while its edit before is on its way, and lets it go once answered', () => {
    const q = createCallQueue();
    const first = call('change A', { card: 'A', kind: 'change' });
    const final = call('final A', { card: 'A', kind: 'final' });
    const other = call('refresh B', { card: 'B', kind: 'progress' });
    q.add(first);
    q.remove(first);
    q.sending(first);
    q.add(final);
    q.add(other);
    expect(names([q.next() as QueuedCall])).toEqual(['refresh B']);
    expect(q.answered(first)).toBe(true);
    expect(names([q.next() as QueuedCall])).toEqual(['final A']);
  });

  it('replaces a waiting change or refresh with a newer edit of its card, never a final state', () => {
    const q = createCallQueue();
    const old = call('refresh A', { card: 'A', kind: 'progress' });
    q.add(old);
    const final = call('final A', { card: 'A', kind: 'final' });
    expect(names(q.add(final) as QueuedCall[])).toEqual(['refresh A']);
    expect(q.has(old)).toBe(false);
    expect(q.add(call('final A again', { card: 'A', kind: 'final' }))).toEqual([]);
    expect(q.size).toBe(2);
  });

  it('queues no change or refresh of a card after its final state, even once that was sent', () => {
    const q = createCallQueue();
    const final = call('final A', { card: 'A', kind: 'final' });
    q.add(final);
    q.remove(final);
    q.answered(final);
    expect(q.add(call('late change A', { card: 'A', kind: 'change' }))).toBe('not queued');
    expect(q.add(call('late refresh A', { card: 'A', kind: 'progress' }))).toBe('not queued');
    expect(q.size).toBe(0);
  });

  it('after a 429, puts a call back in line, unless it is a change with a newer edit of its card waiting', () => {
    const q = createCallQueue();
    const change = call('change A', { card: 'A', kind: 'change' });
    q.add(change);
    q.remove(change);
    q.sending(change);
    const final = call('final A', { card: 'A', kind: 'final' });
    q.add(final);
    expect(q.giveWay(change)).toBe(true);
    expect(q.has(change)).toBe(false);
    const answer = call('answer');
    q.add(answer);
    q.remove(answer);
    expect(q.giveWay(answer)).toBe(false);
    expect(names(q.takeAll())).toEqual(['final A', 'answer']);
    expect(q.size).toBe(0);
  });
});
