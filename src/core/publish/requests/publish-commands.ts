// /publish, the Publish… button on results, the request card's buttons and the forms they open.

import { z } from 'zod';
import type { FormHandler } from '../../commands/actions.ts';
import { fail, run } from '../../commands/handler.ts';
import { UserError } from '../../errors.ts';
import { PRIVACY_VALUES } from '../../media/enums.ts';
import type { ModalSpec, ModalSubmission, Prepared } from '../../platform/interaction.ts';
import type { Reply } from '../../ports.ts';
import type { Member } from '../approvals/decide.ts';
import { needsApproval } from '../approvals/policy.ts';
import { defineAction, defineCommand, type PublishContext, type PublishDeps } from '../deps.ts';
import type { PublishKit } from '../kit.ts';
import { PUBLISH } from '../publish-table.ts';
import { inviteForm, submitInvite } from '../review/invite.ts';
import { publishWords } from '../words.ts';
import {
  checkContent,
  EDIT_PREFIX,
  FORM_PREFIX,
  type FormValues,
  INVITE_PREFIX,
  newTimeForm,
  publishForm,
  REASON_PREFIX,
  readNewTime,
  submittedValues,
  WHEN_PREFIX,
} from './form.ts';
import { type Content, type OutputRef, type PublishRequestRecord, personOf } from './model.ts';
import { renderRequestCard } from './render.ts';
import { newRequestId } from './repo.ts';

export const PUBLISH_BUTTON_LABEL = 'Publish…';

function kitOf(ctx: PublishContext): PublishKit {
  return ctx.deps.publish;
}

/** The person who acted, as the request lifecycle checks them. */
export const member = (ctx: PublishContext): Member => ({
  ...personOf(ctx.origin),
  canConfigure: ctx.canConfigure,
  // Every action is answered only for a request of the workspace it comes from.
  where: { platform: ctx.origin.platform, workspaceId: ctx.origin.workspaceId },
  ...(ctx.origin.roles ? { roles: ctx.origin.roles } : {}),
  t: ctx.t,
});

interface Source {
  videoUrl: string;
  title?: string | undefined;
  description?: string | undefined;
  thumbnailUrl?: string | undefined;
  /** The result it is (Publish… on a result): version 1's source, and a clip's reel can be cut again. */
  source?: { output: OutputRef; clip: boolean } | undefined;
}

/** A form prefilled from the store; the draft remembers the video for the submission. */
function formFor(ctx: PublishContext, read: () => Promise<Source>): Prepared {
  const draftId = newRequestId();
  const id = `${FORM_PREFIX}${draftId}`;
  const load = async (): Promise<ModalSpec> => {
    const kit = kitOf(ctx);
    const [accounts, found] = await Promise.all([kit.accounts.list(ctx.channelKey), read()]);
    const { title, description, thumbnailUrl, source } = found;
    await kit.repo.saveDraft(draftId, {
      videoUrl: found.videoUrl,
      channelKey: ctx.channelKey,
      title,
      description,
      thumbnailUrl,
      ...(source ? { source } : {}),
    });
    return publishForm(ctx.t, id, accounts, { accounts: accounts.map((a) => a.name), title, description });
  };
  return { kind: 'modal', modal: publishForm(ctx.t, id, [], {}), load };
}

/** Checks the answers, posts the request card (a thread root), and starts the request. */
async function createRequest(
  ctx: PublishContext,
  reply: Reply,
  videoUrl: string,
  v: FormValues,
  thumbnailUrl?: string,
  source?: Source['source'],
): Promise<void> {
  const kit = kitOf(ctx);
  const now = ctx.deps.clock.now();
  const [accounts, policy, locale] = await Promise.all([
    kit.accounts.list(ctx.channelKey),
    kit.policies.get(ctx.channelKey),
    // Its card and thread lines are written in the channel's language for as long as it lives.
    ctx.channelLocale(),
  ]);
  const checked = await checkContent(videoUrl, v, accounts, policy.timezone, now, ctx.t);
  if (!checked.ok) throw new UserError(checked.message);
  const stuck = await kit.approvers.whyNoApprover(policy, ctx.origin, ctx.origin.userId, ctx.t);
  if (stuck) throw new UserError(stuck);
  const id = newRequestId();
  const draft = {
    id,
    channelKey: ctx.channelKey,
    content: thumbnailUrl ? { ...checked.content, thumbnailUrl } : checked.content,
    requester: personOf(ctx.origin),
    locale,
    approvals: [],
    changes: [],
    reviewers: [],
    state: 'pending' as const,
    attempt: 1,
    posts: [],
    editedAt: now,
    createdAt: now,
    updatedAt: now,
    thread: {
      platform: ctx.origin.platform,
      workspaceId: ctx.origin.workspaceId,
      channelId: ctx.origin.channelId,
      threadId: '',
      cardMessageId: '',
    },
  };
  // With approvals=0 the request moves on the moment it is created: its first drawing says where it is
  // going, not "waiting for approval" with an Approve button nobody needs.
  const at = checked.content.scheduleAt;
  const shown = needsApproval(policy)
    ? draft
    : { ...draft, state: at !== null && at > now ? 'scheduled' : 'publishing' };
  const thread = await reply.openThread(
    renderRequestCard(shown as PublishRequestRecord, policy, now, publishWords(locale)),
  );
  await kit.service.create({
    id,
    channelKey: ctx.channelKey,
    thread,
    content: draft.content,
    requester: draft.requester,
    locale,
    source,
  });
}

