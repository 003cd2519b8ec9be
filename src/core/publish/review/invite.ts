// Invite reviewer on a request card: a form (the reviewer's name, shown to the team, and optionally the language
// their page opens in), then the personal link, answered privately to the member who invited. The link is never
// posted where others see it.
import { fail, run } from '../../commands/handler.ts';
import { LOCALE_NAMES, SHIPPED_LOCALES, type ShippedLocale, shippedLocale } from '../../i18n/locales.ts';
import type { ModalSpec, ModalSubmission, Prepared } from '../../platform/interaction.ts';
import type { Member } from '../approvals/decide.ts';
import type { PublishContext } from '../deps.ts';
import { INVITE_PREFIX } from '../requests/form.ts';
import { readReviewerName } from './links.ts';

export function inviteForm(requestId: string): ModalSpec {
  return {
    id: `${INVITE_PREFIX}${requestId}`,
    title: 'Invite reviewer',
    inputs: [
      {
        id: 'name',
        label: "Reviewer's name",
        placeholder: 'Shown to the team, e.g. Ana (Acme)',
        style: 'short',
        required: true,
        maxLength: 80,
      },
      {
        id: 'lang',
        // A client's language is not the team's: left empty, the page follows the reviewer's browser.
        label: "Reviewer's language (optional)",
        style: 'short',
        required: false,
        maxLength: 8,
        choices: {
          options: SHIPPED_LOCALES.map((l) => ({ label: LOCALE_NAMES[l], value: l })),
          selected: [],
          max: 1,
        },
      },
    ],
  };
}

/** The form's language: empty for the browser's, a shipped one by any of its tags, else a mistake to say. */
function readReviewerLocale(value: string | undefined): { ok: true; locale?: ShippedLocale } | { ok: false } {
  const typed = (value ?? '').trim();
  if (!typed) return { ok: true };
  const locale = shippedLocale(typed);
  return locale ? { ok: true, locale } : { ok: false };
}

/** The personal link: PUBLIC_URL's, or the listener's own address when there is none. */
function reviewUrl(ctx: PublishContext, token: string): { url: string; localOnly: boolean } {
  const base = ctx.deps.options.publish.reviewBase();
  return { url: `${base.url}/review/${token}`, localOnly: base.localOnly };
}

function inviteAnswer(
  name: string,
  link: { url: string; localOnly: boolean },
  locale: ShippedLocale | undefined,
): string {
  const local = link.localOnly
    ? '\n⚠️ PUBLIC_URL is not set, so this is the listener’s own address: it is reachable only locally, from this machine.'
    : '';
  const language = locale
    ? `\nThe page opens in ${LOCALE_NAMES[locale]}; they can switch language on it.`
    : '\nThe page opens in their browser’s language; they can switch language on it.';
  return `Review link for “${name}” — send it to them yourself; it is personal, and only you see it:\n${link.url}\nIt ends when the request is published, cancelled or expires, or when someone uses Revoke reviewer links.${language}${local}`;
}

/** The form's answer (`pubinvite:<request id>`): a refusal, or the link, privately. */
export function submitInvite(s: ModalSubmission, ctx: PublishContext, who: Member): Prepared {
  const id = s.modalId.slice(INVITE_PREFIX.length);
  const name = readReviewerName(s.values.name);
  if (!name.ok) return fail(name.message);
  const lang = readReviewerLocale(s.values.lang);
  if (!lang.ok)
    return fail(`The reviewer's language is one of ${SHIPPED_LOCALES.join(', ')}, or empty for their browser's.`);
  return run(true, async (reply) => {
    const made = await ctx.deps.publish.service.outside.invite(id, who, name.name, lang.locale);
    const text = 'refusal' in made ? made.refusal : inviteAnswer(name.name, reviewUrl(ctx, made.token), lang.locale);
    await reply.ephemeral({ text });
  });
}
