// Text the bot did not write, as fast-check makes it (mentions, links, markup, emoji, RTL marks, the bot's own token
// markers), and what a rendered message may then notify and link: shared by the renderers' test and the same test
// run in every language (test/i18n/untrusted-languages.test.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import type { renderMessage as renderDiscord } from '../../src/discord/render.ts';
import type { renderMessage as renderSlack } from '../../src/slack/render.ts';
import { notifiedBy } from '../doubles/discord/mentions.ts';

export const FRAGMENTS = [
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

export const untrusted = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join(''));

export const BOT_LINK = 'https://bot.example/ok';

/** Discord: only the person the bot mentions is notified, and every masked link is the bot's. */
export function expectDiscordSafe(out: ReturnType<typeof renderDiscord>, person: string): void {
  expect(out.allowed_mentions).toEqual({ parse: [], users: [person], roles: [] });
  // By Discord's own rules, and as if allowed_mentions were lost (an edit without it parses everything).
  expect(notifiedBy(out.content, out.allowed_mentions)).toEqual([`user:${person}`]);
  expect(notifiedBy(out.content, undefined)).toEqual([`user:${person}`]);
  const live = [
    out.content,
    ...out.embeds.flatMap((e) => [e.description ?? '', ...(e.fields ?? []).map((f) => f.value)]),
  ];
  for (const text of live) {
    // Every `](` opens a masked link: each one must be the bot's.
    for (const m of text.matchAll(/\]\(/g)) expect(text.slice(m.index + 2)).toMatch(/^https:\/\/bot\.example\//);
  }
}

/** Slack: every `<…>` in mrkdwn is the person the bot mentions or a link the bot made. */
export function expectSlackSafe(out: ReturnType<typeof renderSlack>, person: string): void {
  const mrkdwn = [
    out.text,
    ...JSON.stringify(out.blocks ?? []).matchAll(/"type":"mrkdwn","text":("(?:[^"\\]|\\.)*")/g),
  ].map((m) => (typeof m === 'string' ? m : (JSON.parse(m[1] ?? '""') as string)));
  for (const text of mrkdwn) {
    // Slack reads every <…> as a mention, a special mention or a link.
    for (const m of text.matchAll(/<([^>]*)>?/g)) {
      expect([`@${person}`, `${BOT_LINK}|ok`, 'https://bot.example/title|*']).toContain(
        m[1]?.startsWith('https://bot.example/title|') ? 'https://bot.example/title|*' : m[1],
      );
    }
  }
}
