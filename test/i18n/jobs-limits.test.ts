// Limits hold in every language and the pseudo-locale for what the jobs feature says beyond its cards, and for the
// adapters' own words: Slack's form buttons (24 characters, never cut), its selects' placeholders (150), button
// labels (Slack 75, Discord 80), a card title near Slack's 150-character header, a message within Discord's 2,000.
// The adapters' own bundles (console, Slack) are held to the parity rule the catalogue's test gives the rest.
import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES, consoleWords } from '../../src/console/words.ts';
import { COMMANDS } from '../../src/core/app/commands.ts';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES, type TranslatedLocale } from '../../src/core/i18n/locales.ts';
import { messageShape, parseMessage } from '../../src/core/i18n/message-shape.ts';
import type { MessageBundle } from '../../src/core/i18n/messages.ts';
import { JOB_ANSWERS_EN } from '../../src/core/jobs/answer-messages.ts';
import { followUpControls } from '../../src/core/jobs/follow-up-controls.ts';
import { renderProject } from '../../src/core/jobs/render-project.ts';
import { jobWords } from '../../src/core/jobs/words.ts';
import type { Output, Project } from '../../src/core/media/response-schemas.ts';
import { commandFormView } from '../../src/slack/views.ts';
import { SLACK_MESSAGES, slackWords } from '../../src/slack/words.ts';

const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
const TRANSLATED = SHIPPED_LOCALES.filter((l): l is TranslatedLocale => l !== 'en');

/** Values as long as a person or the API can make them, for every argument the jobs' answers take. */
const LONG = {
  kind: 'clip',
  id: 'j'.repeat(24),
  summary: 's'.repeat(200),
  who: '<@123456789012345678>',
  ago: '59 min ago',
  projects: Array.from({ length: 5 }, () => 'p'.repeat(24)).join(', '),
  count: 999,
  budget: 'b'.repeat(300),
  state: 'in_progress',
  status: 'x'.repeat(200),
  at: '2026-12-06T16:00:00.000Z',
  n: '25',
  usage: 'u'.repeat(300),
  voice: 'v'.repeat(60),
  line: 'l'.repeat(300),
  template: 'beast',
  duration: 'd'.repeat(20),
  example: '10-30',
  mayExist: 'm'.repeat(300),
  language: 'hinglish',
  default: 'v'.repeat(60),
  source: 'reel',
  unit: 'h',
} as const;

describe.each(LOCALES)('in %s', (locale) => {
  const words = jobWords(locale);

  it('every answer of the jobs feature fits a Discord message, with the longest values given it', () => {
    for (const key of Object.keys(JOB_ANSWERS_EN)) {
      const said = words.t(key, LONG);
      expect(said.length, key).toBeLessThanOrEqual(2000);
      expect(said, key).not.toBe(key);
    }
  });

  it('labels each follow-up button within Slack’s 75 characters', () => {
    const out: Output = {
      videoUrl: 'https://cdn.example/1.mp4',
      info: { title: 't', caption: 'c', tags: [], suitablePlatforms: [] },
    };
    const labels = followUpControls('j'.repeat(10), 0, 0, out, true, words).map((c) => ('label' in c ? c.label : ''));
    expect(labels).toHaveLength(3);
    for (const label of labels) {
      expect(label.length).toBeGreaterThan(0);
      expect(label.length).toBeLessThanOrEqual(75);
    }
  });

  it('names a follow-up job with its voice note within a card title of Slack’s 150 characters', () => {
    const source = words.t('followup.summary', { kind: 'tts', source: 'reel', n: '10', id: 'k3j9abcd12' });
    const note = words.t('followup.read_by_other', {
      language: 'pt-BR',
      voice: 'Francisca (pt-BR)',
      default: 'Jennifer (en-US)',
    });
    const title = `${words.t('job.kind', { kind: 'tts' })}: ${source} · ${note}`;
    expect(title.length).toBeLessThanOrEqual(150);
  });

  it('shows a failed project within Discord’s limits', () => {
    const project = {
      projectId: 'p'.repeat(24),
      state: 'failed',
      status: 's'.repeat(100),
      error: null,
      outputs: [],
      createdAt: LONG.at,
      completedAt: LONG.at,
    } as unknown as Project;
    const shown = renderProject(project, 'broll', words);
    expect(shown.text.length).toBeLessThanOrEqual(2000);
    for (const card of shown.cards ?? []) expect((card.title ?? '').length).toBeLessThanOrEqual(256);
  });

  it('titles the Home section within Slack’s 150-character header', () => {
    expect(words.t('jobs.home_title', { count: '999' }).length).toBeLessThanOrEqual(150);
  });

  it('fits Slack’s own form: buttons within 24 characters uncut, the placeholder within 150', () => {
    const t = slackWords(locale);
    for (const key of ['slack.form_submit', 'slack.form_cancel']) expect(t.t(key).length, key).toBeLessThanOrEqual(24);
    expect(t.t('slack.form_choose').length).toBeLessThanOrEqual(150);
    for (const spec of COMMANDS) {
      const view = commandFormView(spec, { channelId: 'C1' }, t);
      expect(view.submit?.text).toBe(t.t('slack.form_submit'));
      expect(view.close?.text).toBe(t.t('slack.form_cancel'));
    }
  });

  it('marks the console’s private lines with words of its own, never empty', () => {
    expect(consoleWords(locale).t('console.only_you').trim()).not.toBe('');
  });
});

describe.each([
  ['the console', CONSOLE_MESSAGES],
  ['Slack', SLACK_MESSAGES],
] as Array<[string, MessageBundle]>)('%s’s own messages', (_owner, bundle) => {
  it.each(TRANSLATED)('in %s: every key of English, none empty, the same arguments the same way', (locale) => {
    const theirs = bundle.translations[locale];
    expect(Object.keys(theirs).sort()).toEqual(Object.keys(bundle.en).sort());
    for (const [key, text] of Object.entries(bundle.en)) {
      const translated = theirs[key] ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(messageShape(parseMessage(translated)), key).toEqual(messageShape(parseMessage(text)));
    }
  });
});
