// Invite reviewer on a request card: a one-field form (the reviewer's name, shown to the team), then the personal
// link, answered privately to the member who invited. The link is never posted where others see it.
import { fail, run } from '../../commands/handler.ts';
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
    ],
  };
}

/** The personal link: PUBLIC_URL's, or the listener's own address when there is none. */
function reviewUrl(ctx: PublishContext, token: string): { url: string; localOnly: boolean } {
  const base = ctx.deps.options.publish.reviewBase();
  return { url: `${base.url}/review/${token}`, localOnly: base.localOnly };
}

function inviteAnswer(name: string, link: { url: string; localOnly: boolean }): string {
  const local = link.localOnly
    ? '\n⚠️ PUBLIC_URL is not set, so this is the listener’s own address: it is reachable only locally, from this machine.'
    : '';
  return `Review link for “${name}” — send it to them yourself; it is personal, and only you see it:\n${link.url}\nIt ends when the request is published, cancelled or expires, or when someone uses Revoke reviewer links.${local}`;
}

/** The form's answer (`pubinvite:<request id>`): a refusal, or the link, privately. */
export function submitInvite(s: ModalSubmission, ctx: PublishContext, who: Member): Prepared {
  const id = s.modalId.slice(INVITE_PREFIX.length);
  const name = readReviewerName(s.values.name);
  if (!name.ok) return fail(name.message);
  return run(true, async (reply) => {
    const made = await ctx.deps.publish.service.outside.invite(id, who, name.name);
    const text = 'refusal' in made ? made.refusal : inviteAnswer(name.name, reviewUrl(ctx, made.token));
    await reply.ephemeral({ text });
  });
}
