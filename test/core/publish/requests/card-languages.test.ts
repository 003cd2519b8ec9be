// A publish request's card and thread lines in the language its channel had when it was asked (issue 44): German
// and Japanese readers see their words, English stays as it was, the longest translation fits Discord's and Slack's
// limits, and text the bot did not write (a title, a description, a comment, a reviewer's name, an API error) is
// escaped inside every language exactly as in English.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../../../src/core/i18n/locales.ts';
import { literalText, parseMessage } from '../../../../src/core/i18n/message-shape.ts';
import { mention, type OutMessage } from '../../../../src/core/platform/message.ts';
import { PUBLISH_CARD_EN } from '../../../../src/core/publish/requests/card-messages.ts';
import type { PublishRequestRecord, RequestState } from '../../../../src/core/publish/requests/model.ts';
import { outcomeText } from '../../../../src/core/publish/requests/publisher.ts';
import { reminderText } from '../../../../src/core/publish/requests/reminders.ts';
import { renderRequestCard } from '../../../../src/core/publish/requests/render.ts';
import { formatWhen } from '../../../../src/core/publish/requests/schedule-time.ts';
import { publishWords } from '../../../../src/core/publish/words.ts';
import { renderMessage as renderDiscord } from '../../../../src/discord/render.ts';
import { renderMessage as renderSlack } from '../../../../src/slack/render.ts';
import { expectDiscordSafe, expectSlackSafe, untrusted } from '../../../support/untrusted.ts';
import { aPolicy, aRequest, T0 } from '../records.ts';

const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
const STATES: readonly RequestState[] = [
  'pending',
  'scheduled',
  'overdue',
  'publishing',
  'published',
  'failed',
  'unknown',
  'cancelled',
];
const HOUR = 3600_000;

/** Discord's and Slack's limits a card must meet uncut (platforms.md). */
const LIMIT = { text: 2000, title: 256, fieldName: 256, fieldValue: 1024, footer: 2048, embed: 6000, label: 75 };

const card = (r: PublishRequestRecord, locale: Locale, policy = aPolicy()) =>
  renderRequestCard({ ...r, locale }, policy, T0 + HOUR, publishWords(locale));
const fieldsOf = (m: OutMessage) => m.cards?.[0]?.fields ?? [];
const labelsOf = (m: OutMessage) =>
  (m.cards?.[0]?.controls ?? []).flatMap((c) => (c.kind === 'select' ? [c.placeholder ?? ''] : [c.label]));

describe('the card of a request asked in a German channel', () => {
  const de = card(aRequest(), 'de');

  it('says where it stands, its fields and its buttons in German', () => {
    expect(de.cards?.[0]?.title).toBe('📝 Veröffentlichungsanfrage — wartet auf Freigabe');
    expect(fieldsOf(de).map((f) => f.name)).toEqual([
      'Titel',
      'Beschreibung',
      'Konten',
      'Sichtbarkeit',
      'Termin',
      'Angefragt von',
      'Freigabe',
    ]);
    expect(fieldsOf(de).find((f) => f.name === 'Freigabe')?.value).toBe('braucht 1 Freigabe (0/1)');
    expect(labelsOf(de)).toEqual([
      '▶ Video',
      'Freigeben',
      'Änderungen anfordern',
      'Bearbeiten',
      'Abbrechen',
      'Prüfperson einladen',
      'Neue Version…',
    ]);
    expect(de.cards?.[0]?.footer).toBe('Anfrage req1 · Freigaben verfallen nach 72 Std.');
  });

  it('writes a time as German readers do, in the channel’s zone and in UTC', () => {
    const at = Date.UTC(2026, 11, 1, 17, 0);
    expect(formatWhen(at, 'Europe/Paris', publishWords('de'))).toBe(
      '01.12.2026, 18:00 (Europe/Paris) · 01.12.2026, 17:00 UTC',
    );
    expect(formatWhen(at, 'Europe/Paris', publishWords('en'))).toBe(
      '2026-12-01 18:00 (Europe/Paris) · 2026-12-01 17:00 UTC',
    );
    expect(formatWhen(at, 'UTC', publishWords('ja'))).toBe('2026/12/01 17:00 UTC');
  });
});

describe('the card of a request asked in a Japanese channel', () => {
  it('says it is waiting, with Japanese buttons', () => {
    const ja = card(aRequest(), 'ja');
    expect(ja.text).toBe('📝 公開リクエスト — 承認待ち: Launch');
    expect(labelsOf(ja)).toContain('承認');
    expect(labelsOf(ja)).toContain('修正を依頼');
  });
});

