// The approval rule's refusals and publishing's approvals and outside review on the chat side, in every language:
// a member reads a refusal in their own language and an outside reviewer in their page's, English stays as it was,
// typed names and titles inside a translated line notify nobody and link nowhere, and every label fits its platform.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/core/app/commands.ts';
import { createCatalogue, type Translator } from '../../../../src/core/i18n/catalogue.ts';
import { type Locale, PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../../../src/core/i18n/locales.ts';
import { link as linkTo, mention, type OutMessage } from '../../../../src/core/platform/message.ts';
import {
  approveControl,
  lookAgainCard,
  mineCard,
  renderApprovals,
} from '../../../../src/core/publish/approvals/approvals-command.ts';
import {
  type Decider,
  type Decision,
  decide,
  isRefusal,
  MAX_ASKS_PER_HOUR,
  type Member,
  refuseVersion,
  type Verdict,
} from '../../../../src/core/publish/approvals/decide.ts';
import { APPROVALS_EN } from '../../../../src/core/publish/approvals/messages.ts';
import type { Row } from '../../../../src/core/publish/approvals/waiting.ts';
import { contentHash, type PublishRequestRecord } from '../../../../src/core/publish/requests/model.ts';
import { inviteForm } from '../../../../src/core/publish/review/invite.ts';
import { publishWords } from '../../../../src/core/publish/words.ts';
import { renderMessage as renderDiscord } from '../../../../src/discord/render.ts';
import { renderMessage as renderSlack } from '../../../../src/slack/render.ts';
import { BOT_LINK, expectDiscordSafe, expectSlackSafe, untrusted } from '../../../support/untrusted.ts';
import { ANA, aMember, aPolicy, aRequest, T0 } from '../records.ts';

const catalogue = createCatalogue(MESSAGES);
const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
const member = (userId: string, t: Translator): Member => aMember(userId, { t });
const ana = ANA;
const viaLink = (t: Translator): Decider => ({
  kind: 'outside',
  tokenHash: ana.tokenHash,
  inviter: { userId: 'cy', canConfigure: false },
  t,
});
const approve = (r: PublishRequestRecord): Decision => ({ kind: 'approve', seenHash: contentHash(r.content) });
const changes = (r: PublishRequestRecord, reason = 'Logo bigger'): Decision => ({
  kind: 'changes',
  reason,
  seenHash: contentHash(r.content),
});
const said = (v: Verdict): string => (isRefusal(v) ? v.message : 'not refused');

describe('the rule’s refusals, said to a member in their own language (German)', () => {
  const de = publishWords('de');
  const p = aPolicy({ approvers: ['carol'] });
  const r = aRequest();

  it('says self-approval, not an approver, edited, already and own request in German', () => {
    expect(said(decide(r, aPolicy(), { kind: 'member', member: member('rex', de) }, approve(r), T0))).toBe(
      'In diesem Kanal kannst du deine eigene Anfrage nicht freigeben (self_approve=no). Freigeben dürfen: alle anderen im Kanal.',
    );
    expect(said(decide(r, p, { kind: 'member', member: member('bea', de) }, approve(r), T0))).toMatch(
      /^Du gehörst nicht zu den Freigebenden dieses Kanals\. Freigeben dürfen: /,
    );
    expect(
      said(decide(r, p, { kind: 'member', member: member('carol', de) }, { kind: 'approve', seenHash: 'old' }, T0)),
    ).toMatch(/^Diese Anfrage wurde bearbeitet, nachdem die Liste, in der du geklickt hast, erstellt wurde/);
    expect(said(decide(r, p, { kind: 'member', member: member('rex', de) }, changes(r), T0))).toBe(
      'Nutze Bearbeiten, um deine eigene Anfrage zu ändern.',
    );
    const expired = decide(r, p, { kind: 'member', member: member('carol', de) }, approve(r), T0 + p.expiryMs + 1);
    expect(said(expired)).toMatch(/^Diese Anfrage ist abgelaufen/);
    const elsewhere = { ...member('carol', de), where: { platform: 'console', workspaceId: 'other' } } as const;
    expect(said(decide(r, p, { kind: 'member', member: elsewhere }, approve(r), T0))).toBe(
      'Diese Veröffentlichungsanfrage gibt es nicht mehr.',
    );
    expect(said(refuseVersion(r, member('bea', de), T0) ?? aRequest())).toMatch(/^Nur wer die Anfrage gestellt hat/);
  });

  it('keeps English exactly as it was', () => {
    const en = publishWords('en');
    expect(said(decide(r, aPolicy(), { kind: 'member', member: member('rex', en) }, approve(r), T0))).toBe(
      'You cannot approve your own request in this channel (self_approve=no). Who may approve: anyone else in the channel.',
    );
    expect(
      said(decide(r, p, { kind: 'member', member: member('carol', en) }, { kind: 'approve', seenHash: 'old' }, T0)),
    ).toBe(
      'This request was edited after the list you clicked in was drawn, so nothing was approved: open its card to see what it says now, and approve there.',
    );
    const making = { ...r, making: { n: 2, how: 'subtitles' as const, by: { userId: 'rex' }, at: T0, answers: [] } };
    expect(said(refuseVersion(making, member('rex', en), T0) ?? r)).toBe(
      "Version 2 is in the making (subtitles): it becomes the request's video when its job completes, or the card says it failed. Wait for it, then make another.",
    );
  });
});

describe('the rule’s refusals, said to an outside reviewer in their page’s language (Spanish)', () => {
  const es = publishWords('es');
  const r = aRequest({ reviewers: [ana] });

  it('says an edit since the page was opened, a repeat and too many asks in Spanish', () => {
    expect(said(decide(r, aPolicy(), viaLink(es), { kind: 'approve', seenHash: 'old' }, T0))).toBe(
      'La solicitud se editó después de que abrieras esta página, así que no se decidió nada. Abre de nuevo tu enlace para ver lo que dice ahora.',
    );
    const asked = decide(r, aPolicy(), viaLink(es), changes(r), T0 + 1);
    if (isRefusal(asked)) throw new Error(asked.message);
    expect(said(decide(asked, aPolicy(), viaLink(es), changes(asked), T0 + 2))).toBe(
      'Ya lo pediste; el equipo lo tiene.',
    );
    const busy = aRequest({ reviewers: [{ ...ana, asked: Array.from({ length: MAX_ASKS_PER_HOUR }, () => T0) }] });
    expect(said(decide(busy, aPolicy(), viaLink(es), changes(busy, 'Otra'), T0 + 3))).toMatch(
      /^Este enlace ya solicitó cambios 10 veces en la última hora/,
    );
    const done = aRequest({ reviewers: [ana], state: 'scheduled' });
    expect(said(decide(done, aPolicy(), viaLink(es), approve(done), T0))).not.toBe(
      said(decide(done, aPolicy(), viaLink(publishWords('en')), approve(done), T0)),
    );
    expect(said(decide(r, aPolicy(), { ...viaLink(es), tokenHash: 'nobody' } as Decider, approve(r), T0))).toBe(
      'Este enlace no abre nada.',
    );
  });

  it('keeps English exactly as it was', () => {
    const en = publishWords('en');
    expect(said(decide(r, aPolicy(), viaLink(en), { kind: 'approve', seenHash: 'old' }, T0))).toBe(
      'The request was edited after this page was opened, so nothing was decided. Open your link again to see what it says now.',
    );
  });
});

/** A listed request whose title and reviewers are typed text (without a card link: the checks allow the bot's one). */
function rowWith(u: string): Row {
  const request = aRequest({
    content: { title: u, version: 2 },
    reviewers: [{ ...ana, name: u, decidedOn: 1 }],
  });
  return { request, policy: aPolicy() };
}

/** What names a reviewer or a title typed by someone, the bot mentioning `person`: thread lines and lists, in `t`. */
function linesWith(t: Translator, u: string, person: string): string[] {
  const row = rowWith(u);
  return [
    t.t('invite.createdLine', { inviter: mention(person), name: u, replaced: 'yes' }),
    t.t('invite.changesLine', { name: u, at: 'yes', position: '0:12' }),
    t.t('invite.approvedLine', {
      name: u,
      counted: 'yes',
      given: 1,
      of: 2,
      notCounted: 'yes',
      needed: 2,
      inviter: mention(person),
    }),
    t.t('invite.revokedLine', { revoker: mention(person), count: 2, names: `${u}, ${u}`, consequence: 'waits' }),
    t.t('invite.answer', { name: u, url: BOT_LINK }),
    lookAgainCard(t, [{ ...row, reviewers: [u] }])?.body ?? '',
    mineCard(t, [row], T0).body ?? '',
  ];
}

const messageOf = (person: string, line: string): OutMessage => ({
  text: `${mention(person)} ${line} ${linkTo('ok', BOT_LINK)}`,
  cards: [{ title: 'x', body: `${line} ${mention(person)}`, fields: [{ name: 'x', value: line }] }],
});

describe.each(LOCALES)('in %s', (locale) => {
  const t = catalogue.translator(locale);

  it('typed names and titles inside a translated line notify nobody and link nowhere', () => {
    fc.assert(
      fc.property(untrusted, (u) => {
        for (const line of linesWith(t, u, '42')) expectDiscordSafe(renderDiscord(messageOf('42', line)), '42');
        for (const line of linesWith(t, u, 'U42')) expectSlackSafe(renderSlack(messageOf('U42', line)), 'U42');
      }),
      { numRuns: 40 },
    );
  });

  it('the Invite reviewer form fits Slack’s 24-character title and Discord’s 45-character labels', () => {
    const form = inviteForm('req1', t);
    expect(form.title.length).toBeLessThanOrEqual(24);
    for (const input of form.inputs) {
      expect(input.label.length, input.label).toBeLessThanOrEqual(45);
      expect((input.placeholder ?? '').length).toBeLessThanOrEqual(100);
      for (const o of input.choices?.options ?? []) expect(o.label.length).toBeLessThanOrEqual(75);
    }
  });

  it('Approve on a list fits a Slack button with the longest title it shows, and every message a Discord one', () => {
    const r = aRequest({ content: { title: 'W'.repeat(300) } });
    const control = approveControl(t, r);
    expect(control.kind === 'action' && control.label.length).toBeLessThanOrEqual(75);
    for (const key of Object.keys(APPROVALS_EN)) {
      const long = 'x'.repeat(80);
      const text = t.t(key, {
        approvers: long,
        groups: long,
        handle: long,
        n: 20,
        max: 20,
        how: long,
        needed: 2,
        able: 1,
        self: 'yes',
        named: 'yes',
        name: long,
        title: long,
        names: long,
        where: long,
        requester: long,
        member: long,
        since: long,
        expires: long,
        approval: long,
        when: long,
        state: long,
        count: 20,
        shown: 7,
        accounts: long,
        languages: long,
        url: long,
        language: long,
        inviter: long,
        revoker: long,
        replaced: 'yes',
        counted: 'yes',
        given: 1,
        of: 2,
        notCounted: 'yes',
        at: 'yes',
        position: '1:02:03',
        consequence: 'waits',
      });
      expect(text.length, key).toBeLessThanOrEqual(2000);
      expect(text, key).not.toContain(key);
    }
  });

  it('/approvals with a full list fits a Discord message and its embeds', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      ...rowWith('T'.repeat(200)),
      request: aRequest({ id: `r${i}` }),
    }));
    const out = renderApprovals(
      t,
      {
        toApprove: rows,
        mine: rows,
        upcoming: [],
        unchecked: true,
        lookAgain: rows.map((row) => ({ ...row, reviewers: ['N'.repeat(80)] })),
      },
      T0,
    );
    expect(out.text.length).toBeLessThanOrEqual(2000);
    for (const card of out.cards ?? []) expect((card.body ?? '').length).toBeLessThanOrEqual(4096);
  });
});
