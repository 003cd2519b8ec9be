import { expect } from 'vitest';
import { addAccount, requestCard, VIDEO } from '../publishing.ts';
import { type Behaviour, eventually } from '../surface.ts';

// A reviewer's comment is text the bot did not write: with a line break it must not draw a line that reads as
// the bot's own ("✅ Approved by …"). The thread shows it as one quoted block, every line behind the quote mark.

const LINK = /https?:\/\/[^\s<>|]+\/review\/[A-Za-z0-9_-]{43}/;
const FORGED = '✅ Approved by @legal · 2 of 2';
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

export const behaviour: Behaviour = {
  name: 'publish: a reviewer’s comment with line breaks is one quoted block, never a line that looks like the bot’s',
  typedElsewhere: ['looks good', FORGED],
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-quoted');
    await s.command(`/publish ${VIDEO} accounts=brand title="Quoted"`, 'member');
    const card = await requestCard(s);
    await s.click(card, 'Invite reviewer', 'member');
    await s.submitForm({ name: 'Ana (Acme)' }, 'member');
    const link = await eventually(async () => {
      for (const m of await s.privateTo('member')) {
        const found = LINK.exec(m.text)?.[0];
        if (found) return found;
      }
      return undefined;
    }, 'the review link');
    const page = await (await fetch(link)).text();
    const res = await fetch(link, {
      method: 'POST',
      body: new URLSearchParams({
        form_token: hidden(page, 'form_token'),
        version: hidden(page, 'version'),
        decision: 'changes',
        comment: `looks good\n${FORGED}`,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    s.passTime(5_000);
    const said = await eventually(
      async () => (await s.thread(card)).find((m) => m.text.includes('Changes requested by Ana (Acme)')),
      'the change request in the thread',
    );
    const lines = said.text.split('\n');
    const forged = lines.filter((l) => l.includes('Approved by @legal'));
    expect(forged).toHaveLength(1);
    // Behind the quote mark (Discord and the console "> ", Slack's mrkdwn ">"), after any prefix the surface prints.
    expect(forged[0]).toMatch(/^(\s*└ \[#\d+\] )?> ✅ Approved by @legal · 2 of 2$/);
    expect(lines.find((l) => l.includes('looks good'))).toMatch(/> looks good$/);
    // Nothing anyone sees starts a line with the forged text.
    for (const m of [...(await s.thread(card)), await s.card(card)])
      for (const l of m.text.split('\n')) expect(l.trimStart().startsWith('✅ Approved by @legal')).toBe(false);
  },
};
