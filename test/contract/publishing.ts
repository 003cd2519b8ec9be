// Steps the publishing behaviours share: a social account added by someone who may configure the bot,
// a request made by a member, and the request card found wherever the surface shows it.
import { eventually, type Person, type Seen, type Surface } from './surface.ts';

export const VIDEO = 'https://example.com/reel.mp4';

/** `/setup socials add` opens a private form for the access key. */
export async function addAccount(s: Surface, name: string, platform: string, accessKey: string): Promise<void> {
  await s.command(`/setup socials add ${name} platform=${platform}`, 'admin');
  await s.submitForm({ access_key: accessKey }, 'admin');
  await eventually(
    async () => (await s.privateTo('admin')).some((m) => m.text.includes(name) && /saved|added/i.test(m.text)),
    `the account ${name} saved`,
  );
}

/** The thread whose card is the newest publish request card. */
export async function requestCard(s: Surface): Promise<string> {
  return eventually(async () => {
    for (const t of (await s.threads()).reverse())
      if (/Publish/.test((await s.card(t)).text) && (await s.card(t)).buttons.length > 0) return t;
    return undefined;
  }, 'a publish request card');
}

/** Everything anyone saw: the channel and each person's private answers. */
export async function allSeen(s: Surface, people: Person[] = ['member', 'admin']): Promise<Seen[]> {
  const threads = await s.threads();
  const cards = await Promise.all(threads.map((t) => s.card(t)));
  const privately = await Promise.all(people.map((p) => s.privateTo(p)));
  return [...(await s.everyone()), ...cards, ...privately.flat()];
}
