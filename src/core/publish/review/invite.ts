// Invite reviewer on a request card: a form (the reviewer's name, shown to the team, and optionally the language
// their page opens in), then the personal link, answered privately to the member who invited. The link is never
// posted where others see it.
import { fail, run } from '../../commands/handler.ts';
import type { Translator } from '../../i18n/catalogue.ts';
import { LOCALE_NAMES, SHIPPED_LOCALES, type ShippedLocale, shippedLocale } from '../../i18n/locales.ts';
import type { ModalSpec, ModalSubmission, Prepared } from '../../platform/interaction.ts';
import type { Member } from '../approvals/decide.ts';
import type { PublishContext } from '../deps.ts';
import { INVITE_PREFIX } from '../requests/form.ts';
import { MAX_REVIEWER_NAME, readReviewerName } from './links.ts';

/** The form, in the language of the member who opens it (`t`). */
export function inviteForm(requestId: string, t: Translator): ModalSpec {
  return {
    id: `${INVITE_PREFIX}${requestId}`,
    title: t.t('invite.title'),
    inputs: [
      {
        id: 'name',
        label: t.t('invite.name'),
        placeholder: t.t('invite.namePlaceholder'),
        style: 'short',
        required: true,
        maxLength: MAX_REVIEWER_NAME,
      },
      {
        id: 'lang',
        // A client's language is not the team's: left empty, the page follows the reviewer's browser.
        label: t.t('invite.language'),
        style: 'short',
        required: false,
        maxLength: 8,
        choices: {
          // Each language by its own name, whatever the inviter reads.
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

/** The link, said to the member who invited (in `t`, their language): the language it opens in is named in its own. */
function inviteAnswer(
  t: Translator,
  name: string,
  link: { url: string; localOnly: boolean },
  locale: ShippedLocale | undefined,
): string {
  const language = locale ? t.t('invite.opensIn', { language: LOCALE_NAMES[locale] }) : t.t('invite.opensInBrowser');
  const local = link.localOnly ? `\n${t.t('invite.localOnly')}` : '';
  return `${t.t('invite.answer', { name, url: link.url })}\n${language}${local}`;
}

/** The form's answer (`pubinvite:<request id>`): a refusal, or the link, privately, in the inviter's language. */
export function submitInvite(s: ModalSubmission, ctx: PublishContext, who: Member): Prepared {
  const { t } = who;
  const id = s.modalId.slice(INVITE_PREFIX.length);
  const name = readReviewerName(s.values.name);
  if (!name.ok)
    return fail(name.why === 'empty' ? t.t('invite.nameEmpty') : t.t('invite.nameTooLong', { max: MAX_REVIEWER_NAME }));
  const lang = readReviewerLocale(s.values.lang);
  if (!lang.ok) return fail(t.t('invite.badLanguage', { languages: SHIPPED_LOCALES.join(', ') }));
  return run(true, async (reply) => {
    const made = await ctx.deps.publish.service.outside.invite(id, who, name.name, lang.locale);
    const text = 'refusal' in made ? made.refusal : inviteAnswer(t, name.name, reviewUrl(ctx, made.token), lang.locale);
    await reply.ephemeral({ text });
  });
}
