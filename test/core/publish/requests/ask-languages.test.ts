// Publishing's words for the person who asks, in every language: the publish form and its refusals read in the
// reader's language, English reads exactly as it always did, every form and menu fits the platforms' limits in the
// longest translation and the pseudo-locale, and text a person typed stays inert inside every translated message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/core/app/commands.ts';
import { createCatalogue, type MessageValues, type Translator } from '../../../../src/core/i18n/catalogue.ts';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../../../src/core/i18n/locales.ts';
import { messageShape, parseMessage } from '../../../../src/core/i18n/message-shape.ts';
import { link, mention, type OutMessage } from '../../../../src/core/platform/message.ts';
import type { SocialAccount } from '../../../../src/core/publish/accounts/accounts.ts';
import { PUBLISH_ASK_EN } from '../../../../src/core/publish/requests/ask-messages.ts';
import { checkContent, newTimeForm, publishForm } from '../../../../src/core/publish/requests/form.ts';
import { renderMessage as renderDiscord } from '../../../../src/discord/render.ts';
import { renderMessage as renderSlack } from '../../../../src/slack/render.ts';
import { BOT_LINK, expectDiscordSafe, expectSlackSafe, untrusted } from '../../../support/untrusted.ts';
import { T0 } from '../records.ts';

const catalogue = createCatalogue(MESSAGES);
const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
const en = catalogue.translator('en');
const de = catalogue.translator('de');
const ACCOUNTS: SocialAccount[] = [
  { name: 'brand', platform: 'x' },
  { name: 'tube', platform: 'youtube' },
];
const VIDEO = 'https://example.com/reel.mp4';

/** Discord: a modal title and a label hold 45 characters, a placeholder 100; Slack: a button or option label 75. */
const TITLE = 45;
const LABEL = 45;
const PLACEHOLDER = 100;
const BUTTON = 75;
/** Slack cuts a modal's title at 24 characters (src/slack/views.ts). */
const SLACK_TITLE = 24;

const refusal = async (t: Translator, v: Parameters<typeof checkContent>[1]) => {
  const checked = await checkContent(VIDEO, v, ACCOUNTS, 'UTC', T0, t);
  if (checked.ok) throw new Error('the answers were taken');
  return checked.message;
};

describe('the publish form for a reader in German', () => {
  it('has its title, labels and hints in German', () => {
    const form = publishForm(de, 'pubform:d1', ACCOUNTS, {});
    expect(form.title).toBe('In sozialen Konten veröffentlichen');
    expect(form.inputs.map((i) => i.label)).toEqual(['Titel', 'Beschreibung', 'Konten', 'Sichtbarkeit', 'Termin']);
    expect(form.inputs.find((i) => i.id === 'privacy')?.placeholder).toBe('public, private oder unlisted');
    expect(publishForm(de, 'pubform:d1', [], {}).inputs.find((i) => i.id === 'accounts')?.placeholder).toBe(
      'Noch keine Konten: /setup socials add',
    );
    expect(newTimeForm(de, 'r1').title).toBe('Zu neuer Zeit posten');
  });

  it('refuses an unknown account, a wrong privacy and a caption too long for X in German', async () => {
    expect(await refusal(de, { accounts: ['ghost'] })).toBe(
      'In diesem Kanal gibt es kein Konto „ghost“. Vorhandene Konten: brand, tube.',
    );
    expect(await refusal(de, { accounts: ['brand'], privacy: 'secret' })).toBe(
      'Die Sichtbarkeit muss public, private oder unlisted sein, nicht „secret“.',
    );
    expect(await refusal(de, { accounts: ['brand'], description: 'a'.repeat(300) })).toBe(
      'Zu lang: Die Beschreibung hat 300/280 Zeichen für x. Kürze den Text und sende das Formular erneut.',
    );
    expect(await refusal(de, { accounts: [] })).toBe('Wähle mindestens ein Konto: brand, tube.');
    expect(await refusal(de, { accounts: ['brand'], schedule: 'someday' })).toContain(
      'Ich konnte den Zeitpunkt „someday“ nicht lesen',
    );
  });
});

describe('in English, publishing says what it always said', () => {
  it('refuses with the same words', async () => {
    expect(await refusal(en, { accounts: ['ghost'] })).toBe(
      'There is no account “ghost” in this channel. Its accounts: brand, tube.',
    );
    expect(await refusal(en, { accounts: ['tube'], title: 't'.repeat(101) })).toBe(
      'Too long: title is 101/100 characters for youtube. Shorten it and submit again.',
    );
    expect(await refusal(en, { accounts: ['brand'], privacy: 'secret' })).toBe(
      'Privacy must be public, private or unlisted, not “secret”.',
    );
    const none = await checkContent(VIDEO, { accounts: ['brand'] }, [], 'UTC', T0, en);
    expect(none.ok ? '' : none.message).toBe(
      'This channel has no social accounts yet, so there is nowhere to publish. Someone who may configure the bot adds one with `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.',
    );
  });
});

