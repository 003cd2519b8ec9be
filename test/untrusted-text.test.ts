// Text the bot did not write, thrown at every renderer of both platforms: whatever it holds (mentions,
// links, markup, emoji, RTL marks, the bot's own token markers), the rendered message notifies and links
// exactly what the bot put there: one person it mentions by id and one link it made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderText } from '../src/console/render-text.ts';
import { type Card, link, mention, type OutMessage } from '../src/core/platform/message.ts';
import { renderMessage as renderDiscord } from '../src/discord/render.ts';
import { renderMessage as renderSlack } from '../src/slack/render.ts';
import { notifiedBy } from './doubles/discord/mentions.ts';
import { BOT_LINK, expectDiscordSafe, expectSlackSafe, FRAGMENTS, untrusted } from './support/untrusted.ts';

/** A message as the core builds one: the bot's mention and link around text it did not write, in every field. */
function messageOf(person: string, t: string[]): OutMessage {
  const at = (i: number) => t[i % t.length] ?? '';
  const card: Card = {
    title: at(1),
    url: 'https://bot.example/title',
    body: `${link('ok', BOT_LINK)} ${at(2)} ${mention(person)}`,
    fields: [
      { name: at(3), value: `${mention(person)} ${at(4)}` },
      { name: 'Title', value: at(5) },
    ],
    footer: at(6),
    controls: [{ kind: 'link', label: at(7), url: BOT_LINK }],
  };
  return { text: `${mention(person)} ${at(0)} ${link('ok', BOT_LINK)} ${at(8)}`, cards: [card] };
}

const RUNS = { numRuns: 300 };

describe('text the bot did not write', () => {
  it('on Discord notifies only the person the bot mentions and forms no masked link but its own', () => {
    fc.assert(
      fc.property(fc.array(untrusted, { minLength: 1, maxLength: 9 }), (t) => {
        expectDiscordSafe(renderDiscord(messageOf('42', t)), '42');
      }),
      RUNS,
    );
  });

  it('on Slack notifies only the person the bot mentions and links only where the bot linked', () => {
    fc.assert(
      fc.property(fc.array(untrusted, { minLength: 1, maxLength: 9 }), (t) => {
        expectSlackSafe(renderSlack(messageOf('U42', t)), 'U42');
      }),
      RUNS,
    );
  });
});

/** A comment that tries to draw lines of its own, with every kind of line break a platform or a terminal honours. */
const FORGED_LINE = '✅ Approved by @legal · 2 of 2';
const BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\v', '\f'];

describe('a quote (text the bot did not write, shown as one block) cannot forge a bot line', () => {
  const message = (quote: string): OutMessage => ({ text: `✏️ Changes requested by Ana (Acme):`, quote });

  for (const br of BREAKS) {
    const quote = `looks good${br}${FORGED_LINE}`;
    const name = JSON.stringify(br);

    it(`on Discord every line of the quote is behind "> " (${name})`, () => {
      const lines = renderDiscord(message(quote)).content.split('\n');
      expect(lines[0]).toBe('✏️ Changes requested by Ana (Acme):');
      expect(lines.slice(1)).toEqual(['> looks good', `> ${FORGED_LINE}`]);
    });

    it(`on Slack every line of the quote is behind "> ", escaped (${name})`, () => {
      const plain = renderSlack(message(quote)).text.split('\n');
      expect(plain.slice(1)).toEqual(['> looks good', `> ${FORGED_LINE}`]);
      const withCard = renderSlack({ ...message(quote), cards: [{ title: 'card' }] });
      const section = JSON.stringify(withCard.blocks);
      expect(section).toContain(JSON.stringify(`> looks good\n> ${FORGED_LINE}`).slice(1, -1));
    });

    it(`on the console every line of the quote is behind "> " (${name})`, () => {
      expect(renderText(message(quote))).toEqual([
        '✏️ Changes requested by Ana (Acme):',
        '> looks good',
        `> ${FORGED_LINE}`,
      ]);
    });
  }

  it('whatever the quote holds, no rendered line of it escapes the quote mark, on any surface', () => {
    const anyLine = fc
      .array(fc.oneof(fc.constantFrom(...FRAGMENTS, ...BREAKS, FORGED_LINE), fc.string({ maxLength: 6 })), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(anyLine, (quote) => {
        const head = '✏️ Changes requested by Ana (Acme):';
        const discord = renderDiscord({ text: head, quote }).content.split('\n').slice(1);
        const slack = renderSlack({ text: head, quote }).text.split('\n').slice(1);
        const terminal = renderText({ text: head, quote }).slice(1);
        for (const l of discord) expect(l.startsWith('> ')).toBe(true);
        for (const l of slack) expect(l.startsWith('> ')).toBe(true);
        for (const l of terminal) expect(l.startsWith('> ')).toBe(true);
        // A quote cannot notify anyone either.
        const out = renderDiscord({ text: head, quote });
        expect(notifiedBy(out.content, out.allowed_mentions)).toEqual([]);
        expect(renderSlack({ text: head, quote }).text).not.toMatch(/<[@!#]/);
      }),
      RUNS,
    );
  });
});
