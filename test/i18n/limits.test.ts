// Platform limits hold in the longest translation of what is translated: Discord's 100 characters per command and
// option description (before any cut: a cut description reads badly), 2,000 per message and 45 per form title;
// Slack's 3,000 per text block. /help is split over cards within the smaller limit in every language.
import { describe, expect, it } from 'vitest';
import { COMMANDS, MESSAGES } from '../../src/core/app/commands.ts';
import { describeCommand, describeOption } from '../../src/core/commands/describe.ts';
import { HELP_CARD_MAX, renderHelp } from '../../src/core/commands/help.ts';
import type { OptionSpec } from '../../src/core/commands/spec.ts';
import { DEFAULT_SOURCES, validateOptions } from '../../src/core/commands/validate.ts';
import { createCatalogue } from '../../src/core/i18n/catalogue.ts';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../src/core/i18n/locales.ts';
import type { Job } from '../../src/core/jobs/model.ts';
import { progressLine } from '../../src/core/jobs/progress.ts';
import { renderExpired, renderFailure, renderJobCard, renderResult } from '../../src/core/jobs/render.ts';
import type { Output } from '../../src/core/media/response-schemas.ts';
import type { OutMessage } from '../../src/core/platform/message.ts';

const catalogue = createCatalogue(MESSAGES);
const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
const DISCORD_MESSAGE = 2000;
const DISCORD_DESCRIPTION = 100;
const SLACK_SECTION = 3000;
const FORM_TITLE = 45;

/** A value no option takes, of the option's own kind, so every option of a command is refused at once. */
const wrong = (o: OptionSpec) =>
  o.type === 'boolean' ? 'maybe' : o.type === 'url' ? 'ftp://x' : 'x'.repeat((o.maxLength ?? 1) + 1);

function withinLimits(message: OutMessage) {
  expect(message.text.length).toBeLessThanOrEqual(DISCORD_MESSAGE);
  for (const card of message.cards ?? []) {
    expect((card.body ?? '').length).toBeLessThanOrEqual(Math.min(HELP_CARD_MAX, SLACK_SECTION));
    expect((card.title ?? '').length).toBeLessThanOrEqual(256);
  }
}

describe.each(LOCALES)('in %s', (locale) => {
  const t = catalogue.translator(locale);

  it('every command and option description fits Discord’s 100 characters uncut', () => {
    const long = COMMANDS.flatMap((c) => [
      describeCommand(t, c),
      ...c.options.map((o) => describeOption(t, c, o)),
    ]).filter((d) => d.length > DISCORD_DESCRIPTION);
    expect(long).toEqual([]);
  });

  it('/help and the help of every command fit a Discord message and a Slack text block, line by line', () => {
    withinLimits(renderHelp(COMMANDS, undefined, DEFAULT_SOURCES, {}, t));
    for (const c of COMMANDS) {
      const help = renderHelp(COMMANDS, c.name, DEFAULT_SOURCES, {}, t);
      withinLimits(help);
      // No line was cut to fit (the cut marks it with …, which no help line ends with otherwise).
      for (const card of help.cards ?? []) expect(card.body?.split('\n').filter((l) => l.endsWith('…'))).toEqual([]);
    }
  });

  it('the longest refusals (every option of a command wrong at once) fit a Discord message', () => {
    for (const c of COMMANDS) {
      const raw = Object.fromEntries(c.options.map((o) => [o.name, wrong(o)]));
      const refused = validateOptions(c, { ...raw, bogus_option: 'x' }, DEFAULT_SOURCES, t);
      if (!refused.ok) expect(refused.error.length, `/${c.name}`).toBeLessThanOrEqual(DISCORD_MESSAGE);
    }
  });

  it('the /setup key form’s titles fit Discord’s 45 characters', () => {
    for (const key of ['setup.key_form_title', 'setup.key_form_title_force']) {
      expect(t.t(key).length, key).toBeLessThanOrEqual(FORM_TITLE);
    }
  });
});

/** A job of each kind with the longest things a person can give it, in `locale`'s channel. */
const jobIn = (locale: string, kind: Job['kind']): Job => ({
  id: 'j'.repeat(24),
  kind,
  state: 'running',
  channelKey: 'discord:g:c',
  origin: { platform: 'discord', workspaceId: 'g', channelId: 'c', userId: '42' },
  summary: 's'.repeat(1000),
  locale,
  requests: [{}, {}],
  projectIds: ['p'.repeat(24), 'q'.repeat(24)],
  createdAt: 0,
  updatedAt: 0,
});

const output = (i: number): Output => ({
  videoUrl: `https://cdn.example/${i}.mp4`,
  audioUrl: `https://cdn.example/${i}.mp3`,
  info: { title: 't'.repeat(300), caption: 'c'.repeat(300), tags: ['a'], suitablePlatforms: ['x'] },
});

describe.each(LOCALES)('a job’s public messages in %s', (locale) => {
  it('keep Discord’s 2,000 characters per message and 80 per button, Slack’s 75 per button', () => {
    for (const kind of ['clip', 'ttv', 'subtitles', 'broll', 'tts'] as const) {
      const job = jobIn(locale, kind);
      const messages = [
        ...(['submitting', 'working', 'completed', 'failed', 'expired'] as const).map((p) =>
          renderJobCard(job, p, progressLine(job, 3 * 3_600_000, 600_000)),
        ),
        renderResult(
          job,
          Array.from({ length: 10 }, (_, i) => output(i)),
          { index: 0, total: 2, projectId: 'p' },
        ),
        renderFailure(job, 'e'.repeat(3000), { index: 1, total: 2 }),
        renderExpired(job, 24),
      ];
      for (const m of messages) {
        expect(m.text.length).toBeLessThanOrEqual(DISCORD_MESSAGE);
        const labels = [...(m.controls ?? []), ...(m.cards ?? []).flatMap((c) => c.controls ?? [])].flatMap((c) =>
          'label' in c ? [c.label] : [],
        );
        for (const label of labels) expect(label.length).toBeLessThanOrEqual(75);
      }
    }
  });
});
