// Publishing in a channel's language (issue 44), through the real console adapter: a channel set to French with
// `/setup locale=fr` gets its publish request card, its reminder and its schedule line in French, while the people
// at a German terminal (LANG=de_DE.UTF-8) read their own answers, such as /scheduled, in German.
import { afterEach, describe, expect, it } from 'vitest';
import { startConsoleSurface } from '../contract/console-surface.ts';
import { VIDEO } from '../contract/publishing.ts';
import { eventually, type Person, type Surface } from '../contract/surface.ts';

let open: Surface | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** Types `line` as `who`, then waits until a new private line says `expected`; returns what was new. */
async function ask(s: Surface, line: string, expected: string, who: Person = 'admin'): Promise<string> {
  const before = new Set((await s.privateTo(who)).map((m) => m.text));
  const fresh = async () => (await s.privateTo(who)).filter((m) => !before.has(m.text)).map((m) => m.text);
  await s.command(line, who);
  await eventually(async () => (await fresh()).some((t) => t.includes(expected)), `an answer to ${line}`);
  return (await fresh()).join('\n');
}

/** The newest thread line saying `expected`. */
const lineIn = (s: Surface, thread: string, expected: string) =>
  eventually(
    async () => (await s.thread(thread)).find((m) => m.text.includes(expected)),
    `a line saying “${expected}” in the request's thread`,
  );

describe('a channel set to French with /setup locale=fr, at a German terminal', () => {
  it('gets the publish request card, a reminder and the schedule line in French; /scheduled answers in German', async () => {
    const s = await startConsoleSurface({ locale: 'de_DE.UTF-8' });
    open = s;
    await ask(s, '/setup locale=fr', 'Français');
    await s.command('/setup socials add brand platform=youtube', 'admin');
    await s.submitForm({ access_key: 'contract-key-fr' }, 'admin');
    await eventually(async () => (await s.privateTo('admin')).some((m) => m.text.includes('brand')), 'brand saved');
    await s.command('/setup remind=1m', 'admin');

    await s.command(`/publish ${VIDEO} accounts=brand title="Lancement d'été" schedule="in 2 hours"`, 'member');
    const thread = await eventually(async () => {
      for (const t of await s.threads()) if ((await s.card(t)).text.includes('Demande de publication')) return t;
      return undefined;
    }, 'the request card, in French');
    const waiting = await s.card(thread);
    expect(waiting.text).toContain('📝 Demande de publication — en attente d’approbation');
    expect(waiting.text).toContain("Lancement d'été");
    expect(waiting.text).toContain('Demandée par');
    expect(waiting.text).toContain('nécessite 1 approbation (0/1)');
    expect(waiting.buttons).toEqual(expect.arrayContaining(['Approuver', 'Demander des modifications', 'Annuler']));
    expect(waiting.text).not.toMatch(/Publish request|Requested by|Approval/);

    s.passTime(61_000);
    const reminder = await lineIn(s, thread, '🔔 Rappel 1/3 : cette demande nécessite encore 1 approbation');
    expect(reminder.text).toContain('Tout le monde sauf la personne qui l’a faite peut l’approuver.');

    await s.click(thread, 'Approuver', 'admin');
    const scheduled = await lineIn(s, thread, '🗓️ Approuvée : elle sera publiée le ');
    // French dates: "1 déc. 2026, 11:00 UTC", not the English "2026-12-01 11:00 UTC".
    expect(scheduled.text).toMatch(/le \d{1,2} [a-zéû]+\.? \d{4}, \d{2}:\d{2} UTC/);
    await eventually(
      async () => (await s.card(thread)).text.includes('🗓️ Demande de publication — approuvée, programmée'),
      'the card saying it is scheduled, in French',
    );

    // The requester's own answer follows their terminal's language, not the channel's.
    const list = await ask(s, '/scheduled', 'Noch nicht veröffentlicht', 'member');
    expect(list).toContain("Lancement d'été");
    expect(list).toContain('freigegeben, wartet auf seinen Zeitpunkt');
    expect(list).not.toContain('Demande de publication');
  });
});