describe('the card of a request made before languages (no locale kept)', () => {
  it('is the English card, word for word', () => {
    const r = aRequest({ content: { scheduleAt: T0 + 2 * HOUR } });
    const old = renderRequestCard(r, aPolicy({ timezone: 'Europe/Paris' }), T0 + HOUR, publishWords(r.locale));
    expect(old.text).toBe('📝 Publish request — waiting for approval: Launch');
    expect(fieldsOf(old).find((f) => f.name === 'Schedule')?.value).toBe(
      '2026-12-01 12:00 (Europe/Paris) · 2026-12-01 11:00 UTC',
    );
    expect(labelsOf(old)).toEqual([
      '▶ Video',
      'Approve',
      'Request changes',
      'Edit',
      'Cancel',
      'Invite reviewer',
      'New version…',
    ]);
    expect(old.cards?.[0]?.footer).toBe('Request req1 · approvals expire after 72 h');
  });
});

/**
 * A request with everything a card can show at once, each at the longest the English card holds uncut: a long title
 * and description, twenty approvers left to ask, four versions, one in the making, change requests with long reasons
 * from named reviewers, live links, a move, a decision and an error. (Three reasons of 250 characters overflow the
 * English field too: the renderers cut it there, in every language alike.)
 */
function busiest(state: RequestState, text: (n: number) => string): PublishRequestRecord {
  const people = Array.from({ length: 20 }, (_, i) => `${100000000000000000 + i}`);
  const reviewer = (i: number) => ({
    id: `rv${i}`,
    name: text(80),
    tokenHash: `h${i}`,
    createdBy: { userId: people[0] ?? '' },
    createdAt: T0,
  });
  const change = (i: number) => ({
    userId: `outside:rv${i}`,
    reviewer: text(40),
    invitedBy: people[0],
    at: T0 + i,
    reason: text(200),
    position: '12:34',
    version: 4,
  });
  const answers = [0, 1, 2].map((i) => ({ ...change(i), on: 3 }));
  return aRequest({
    state,
    content: { title: text(256), description: text(2000), accounts: ['brand', 'other'], version: 4 },
    versions: [1, 2, 3, 4].map((n) => ({
      n,
      videoUrl: `https://example.com/v${n}.mp4`,
      at: T0,
      by: { userId: people[1] ?? '' },
      how: n === 1 ? 'asked' : 'subtitles',
      note: 'template beast · top-center · l',
      answers,
    })),
    making: {
      n: 5,
      how: 'thread',
      by: { userId: people[1] ?? '' },
      at: T0,
      answers: [],
    },
    changes: [0, 1, 2, 3, 4].map(change),
    changesFrom: T0 - 1,
    reviewers: [0, 1, 2, 3].map(reviewer),
    approvals: [0, 1, 2].map((i) => ({
      userId: `outside:x${i}`,
      reviewer: text(80),
      invitedBy: people[2],
      at: T0,
      hash: 'old',
      version: 4,
    })),
    posts: state === 'published' ? [{ account: 'brand', postId: 'p1' }] : [],
    error: state === 'failed' || state === 'unknown' ? text(1500) : undefined,
    moved: { userId: people[3] ?? '', at: T0, from: T0 - HOUR },
    decidedBy: { userId: people[4] ?? '' },
    decidedAt: T0,
    requester: { userId: people[5] ?? '' },
  });
}

const approvers = aPolicy({
  approvals: 20,
  approvers: Array.from({ length: 20 }, (_, i) => `${200000000000000000 + i}`),
  timezone: 'America/Argentina/Buenos_Aires',
  outsideReview: 'required',
});

describe.each(LOCALES)('the busiest card, in %s', (locale) => {
  it.each(STATES)('fits Discord’s and Slack’s limits uncut when %s', (state) => {
    const m = card(
      busiest(state, (n) => 'w'.repeat(n)),
      locale,
      approvers,
    );
    const c = m.cards?.[0];
    expect(m.text.length).toBeLessThanOrEqual(LIMIT.text);
    expect(c?.title?.length).toBeLessThanOrEqual(LIMIT.title);
    expect(c?.footer?.length).toBeLessThanOrEqual(LIMIT.footer);
    for (const f of fieldsOf(m)) {
      expect(f.name.length).toBeLessThanOrEqual(LIMIT.fieldName);
      expect(f.value.length, f.name).toBeLessThanOrEqual(LIMIT.fieldValue);
    }
    for (const label of labelsOf(m)) expect(label.length).toBeLessThanOrEqual(LIMIT.label);
    const embed = [c?.title, c?.footer, c?.body, ...fieldsOf(m).flatMap((f) => [f.name, f.value])].join('');
    expect(embed.length).toBeLessThanOrEqual(LIMIT.embed);
  });
});

