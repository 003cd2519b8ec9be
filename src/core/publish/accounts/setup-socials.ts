// Publishing's part of /setup: `/setup socials …`, the approval policy options, and the "Publishing"
// section of the /setup card. Access keys only ever arrive through the private form (console: the next
// line) and are shown back by name only.

import type { FormHandler } from '../../commands/actions.ts';
import type { SetupPart } from '../../commands/define-feature.ts';
import { fail, run } from '../../commands/handler.ts';
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

async function accountList(ctx: PublishContext): Promise<string> {
  const accounts = await kit(ctx).accounts.list(ctx.channelKey);
  return accounts.length
    ? accounts.map((a) => `• **${a.name}** (${a.platform})`).join('\n')
    : ctx.t.t('publish.setup.noAccounts');
}

async function listText(ctx: PublishContext, note?: string): Promise<string> {
  const list = await accountList(ctx);
  const policy = await kit(ctx).policies.get(ctx.channelKey);
  const t = ctx.t;
  return [
    note,
    t.t('publish.setup.listTitle'),
    list,
    t.t('publish.setup.policyLine', { policy: describePolicy(policy, t) }),
  ]
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
      await reply.ephemeral({ text: await listText(ctx, ctx.t.t('publish.setup.savedPolicy')) });
    });
  }
  const change = str(v.change);
  const name = str(v.name);
  if (!change) return run(true, async (reply) => reply.ephemeral({ text: await listText(ctx) }));
  if (!name || !ACCOUNT_NAME.test(name)) return fail(ctx.t.t('publish.setup.badName'));
  if (change === 'remove') {
    return run(true, async (reply) => {
      const gone = await kit(ctx).accounts.remove(ctx.channelKey, name);
      await reply.ephemeral({
        text: await listText(ctx, ctx.t.t(gone ? 'publish.setup.removed' : 'publish.setup.noSuchAccount', { name })),
      });
    });
  }
  const platform = (str(v.platform) ?? 'other') as SocialPlatform;
  if (!SOCIAL_PLATFORMS.includes(platform))
    return fail(ctx.t.t('publish.setup.badPlatform', { platforms: SOCIAL_PLATFORMS.join(', ') }));
  return {
    kind: 'modal',
    modal: {
      id: `${SOCIAL_KEY_PREFIX}${name}:${platform}`,
      // Discord's 45 characters: a long name is cut, as English always cut it.
      title: ctx.t.t('publish.setup.keyTitle', { name }).slice(0, 45),
      inputs: [
        {
          id: 'access_key',
          label: ctx.t.t('publish.setup.keyLabel'),
          placeholder: ctx.t.t('publish.setup.keyHint', { platform }),
          style: 'short',
          required: true,
          secret: true,
          maxLength: 500,
        },
      ],
    },
  };
}

function submitSocialKey(s: ModalSubmission, ctx: PublishContext): Prepared | undefined {
  if (!s.modalId.startsWith(SOCIAL_KEY_PREFIX)) return undefined;
  if (!ctx.canConfigure) return fail(ctx.t.t('commands.not_allowed'));
  const [name = '', platform = 'other'] = s.modalId.slice(SOCIAL_KEY_PREFIX.length).split(':');
  const key = (s.values.access_key ?? '').trim();
  if (!key) return fail(ctx.t.t('publish.setup.keyEmpty'));
  if (/\s/.test(key) || key.length > 500) return fail(ctx.t.t('publish.setup.keyOdd'));
  if (!ACCOUNT_NAME.test(name) || !SOCIAL_PLATFORMS.includes(platform as SocialPlatform))
    return fail(ctx.t.t('bot.form_expired'));
  return run(true, async (reply) => {
    await kit(ctx).accounts.put(ctx.channelKey, { name, platform: platform as SocialPlatform }, key, ctx.origin.userId);
    await reply.ephemeral({
      text: await listText(ctx, ctx.t.t('publish.setup.keySaved', { name, platform })),
    });
  });
}

/** The private access-key form of `/setup socials add`: id `socialkey:<name>:<platform>`. */
const socialKeyForm: FormHandler<PublishDeps> = {
  id: SOCIAL_KEY_PREFIX.slice(0, -1),
  prepare: (s, ctx) => submitSocialKey(s, ctx) ?? fail(ctx.t.t('bot.form_expired')),
};

/** The "Publishing" section of the /setup card: the approval policy and the social accounts. */
async function showPublishing(ctx: PublishContext): Promise<Card> {
  const policy = await kit(ctx).policies.get(ctx.channelKey);
  const t = ctx.t;
  return {
    title: t.t('publish.setup.section'),
    fields: [
      { name: t.t('publish.setup.policyField'), value: describePolicy(policy, t) },
      // The rule every approval is counted by (approvals/decide.ts).
      { name: t.t('publish.setup.ruleField'), value: t.t('publish.setup.rule') },
      { name: t.t('publish.setup.accountsField'), value: await accountList(ctx) },
    ],
    footer: t.t('publish.setup.footer'),
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
