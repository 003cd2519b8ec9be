// Text the bot did not write, thrown at every renderer of both platforms: whatever it holds (mentions,
// links, markup, emoji, RTL marks, the bot's own token markers), the rendered message notifies and links
// exactly what the bot put there: one person it mentions by id and one link it made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, link, mention, type OutMessage } from '../src/core/platform/message.ts';
import { renderMessage as renderDiscord } from '../src/discord/render.ts';
import { renderMessage as renderSlack } from '../src/slack/render.ts';
import { notifiedBy } from './doubles/discord/mentions.ts';

const FRAGMENTS = [
  '<@U123>',
  '<@123456789012345678>',
  '<@!123456789012345678>',
  '<@&987654321098765432>',
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<!subteam^S0EDITORS|@editors>',
  '<#C0CHAN>',
  '</publish:1>',
  '@everyone',
  '@here',
  '[trusted](https://evil.example)',
  '[trusted](<https://evil.example>)',
  '<https://evil.example|trusted>',
  '<https://evil.example>',
  '[',
  ']',
  '(',
  ')',
  '](',
  '<',
  '>',
  '&',
  '&lt;',
  '|',
  '**',
  '_',
  '`',
  '\\',
  '👍🏽',
  '👨‍👩‍👧',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufdd0',
  '\ufdd1',
  ' ',
  '\n',
];

const untrusted = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join(''));

const BOT_LINK = 'https://bot.example/ok';

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
        const out = renderDiscord(messageOf('42', t));
        expect(out.allowed_mentions).toEqual({ parse: [], users: ['42'], roles: [] });
        // By Discord's own rules, and as if allowed_mentions were lost (an edit without it parses everything).
        expect(notifiedBy(out.content, out.allowed_mentions)).toEqual(['user:42']);
        expect(notifiedBy(out.content, undefined)).toEqual(['user:42']);
        const live = [
          out.content,
          ...out.embeds.flatMap((e) => [e.description ?? '', ...(e.fields ?? []).map((f) => f.value)]),
        ];
        for (const text of live) {
          // Every `](` opens a masked link: each one must be the bot's.
          for (const m of text.matchAll(/\]\(/g)) expect(text.slice(m.index + 2)).toMatch(/^https:\/\/bot\.example\//);
        }
      }),
      RUNS,
    );
  });

  it('on Slack notifies only the person the bot mentions and links only where the bot linked', () => {
    fc.assert(
      fc.property(fc.array(untrusted, { minLength: 1, maxLength: 9 }), (t) => {
        const out = renderSlack(messageOf('U42', t));
        const mrkdwn = [
          out.text,
          ...JSON.stringify(out.blocks ?? []).matchAll(/"type":"mrkdwn","text":("(?:[^"\\]|\\.)*")/g),
        ].map((m) => (typeof m === 'string' ? m : (JSON.parse(m[1] ?? '""') as string)));
        for (const text of mrkdwn) {
          // Slack reads every <…> as a mention, a special mention or a link.
          for (const m of text.matchAll(/<([^>]*)>?/g)) {
            expect(['@U42', `${BOT_LINK}|ok`, 'https://bot.example/title|*']).toContain(
              m[1]?.startsWith('https://bot.example/title|') ? 'https://bot.example/title|*' : m[1],
            );
          }
        }
      }),
      RUNS,
    );
  });
});