const PERSON = '42';

/** The card, a failed card, a reminder and an outcome of a request whose every typed field (and its API error) is `u`. */
function messagesIn(locale: Locale, u: string): OutMessage[] {
  // As the bot posts them: the one person it means to notify is mentioned in the text itself.
  const said = (m: OutMessage): OutMessage => ({ ...m, text: `${m.text} ${mention(PERSON)}` });
  const r: PublishRequestRecord = {
    ...aRequest(),
    // The one person the bot means to notify: the requester, who also invited the reviewer.
    requester: { userId: PERSON },
    changes: [{ userId: 'outside:rv0', reviewer: u, invitedBy: PERSON, at: T0, reason: u, position: '0:12' }],
    content: {
      videoUrl: 'https://bot.example/title',
      title: u,
      description: u,
      accounts: ['brand'],
      privacy: 'public',
      scheduleAt: null,
    },
    locale,
  };
  const t = publishWords(locale);
  return [
    renderRequestCard(r, aPolicy(), T0, t),
    renderRequestCard({ ...r, state: 'failed', error: u }, aPolicy(), T0, t),
    { text: reminderText(r, aPolicy({ approvers: [PERSON] }), T0 + 24 * HOUR, { kind: 'wait', n: 1, at: T0 }) },
    { text: outcomeText(r, { kind: 'failed', error: u }) },
  ].map(said);
}

/** What Discord and Slack show of the typed title and description on the card (its first two fields). */
function typedFields(locale: Locale, u: string) {
  const [m] = messagesIn(locale, u);
  const fields = m?.cards?.[0]?.fields?.slice(0, 2) ?? [];
  const discord = (renderDiscord({ text: '', cards: [{ fields }] }).embeds[0]?.fields ?? []).map((f) => f.value);
  const slack = JSON.stringify(
    renderSlack({ text: '', cards: [{ fields: fields.map((f) => ({ ...f, name: 'x' })) }] }),
  );
  return { discord, slack };
}

describe.each(LOCALES)('typed text on a card and in its thread, in %s', (locale) => {
  it('notifies only the person the bot means and links nowhere, on Discord and Slack', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        for (const m of messagesIn(locale, u)) {
          expectDiscordSafe(renderDiscord(m), PERSON);
          const slack = JSON.parse(JSON.stringify(m).replaceAll(mention(PERSON), mention('U42'))) as OutMessage;
          expectSlackSafe(renderSlack(slack), 'U42');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('shows the typed title and description escaped exactly as the English card does', () => {
    fc.assert(
      // Nothing typed shows the card's own "(none)", in its language.
      fc.property(
        untrusted.filter((u) => u.trim() !== ''),
        (u) => {
          const english = typedFields('en', u);
          const here = typedFields(locale, u);
          expect(here.discord).toEqual(english.discord);
          expect(here.slack).toEqual(english.slack);
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** Every English word (4+ letters) of publishing's public and /scheduled messages. */
const CARD_WORDS = new Set(
  Object.values(PUBLISH_CARD_EN).flatMap((m) =>
    literalText(parseMessage(m)).flatMap((text) => text.match(/[A-Za-z]{4,}/g) ?? []),
  ),
);

describe('the card and thread lines in the pseudo-locale en-XA', () => {
  it('hold no plain English word of the catalogue: every word they say comes from it', () => {
    // Code, links, commands and IANA time zones (the channel's, as typed) are data, not the catalogue's words.
    const plain = (text: string) =>
      (
        text.replace(/`[^`]*`|https?:\/\/\S+|\/[a-z_]+|[A-Z][a-z]+\/[A-Za-z_/]+/g, ' ').match(/[A-Za-z]{4,}/g) ?? []
      ).filter((w) => CARD_WORDS.has(w));
    for (const state of STATES) {
      const r = { ...busiest(state, () => 'x'), locale: PSEUDO_LOCALE };
      const m = renderRequestCard(r, approvers, T0 + HOUR, publishWords(PSEUDO_LOCALE));
      const said = [
        m.text,
        ...(m.cards ?? []).flatMap((c) => [
          c.title,
          c.body,
          c.footer,
          ...(c.fields ?? []).flatMap((f) => [f.name, f.value]),
        ]),
        ...labelsOf(m),
        reminderText(r, aPolicy({ outsideReview: 'required' }), T0 + HOUR, { kind: 'slot', at: T0 }),
        outcomeText(r, { kind: 'published', posts: [{ account: 'brand', postId: 'p1' }] }),
      ];
      expect(said.flatMap((s) => plain(s ?? ''))).toEqual([]);
    }
  });
});
