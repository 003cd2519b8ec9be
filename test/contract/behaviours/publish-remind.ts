import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, type Seen, type Surface, sandboxPosts } from '../surface.ts';

const MINUTE = 60_000;
const reminder = /🔔 Reminder \d\/3/;

/** The reminders posted in a request's thread so far. */
export const remindersIn = async (s: Surface, card: string): Promise<Seen[]> =>
  (await s.thread(card)).filter((m) => reminder.test(m.text));

/** Whom a message pings: the platform's own record, or on the console (which notifies nobody) the names it shows. */
export const pings = (s: Surface, m: Seen): string[] =>
  s.name === 'console' ? [...m.text.matchAll(/@(\w+)/g)].map((x) => `user:${x[1]}`) : m.notifies;

export const behaviour: Behaviour = {
  name: 'publish: a request left alone is reminded once a remind wait later, pinging the approvers, and never after it is approved',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-remind');
    await s.command(`/setup remind=1m approvers=<@${s.idOf('admin')}>`, 'admin');
    await s.command(`/publish ${VIDEO} accounts=brand title="Waiting"`, 'member');
    const card = await requestCard(s);
    await quietFor(300);
    expect(await remindersIn(s, card)).toEqual([]);

    s.passTime(MINUTE + 1000);
    const [first] = await eventually(async () => {
      const seen = await remindersIn(s, card);
      return seen.length > 0 && seen;
    }, 'a reminder in the thread a minute later');
    expect(first?.text).toMatch(/needs 1 more approval · expires in 3 days/);
    expect(pings(s, first as Seen)).toEqual([`user:${s.idOf('admin')}`]);
    await quietFor(500);
    expect(await remindersIn(s, card)).toHaveLength(1);

    await s.click(card, 'Approve', 'admin');
    await eventually(async () => /Published/.test((await s.card(card)).text), 'the card showing Published');
    s.passTime(5 * MINUTE);
    await quietFor(500);
    expect(await remindersIn(s, card)).toHaveLength(1);
    expect((await sandboxPosts(s)).map((p) => p.title)).toEqual(['Waiting']);
  },
};