export const publishCommand = defineCommand({
  spec: PUBLISH,
  options: z.strictObject({
    url: z.string(),
    accounts: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    privacy: z.enum(PRIVACY_VALUES).optional(),
    schedule: z.string().optional(),
  }),
  prepare({ url: videoUrl, accounts, ...rest }, ctx) {
    const values: FormValues = { ...rest, accounts: accounts ? [accounts] : undefined };
    if (Object.values(values).every((x) => x === undefined)) return formFor(ctx, async () => ({ videoUrl }));
    return run(false, (reply) => createRequest(ctx, reply, videoUrl, values));
  },
});

/**
 * `publish:<jobId>:<part>:<output>` on a result; `pub:<verb>:<requestId>` on a request card, and
 * `pub:revoke:<requestId>:<reviewer id>` (or `pub:revokeone:…`, the card's menu) for one reviewer's link.
 */
export function publishAction(actionId: string, ctx: PublishContext): Prepared | undefined {
  const [verb, a, b, c] = actionId.split(':');
  if (verb === 'publish' && a) return fromResult(ctx, a, Number(b ?? 0), Number(c ?? 0));
  if (verb !== 'pub' || !a || !b) return undefined;
  const id = b;
  const me = member(ctx);
  const answer = (fn: (kit: PublishKit) => Promise<string>) =>
    run(true, async (reply) => reply.ephemeral({ text: await fn(kitOf(ctx)) }));
  switch (a) {
    case 'approve':
      return run(true, (reply) => kitOf(ctx).service.approve(id, me, (text) => reply.ephemeral({ text })));
    case 'cancel':
      return answer((k) => k.service.cancel(id, me));
    case 'mark':
      return answer((k) => k.service.markPosted(id, me));
    case 'retry':
      return answer((k) => k.service.retry(id, me));
    case 'now':
      return answer((k) => k.service.postNow(id, me));
    case 'changes':
      return {
        kind: 'modal',
        modal: {
          id: `${REASON_PREFIX}${id}`,
          title: ctx.t.t('publish.ask.changes.title'),
          inputs: [
            {
              id: 'reason',
              label: ctx.t.t('publish.ask.changes.label'),
              style: 'paragraph',
              required: true,
              maxLength: 1000,
            },
          ],
        },
      };
    case 'edit':
      return editForm(ctx, id);
    case 'when':
      return { kind: 'modal', modal: newTimeForm(ctx.t, id) };
    case 'invite':
      return { kind: 'modal', modal: inviteForm(id, ctx.t) };
    case 'version':
      // New version…: the menu of ways is posted in the request's thread (version-commands.ts handles it).
      return answer((k) => k.service.versions.menu(id, me));
    case 'revoke':
    case 'revokeone':
      if (a === 'revokeone' && !c) return undefined;
      return answer((k) => k.service.revoke(id, me, c));
    default:
      return undefined;
  }
}

function fromResult(ctx: PublishContext, jobId: string, part: number, index: number): Prepared {
  return formFor(ctx, async () => {
    const out = await ctx.deps.jobs.output(jobId, part, index, ctx.channelKey);
    if (!out?.videoUrl) throw new UserError(ctx.t.t('publish.ask.resultGone'));
    const job = await ctx.deps.jobs.get(jobId);
    return {
      videoUrl: out.videoUrl,
      title: out.info?.title,
      description: out.info?.caption,
      thumbnailUrl: out.thumbnailUrl,
      source: { output: { jobId, part, index }, clip: job?.kind === 'clip' },
    };
  });
}

/** What the Edit form shows of a request. */
const shownOf = (c: Content): FormValues => ({
  title: c.title,
  description: c.description,
  accounts: c.accounts,
  privacy: c.privacy,
  schedule: c.scheduleAt === null ? 'now' : new Date(c.scheduleAt).toISOString(),
});

