import { describe, expect, it } from 'vitest';
import { COMMANDS, LOOKUP_HELP } from '../../../src/core/app/commands.ts';
import { HELP_CARD_MAX, renderHelp } from '../../../src/core/commands/help.ts';
import type { CommandSpec } from '../../../src/core/commands/spec.ts';
import { DEFAULT_SOURCES } from '../../../src/core/commands/validate.ts';
import { CLIP } from '../../../src/core/jobs/table.ts';
import type { OutMessage } from '../../../src/core/platform/message.ts';

const everything = (message: OutMessage): string =>
  [message.text, ...(message.cards ?? []).flatMap((c) => [c.title, c.body, c.footer])].join('\n');

/** Slack section text ≤ 3000, Discord embed description ≤ 4096. */
const expectWithinPlatformLimits = (message: OutMessage): void => {
  for (const card of message.cards ?? []) expect(card.body?.length ?? 0).toBeLessThanOrEqual(HELP_CARD_MAX);
};

describe('/help without a command', () => {
  it('lists every command with its description, one line each', () => {
    const message = renderHelp(COMMANDS);
    const body = message.cards?.[0]?.body ?? '';
    expect(body.split('\n')).toHaveLength(COMMANDS.length);
    for (const command of COMMANDS) expect(body).toContain(`\`/${command.name}\` — ${command.description}`);
    expect(message.text).toContain('`/help clip` (or any command)');
  });

  it('says which commands are only for people who may configure the bot', () => {
    const body = renderHelp(COMMANDS).cards?.[0]?.body ?? '';
    expect(body).toMatch(/`\/setup` — .*for people who may configure the bot/);
    expect(body).not.toMatch(/`\/clip` — .*configure/);
  });
});

describe('/help with a command', () => {
  it('shows the usage of /clip and every one of its options', () => {
    const text = everything(renderHelp(COMMANDS, 'clip'));
    expect(text).toContain(CLIP.usage);
    for (const option of CLIP.options) expect(text).toContain(`• \`${option.name}\``);
  });

  it('describes types, ranges, choices, aliases and flags', () => {
    const text = everything(renderHelp(COMMANDS, 'clip'));
    expect(text).toContain('• `reels` — How many clips to make. Whole number 1–10.');
    expect(text).toContain('• `music_volume` — Music volume, 0.0 to 1.0 (default 0.5). Number 0–1.');
    expect(text).toContain('One of: `bottom-center`, `top-center`, `middle-center`');
    expect(text).toContain('• `language` (also `lang`)');
    expect(text).toContain('• `hook` — Add an attention hook at the start. Flag: `hook` turns it on.');
    expect(text).toMatch(/• `url` — .*\*\*required\*\*; may be written without `url=`/);
  });

  it('lists the values of large sets, so "see /help clip" in an error leads somewhere', () => {
    const text = everything(renderHelp(COMMANDS, 'clip'));
    expect(text).toContain('`chinese (mandarin, simplified)`');
    expect(text).toContain('`marineShift`');
  });

  it('points voices to /voices, described by the voices feature itself, and says "voice name or id" once', () => {
    for (const command of ['tts', 'ttv']) {
      const help = everything(renderHelp(COMMANDS, command, DEFAULT_SOURCES, LOOKUP_HELP));
      const line = help.split('\n').find((l) => l.startsWith('• `voice`'));
      expect(line).toMatch(/^• `voice` — Voice name or id \(see \/voices\)\.( \*\*required\*\*)?[.;]?/);
      expect(help.match(/name or id/gi)).toHaveLength(1);
    }
    // /setup's voice option says what it is for; /help adds where to find one, from the voices feature's lookup.
    expect(everything(renderHelp(COMMANDS, 'setup', DEFAULT_SOURCES, LOOKUP_HELP))).toContain(
      'Default voice for /tts and /ttv (none clears it). A voice name or id (see /voices)',
    );
  });

  it('gives tips on quoting, flags and the Slack form', () => {
    const text = everything(renderHelp(COMMANDS, 'clip'));
    expect(text).toContain('Quote a value with spaces');
    expect(text).toContain('`hook=false` turns it off');
    expect(text).toContain('run `/clip` with no text to get a form');
  });

  it('marks the rest-of-text option of /tts', () => {
    expect(everything(renderHelp(COMMANDS, 'tts'))).toContain('the rest of the text, no `text=` needed');
  });

  it('accepts the name with a slash and in any case', () => {
    expect(renderHelp(COMMANDS, '/CLIP').text).toBe(`/clip — ${CLIP.description}`);
  });

  it('renders every command within the platform limits', () => {
    for (const command of COMMANDS) {
      const message = renderHelp(COMMANDS, command.name);
      expect(message.cards?.length).toBeGreaterThan(0);
      expectWithinPlatformLimits(message);
    }
  });

  it('splits a long help over several cards rather than cutting it', () => {
    const many: CommandSpec = {
      name: 'big',
      description: 'A command with many options',
      usage: '/big',
      options: Array.from({ length: 60 }, (_, i) => ({
        name: `option_${i}`,
        description: 'x'.repeat(100),
        type: 'string' as const,
      })),
    };
    const message = renderHelp([many], 'big');
    expect(message.cards?.length).toBeGreaterThan(1);
    expect(message.cards?.[1]?.title).toBe('/big (continued)');
    expectWithinPlatformLimits(message);
    for (let i = 0; i < 60; i++) expect(everything(message)).toContain(`\`option_${i}\``);
  });
});

describe('/help with an unknown command', () => {
  it('guesses the command and shows the overview', () => {
    const message = renderHelp(COMMANDS, 'clp');
    expect(message.text).toMatch(/^no command 'clp' — did you mean clip/);
    for (const command of COMMANDS) expect(message.cards?.[0]?.body).toContain(`/${command.name}`);
  });

  it('still answers with the overview when nothing is close', () => {
    const message = renderHelp(COMMANDS, 'zzzzzz');
    expect(message.text).toBe("no command 'zzzzzz'. Here is what I can do:");
    expect(message.cards).toHaveLength(1);
  });
});