describe.each(LOCALES)('publishing’s forms and menus in %s', (locale) => {
  const t = catalogue.translator(locale);

  it('fit Discord’s and Slack’s limits: titles, labels, placeholders, buttons and options', () => {
    const forms = [publishForm(t, 'pubform:d1', [], {}), publishForm(t, 'pubedit:r1', ACCOUNTS, {}, true)];
    forms.push(newTimeForm(t, 'r1'));
    for (const form of forms) {
      expect(form.title.length, form.title).toBeLessThanOrEqual(TITLE);
      for (const input of form.inputs) {
        expect(input.label.length, input.label).toBeLessThanOrEqual(LABEL);
        expect((input.placeholder ?? '').length, input.placeholder).toBeLessThanOrEqual(PLACEHOLDER);
      }
    }
    const titles = [
      t.t('publish.ask.changes.title'),
      ...['sub', 'broll', 'cut', 'link', 'pick'].map((how) => t.t('publish.version.title', { how, n: '10' })),
    ];
    for (const title of titles) expect(title.length, title).toBeLessThanOrEqual(TITLE);
    const labels = Object.keys(PUBLISH_ASK_EN)
      .filter((k) => k.startsWith('publish.version.label.'))
      .concat('publish.ask.changes.label', 'publish.setup.keyLabel', 'publish.form.newTime.label');
    for (const k of labels) expect(t.t(k).length, k).toBeLessThanOrEqual(LABEL);
    expect(t.t('publish.setup.keyHint', { platform: 'instagram' }).length).toBeLessThanOrEqual(PLACEHOLDER);
    expect(t.t('publish.version.pickPlaceholder').length).toBeLessThanOrEqual(PLACEHOLDER);
    for (const k of ['sub', 'broll', 'cut', 'link'])
      expect(t.t(`publish.version.${k}`).length).toBeLessThanOrEqual(BUTTON);
    for (const name of ['hook', 'remove_fillers', 'remove_silences', 'music', 'broll'])
      expect(t.t('publish.version.switch', { name }).length).toBeLessThanOrEqual(BUTTON);
  });

  it('keeps within Slack’s 24-character modal title every title English keeps within it', () => {
    const titles: Array<[string, MessageValues]> = [
      ['publish.form.newTime.title', {}],
      ['publish.ask.changes.title', {}],
      ['publish.setup.keyTitle', { name: 'brand' }],
      ...['sub', 'broll', 'cut', 'link', 'pick'].map((how): [string, MessageValues] => [
        'publish.version.title',
        { how, n: '2' },
      ]),
    ];
    // The pseudo-locale's brackets lengthen every message by design: its words are what it checks.
    if (locale === PSEUDO_LOCALE) return;
    for (const [key, values] of titles)
      if (en.t(key, values).length <= SLACK_TITLE)
        expect(t.t(key, values).length, t.t(key, values)).toBeLessThanOrEqual(SLACK_TITLE);
  });

  it('says every message within a Discord message, with long values', () => {
    const long = 'x'.repeat(100);
    for (const key of Object.keys(PUBLISH_ASK_EN))
      expect(t.t(key, valuesOf(key, long)).length, key).toBeLessThanOrEqual(2000);
  });
});

/** Every argument of an English message given `u` (a plural 1, a select its `other` branch). */
function valuesOf(key: string, u: string): MessageValues {
  const values: Record<string, string | number> = {};
  const english: Readonly<Record<string, string>> = PUBLISH_ASK_EN;
  for (const shape of messageShape(parseMessage(english[key] ?? ''))) {
    const [name = '', kind = ''] = shape.split(/[:[]/);
    values[name] = kind === 'plural' ? 1 : kind === 'select' ? 'other' : u;
  }
  return values;
}

/** As the bot sends an answer: its own mention and link around it, in the text and in a card. */
const messageOf = (person: string, answer: string): OutMessage => ({
  text: `${mention(person)} ${answer} ${link('ok', BOT_LINK)}`,
  cards: [{ title: 'x', body: `${answer} ${mention(person)}`, fields: [{ name: 'x', value: answer }] }],
});

describe.each(LOCALES)('typed text inside publishing’s translated messages, in %s', (locale) => {
  const t = catalogue.translator(locale);
  const said = (u: string) => Object.keys(PUBLISH_ASK_EN).map((key) => t.t(key, valuesOf(key, u)));

  it('is repeated as typed, never read as the message’s own markup', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        const typed = `${u}{x}'#`;
        for (const key of Object.keys(PUBLISH_ASK_EN)) {
          const values = valuesOf(key, typed);
          if (Object.values(values).includes(typed)) expect(t.t(key, values), key).toContain(typed);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('notifies nobody and links nowhere on Discord and Slack', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        for (const answer of said(u)) {
          expectDiscordSafe(renderDiscord(messageOf('42', answer)), '42');
          expectSlackSafe(renderSlack(messageOf('U42', answer)), 'U42');
        }
      }),
      { numRuns: 30 },
    );
  });
});
