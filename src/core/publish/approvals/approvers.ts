// Approvers named by group (a Discord role, a Slack user group): who is in it comes from the platform.
// Discord sends the clicking member's roles with every click; Slack sends none, so the named groups are
// looked up (usergroups.users.list behind ChatPort.membersOf). A lookup that fails is never a guess:
// an approval is refused with a reason, and the "no approver can act" check stays silent.
import type { Translator } from '../../i18n/catalogue.ts';
import { groupMention } from '../../platform/message.ts';
import type { ChatPort, Logger, Platform } from '../../ports.ts';
import type { Actor } from './approvals.ts';
import type { Where } from './decide.ts';
import type { Policy } from './policy.ts';

/** The user ids in one group; rejects when the platform cannot say. */
export type GroupMembers = (groupId: string) => Promise<readonly string[]>;

const groupsOf = (p: Policy) => p.approvers.filter((a) => a.startsWith('role:')).map((a) => a.slice(5));
const usersOf = (p: Policy) => p.approvers.filter((a) => !a.startsWith('role:'));

/**
 * The actor with the named groups they belong to (`roles`), or a refusal (in `t`, the actor's language) when a
 * group could not be checked and no other one made them an approver.
 */
export async function withGroups<A extends Actor>(
  actor: A,
  policy: Policy,
  members: GroupMembers | undefined,
  logger: Logger,
  t: Translator,
): Promise<A | string> {
  const groups = groupsOf(policy);
  if (groups.length === 0 || actor.roles !== undefined || usersOf(policy).includes(actor.userId)) return actor;
  if (!members) return { ...actor, roles: [] };
  const found: string[] = [];
  const unchecked: string[] = [];
  for (const g of groups) {
    try {
      if ((await members(g)).includes(actor.userId)) found.push(g);
    } catch (err) {
      logger.warn({ err, group: g }, 'could not read the members of an approver group');
      unchecked.push(g);
    }
  }
  if (found.length > 0 || unchecked.length === 0) return { ...actor, roles: found };
  return t.t('approvals.groupsUnchecked', { groups: unchecked.map(groupMention).join(', ') });
}

/**
 * With named approvers who cannot reach the quorum (the requester cannot approve their own request,
 * a named group has nobody else in it), the request would wait forever: the reason, to say at once (in `t`,
 * the requester's language). Undefined when the quorum is reachable, or when a group's members could not be
 * read (no guessing).
 */
export async function quorumImpossible(
  policy: Policy,
  requesterId: string,
  members: GroupMembers | undefined,
  logger: Logger,
  t: Translator,
): Promise<string | undefined> {
  if (policy.approvals === 0 || policy.approvers.length === 0) return undefined;
  const able = new Set(usersOf(policy));
  const groups = groupsOf(policy);
  if (groups.length > 0) {
    if (!members) return undefined;
    try {
      for (const g of groups) for (const id of await members(g)) able.add(id);
    } catch (err) {
      logger.warn({ err }, 'could not read the members of an approver group; not checking the quorum');
      return undefined;
    }
  }
  if (!policy.selfApprove) able.delete(requesterId);
  if (able.size >= policy.approvals) return undefined;
  return t.t('approvals.quorumImpossible', {
    needed: policy.approvals,
    able: able.size,
    self: policy.selfApprove ? 'no' : 'yes',
    named: groups.length > 0 ? 'yes' : 'no',
    groups: groups.map(groupMention).join(', '),
  });
}

/**
 * Typed `@names` (Slack sends `/setup approvers=@editors` as plain text): a user group's id where the
 * platform finds one by that handle, else the name as typed, without its @. A refusal (in `t`, the language of
 * the person setting it) when the platform could not say (saving a group as a person would match no one, silently).
 */
export async function resolveHandles(
  approvers: readonly string[],
  findGroup: ((handle: string) => Promise<string | undefined>) | undefined,
  logger: Logger,
  t: Translator,
): Promise<string[] | string> {
  const out: string[] = [];
  for (const a of approvers) {
    if (!a.startsWith('@')) {
      out.push(a);
      continue;
    }
    const name = a.slice(1);
    try {
      const group = findGroup ? await findGroup(name) : undefined;
      // Where the platform names people by id (Slack), a name that is no group would match no one.
      if (findGroup && !group) return t.t('approvals.noSuchGroup', { handle: a });
      out.push(group ? `role:${group}` : name);
    } catch (err) {
      logger.warn({ err, handle: name }, 'could not look up a user group by its handle');
      return t.t('approvals.groupUnchecked', { handle: a });
    }
  }
  return [...new Set(out)];
}

/** The checks above, with membership read from the request's platform (ChatPort.membersOf, findGroup). */
export function createApprovers(deps: { chat: (platform: Platform) => ChatPort | undefined; logger: Logger }) {
  const { logger } = deps;
  const membersIn = (where: Where): GroupMembers | undefined => {
    const port = deps.chat(where.platform);
    return port?.membersOf ? (g) => port.membersOf?.(where.workspaceId, g) ?? Promise.resolve([]) : undefined;
  };
  return {
    /** The actor with their groups, or why they could not be checked, in `t` (the actor's language). */
    withGroups: <A extends Actor>(actor: A, policy: Policy, where: Where, t: Translator) =>
      withGroups(actor, policy, membersIn(where), logger, t),
    /**
     * Why no named approver could act on a request by `requesterId` here, in `t` (the requester's language);
     * undefined when someone can.
     */
    whyNoApprover: (policy: Policy, where: Where, requesterId: string, t: Translator) =>
      quorumImpossible(policy, requesterId, membersIn(where), logger, t),
    /** `/setup approvers=@editors`: typed handles to group ids where the platform knows the group (refusals in `t`). */
    resolveApprovers(where: Where, approvers: readonly string[], t: Translator) {
      const port = deps.chat(where.platform);
      const find = port?.findGroup
        ? (h: string) => port.findGroup?.(where.workspaceId, h) ?? Promise.resolve(undefined)
        : undefined;
      return resolveHandles(approvers, find, logger, t);
    },
  };
}

export type Approvers = ReturnType<typeof createApprovers>;