function editForm(ctx: PublishContext, id: string): Prepared {
  const spec = (c?: Content, accounts: Parameters<typeof publishForm>[2] = []) =>
    publishForm(ctx.t, `${EDIT_PREFIX}${id}`, accounts, c ? shownOf(c) : {}, true);
  return {
    kind: 'modal',
    modal: spec(),
    load: async () => {
      const kit = kitOf(ctx);
      const [r, accounts] = await Promise.all([
        kit.service.find(id, member(ctx).where),
        kit.accounts.list(ctx.channelKey),
      ]);
      return spec(r?.content, accounts);
    },
  };
}

export function publishModal(s: ModalSubmission, ctx: PublishContext): Prepared | undefined {
  if (s.modalId.startsWith(FORM_PREFIX)) {
    return run(false, async (reply) => {
      const draft = await kitOf(ctx).repo.getDraft(s.modalId.slice(FORM_PREFIX.length));
      if (!draft || draft.channelKey !== ctx.channelKey) throw new UserError(ctx.t.t('publish.ask.formGone'));
      const shown = { title: draft.title, description: draft.description };
      await createRequest(
        ctx,
        reply,
        draft.videoUrl,
        submittedValues(s.values, shown),
        draft.thumbnailUrl,
        draft.source,
      );
    });
  }
  if (s.modalId.startsWith(EDIT_PREFIX)) {
    const id = s.modalId.slice(EDIT_PREFIX.length);
    return run(true, async (reply) => {
      const kit = kitOf(ctx);
      const r = await kit.service.find(id, member(ctx).where);
      if (!r) return reply.ephemeral({ text: ctx.t.t('decide.unknown') });
      const [accounts, policy] = await Promise.all([kit.accounts.list(r.channelKey), kit.policies.get(r.channelKey)]);
      const checked = await checkContent(
        r.content.videoUrl,
        submittedValues(s.values, shownOf(r.content)),
        accounts,
        policy.timezone,
        ctx.deps.clock.now(),
        ctx.t,
      );
      if (!checked.ok) throw new UserError(checked.message);
      const { thumbnailUrl } = r.content;
      const content = thumbnailUrl ? { ...checked.content, thumbnailUrl } : checked.content;
      await reply.ephemeral({ text: await kit.service.edit(id, member(ctx), content) });
    });
  }
  if (s.modalId.startsWith(WHEN_PREFIX)) {
    const id = s.modalId.slice(WHEN_PREFIX.length);
    return run(true, async (reply) => {
      const kit = kitOf(ctx);
      const r = await kit.service.find(id, member(ctx).where);
      if (!r) return reply.ephemeral({ text: ctx.t.t('decide.unknown') });
      const { timezone } = await kit.policies.get(r.channelKey);
      const when = await readNewTime(s.values.schedule, timezone, ctx.deps.clock.now(), ctx.t);
      if (!when.ok) throw new UserError(when.message);
      await reply.ephemeral({ text: await kit.service.reschedule(id, member(ctx), when.at) });
    });
  }
  if (s.modalId.startsWith(INVITE_PREFIX)) return submitInvite(s, ctx, member(ctx));
  if (s.modalId.startsWith(REASON_PREFIX)) {
    const id = s.modalId.slice(REASON_PREFIX.length);
    const reason = (s.values.reason ?? '').trim();
    if (!reason) return fail(ctx.t.t('publish.ask.sayWhat'));
    return run(true, async (reply) =>
      reply.ephemeral({ text: await kitOf(ctx).service.requestChanges(id, member(ctx), reason) }),
    );
  }
  return undefined;
}

/** Publish… on a result (`publish:<jobId>:<part>:<output>`) and the request card's buttons (`pub:<verb>:<id>`). */
export const publishResultAction = defineAction({
  verb: 'publish',
  arg: z.string().regex(/^[a-z0-9]{4,32}:\d{1,3}:\d{1,3}$/),
  prepare: (arg, ctx) => publishAction(`publish:${arg}`, ctx) ?? fail(ctx.t.t('bot.button_expired')),
});
export const publishCardAction = defineAction({
  verb: 'pub',
  arg: z.string().regex(/^[a-z]+:[A-Za-z0-9_-]{4,40}(?::[A-Za-z0-9_-]{4,16})?$/),
  prepare: (arg, ctx) => publishAction(`pub:${arg}`, ctx) ?? fail(ctx.t.t('bot.button_expired')),
});

/** The publish form, its Edit, Request changes and New time forms: ids `<form>:<request or draft id>`. */
export const PUBLISH_FORMS: readonly FormHandler<PublishDeps>[] = [
  FORM_PREFIX,
  EDIT_PREFIX,
  REASON_PREFIX,
  WHEN_PREFIX,
  INVITE_PREFIX,
].map((prefix) => ({
  id: prefix.slice(0, -1),
  prepare: (s, ctx) => publishModal(s, ctx) ?? fail(ctx.t.t('bot.form_expired')),
}));
