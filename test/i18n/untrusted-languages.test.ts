// The injection tests of test/untrusted-text.test.ts, run in every language on what is translated: text a person
// typed, echoed inside a translated refusal or /help, is escaped exactly as in English: it notifies nobody and
// links nowhere on Discord or Slack.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { COMMANDS, MESSAGES } from '../../src/core/app/commands.ts';
import { renderHelp } from '../../src/core/commands/help.ts';
import { DEFAULT_SOURCES, validateOptions } from '../../src/core/commands/validate.ts';
import { createCatalogue, type Translator } from '../../src/core/i18n/catalogue.ts';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../src/core/i18n/locales.ts';
import type { Job } from '../../src/core/jobs/model.ts';
import { renderFailure, renderResult } from '../../src/core/jobs/render.ts';
import { link, mention, type OutMessage } from '../../src/core/platform/message.ts';
import { renderMessage as renderDiscord } from '../../src/discord/render.ts';
import { renderMessage as renderSlack } from '../../src/slack/render.ts';
import { BOT_LINK, expectDiscordSafe, expectSlackSafe, untrusted } from '../support/untrusted.ts';

const catalogue = createCatalogue(MESSAGES);
const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
function command(name: string) {
  const spec = COMMANDS.find((c) => c.name === name);
  if (!spec) throw new Error(`the table lost /${name}`);
  return spec;
}
const clip = command('clip');
const setup = command('setup');

/** Every translated answer that repeats what was typed, with `u` typed. */
function answersWith(t: Translator, u: string): string[] {
  const refused = validateOptions(clip, { url: u, reels: u, language: u, [u || 'x']: u }, DEFAULT_SOURCES, t);
  const setupRefused = validateOptions(setup, { template: u, force: u }, DEFAULT_SOURCES, t);
  const help = renderHelp(COMMANDS, u || 'x', DEFAULT_SOURCES, {}, t);
  return [
    refused.ok ? '' : refused.error,
    setupRefused.ok ? '' : setupRefused.error,
    help.text,
    t.t('bot.unknown_command', { name: u }),
    t.t('setup.locale_unknown', { value: u, languages: 'en, de' }),
    t.t('parse.unexpected_word', { word: u, how: '', options: '' }),
  ];
}

/** As the bot sends an answer: its own mention and link around it, in the text and in a card. */
const messageOf = (person: string, answer: string): OutMessage => ({
  text: `${mention(person)} ${answer} ${link('ok', BOT_LINK)}`,
  cards: [{ title: 'x', body: `${answer} ${mention(person)}`, fields: [{ name: 'x', value: answer }] }],
});

describe.each(LOCALES)('typed text inside a translated answer, in %s', (locale) => {
  const t = catalogue.translator(locale);

  it('notifies nobody and links nowhere on Discord', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        for (const answer of answersWith(t, u)) expectDiscordSafe(renderDiscord(messageOf('42', answer)), '42');
      }),
      { numRuns: 60 },
    );
  });

  it('notifies nobody and links nowhere on Slack', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        for (const answer of answersWith(t, u)) expectSlackSafe(renderSlack(messageOf('U42', answer)), 'U42');
      }),
      { numRuns: 60 },
    );
  });
});

/** A job whose summary, error and result titles and captions are typed text, posted in `locale`'s channel. */
function jobMessages(locale: string, u: string): OutMessage[] {
  const job: Job = {
    id: 'j1',
    kind: 'clip',
    state: 'running',
    channelKey: 'discord:g:c',
    origin: { platform: 'discord', workspaceId: 'g', channelId: 'c', userId: '42' },
    summary: u,
    locale,
    requests: [{}],
    projectIds: ['p1'],
    createdAt: 0,
    updatedAt: 0,
  };
  // The output's own link is where the bot links a title (the renderers' rule), so it is the allowed one.
  const out = {
    videoUrl: 'https://bot.example/title',
    info: { title: u, caption: u, tags: [u], suitablePlatforms: [u] },
  };
  return [renderResult(job, [out], { index: 0, total: 1, projectId: 'p1' }), renderFailure(job, u)];
}

describe.each(LOCALES)('typed text inside a job’s public messages, in %s', (locale) => {
  it('notifies only the person who asked and links nowhere, on Discord and Slack', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        for (const m of jobMessages(locale, u)) {
          expectDiscordSafe(renderDiscord(m), '42');
          expectSlackSafe(renderSlack({ ...m, text: m.text.replace(mention('42'), mention('U42')) }), 'U42');
        }
      }),
      { numRuns: 40 },
    );
  });
});
