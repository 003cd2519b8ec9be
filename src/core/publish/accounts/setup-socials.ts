// Publishing's part of /setup: `/setup socials …`, the approval policy options, and the "Publishing"
// section of the /setup card. Access keys only ever arrive through the private form (console: the next
// line) and are shown back by name only.

import type { FormHandler } from '../../commands/actions.ts';
import type { SetupPart } from '../../commands/define-feature.ts';
import { fail, NOT_ALLOWED, run } from '../../commands/handler.ts';
import type { OptionValues } from '../../commands/spec.ts';
import { UserError } from '../../errors.ts';
import type { ModalSubmission, Prepared } from '../../platform/interaction.ts';
import type { Card } from '../../platform/message.ts';
import { describePolicy, POLICY_OPTIONS, parsePolicyOptions } from '../approvals/policy.ts';
import type { PublishContext, PublishDeps } from '../deps.ts';
import { SETUP_PUBLISHING_OPTIONS, SOCIALS_ACTION } from '../publish-table.ts';
import { ACCOUNT_NAME } from './accounts.ts';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './caption-limits.ts';

export const SOCIAL_KEY_PREFIX = 'socialkey:';

const str = (v: unknown): string | undefined => (v === undefined || v === '' ? undefined : String(v));

function kit(ctx: PublishContext) {
  return ctx.deps.publish;
}

const NO_ACCOUNTS =
  'No social accounts yet. Add one: `/setup socials add <name> platform=x` (the access key goes in a private form).';

async function accountList(ctx: PublishContext): Promise<string> {
  const accounts = await kit(ctx).accounts.list(ctx.channelKey);
  return accounts.length ? accounts.map((a) => `• **${a.name}** (${a.platform})`).join('\n') : NO_ACCOUNTS;
}

async function listText(ctx: PublishContext, note?: string): Promise<string> {
  const list = await accountList(ctx);
  const policy = await kit(ctx).policies.get(ctx.channelKey);
  return [note, '**Social accounts of this channel**', list, `Approval policy: ${describePolicy(policy, ctx.t)}`]
    .filter(Boolean)
    .join('\n');
}

/** Handles /setup socials and the policy options; undefined when the command is about something else. */
export function setupPublishing(v: OptionValues, ctx: PublishContext): Prepared | undefined {
  const action = str(v.action);
  const policyGiven = POLICY_OPTIONS.some((o) => v[o] !== undefined);
  if (action !== 'socials' && !policyGiven) return undefined;
  if (policyGiven) {
    const parsed = parsePolicyOptions(v, ctx.t);
    if (!parsed.ok) return fail(parsed.message);
    return run(true, async (reply) => {
      const patch = { ...parsed.patch };
      if (patch.approvers) {
        const approvers = await kit(ctx).approvers.resolveApprovers(ctx.origin, patch.approvers, ctx.t);
        if (typeof approvers === 'string') throw new UserError(approvers);
        patch.approvers = approvers;
      }
      const current = await kit(ctx).policies.get(ctx.channelKey);
      await kit(ctx).policies.save(ctx.channelKey, { ...current, ...patch });
      await kit(ctx).service.policyChanged(ctx.channelKey);
      await reply.ephemeral({ text: await listText(ctx, 'Saved the approval policy.') });
    });
  }
  const change = str(v.change);
  const name = str(v.name);
  if (!change) return run(true, async (reply) => reply.ephemeral({ text: await listText(ctx) }));
  if (!name || !ACCOUNT_NAME.test(name))
    return fail('Give the account a short name (letters, digits, - and _): `/setup socials add brand_x platform=x`.');
  if (change === 'remove') {
    return run(true, async (reply) => {
      const gone = await kit(ctx).accounts.remove(ctx.channelKey, name);
      await reply.ephemeral({
        text: await listText(ctx, gone ? `Removed the account ${name}.` : `There was no account ${name}.`),
      });
    });
  }
  const platform = (str(v.platform) ?? 'other') as SocialPlatform;
  if (!SOCIAL_PLATFORMS.includes(platform)) return fail(`platform must be one of ${SOCIAL_PLATFORMS.join(', ')}.`);
  return {
    kind: 'modal',
    modal: {
      id: `${SOCIAL_KEY_PREFIX}${name}:${platform}`,
      title: `Access key for ${name}`.slice(0, 45),
      inputs: [
        {
          id: 'access_key',
          label: 'Access key',
          placeholder: `The ${platform} account's access key from the media API dashboard`,
          style: 'short',
          required: true,
          secret: true,
          maxLength: 500,
        },
      ],
    },
  };
}

function submitSocialKey(s: ModalSubmission, ctx: PublishContext, notAllowed: string): Prepared | undefined {
  if (!s.modalId.startsWith(SOCIAL_KEY_PREFIX)) return undefined;
  if (!ctx.canConfigure) return fail(notAllowed);
  const [name = '', platform = 'other'] = s.modalId.slice(SOCIAL_KEY_PREFIX.length).split(':');
  const key = (s.values.access_key ?? '').trim();
  if (!key) return fail('The access key was empty; nothing changed.');
  if (/\s/.test(key) || key.length > 500)
    return fail('That does not look like an access key (it has spaces or is too long); nothing changed.');
  if (!ACCOUNT_NAME.test(name) || !SOCIAL_PLATFORMS.includes(platform as SocialPlatform))
    return fail('That form has expired. Run the command again.');
  return run(true, async (reply) => {
    await kit(ctx).accounts.put(ctx.channelKey, { name, platform: platform as SocialPlatform }, key, ctx.origin.userId);
    await reply.ephemeral({
      text: await listText(
        ctx,
        `Saved the access key of ${name} (${platform}). It is stored encrypted and shown only by name.`,
      ),
    });
  });
}

/** The private access-key form of `/setup socials add`: id `socialkey:<name>:<platform>`. */
const socialKeyForm: FormHandler<PublishDeps> = {
  id: SOCIAL_KEY_PREFIX.slice(0, -1),
  prepare: (s, ctx) => submitSocialKey(s, ctx, NOT_ALLOWED) ?? fail('That form has expired. Run the command again.'),
};

/** The rule every approval is counted by (approvals/decide.ts), as /setup states it. */
export const APPROVAL_RULE =
  'Each approval stands for one team member: a member’s for that member, an outside reviewer’s for the member who invited them (when they may approve). The number counts distinct members; the requester never counts with self_approve=no. outside_review=required also needs one outside approval, from anyone’s link.';

/** The "Publishing" section of the /setup card: the approval policy and the social accounts. */
async function showPublishing(ctx: PublishContext): Promise<Card> {
  const policy = await kit(ctx).policies.get(ctx.channelKey);
  return {
    title: 'Publishing',
    fields: [
      { name: 'Approval policy', value: describePolicy(policy, ctx.t) },
      { name: 'How approvals count', value: APPROVAL_RULE },
      { name: 'Social accounts', value: await accountList(ctx) },
    ],
    footer: 'Change: /setup approvals=2 remind=4h timezone=Europe/Paris · /setup socials add <name> platform=x',
    tone: 'info',
  };
}

export const publishingSetupPart: SetupPart<PublishDeps> = {
  options: SETUP_PUBLISHING_OPTIONS,
  actions: [SOCIALS_ACTION],
  prepare: setupPublishing,
  show: showPublishing,
  forms: [socialKeyForm],
};
