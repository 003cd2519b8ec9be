// Approvers named by group (a Discord role, a Slack user group): who is in it comes from the platform.
// Discord sends the clicking member's roles with every click; Slack sends none, so the named groups are
// looked up (usergroups.users.list behind ChatPort.membersOf). A lookup that fails is never a guess:
// an approval is refused with a reason, and the "no approver can act" check stays silent.
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
 * The actor with the named groups they belong to (`roles`), or a refusal when a group could not be
 * checked and no other one made them an approver.
 */
export async function withGroups<A extends Actor>(
  actor: A,
  policy: Policy,
  members: GroupMembers | undefined,
  logger: Logger,
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
  return `I could not check whether you are in ${unchecked.map(groupMention).join(', ')} (the platform did not answer), so nothing was approved. Try again in a minute; if it keeps failing, ask whoever installed the bot to check its permissions (Slack: the usergroups:read scope).`;
}

/**
 * With named approvers who cannot reach the quorum (the requester cannot approve their own request,
 * a named group has nobody else in it), the request would wait forever: the reason, to say at once.
 * Undefined when the quorum is reachable, or when a group's members could not be read (no guessing).
 */
export async function quorumImpossible(
  policy: Policy,
  requesterId: string,
  members: GroupMembers | undefined,
  logger: Logger,
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
  const n = `${policy.approvals} approval${policy.approvals === 1 ? '' : 's'}`;
  const self = policy.selfApprove ? '' : ' (you cannot approve your own request)';
  const named = groups.length > 0 ? `, counting everyone in ${groups.map(groupMention).join(', ')}` : '';
  return `No approver can act on this request: this channel needs ${n}, but only ${able.size} of its approvers could give one${self}${named}. Ask someone who may configure the bot to change /setup approvals or approvers.`;
}

/**
 * Typed `@names` (Slack sends `/setup approvers=@editors` as plain text): a user group's id where the
 * platform finds one by that handle, else the name as typed, without its @. A refusal when the platform
 * could not say (saving a group as a person would match no one, silently).
 */
const notFound = (a: string) =>
  `No user group is called ${a}, and a person has to be picked from the @ menu (so I get who they are), not typed: run /setup approvers= again and choose each approver from the list shown after you type @. The policy was not saved.`;

export async function resolveHandles(
  approvers: readonly string[],
  findGroup: ((handle: string) => Promise<string | undefined>) | undefined,
  logger: Logger,
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
      if (findGroup && !group) return notFound(a);
      out.push(group ? `role:${group}` : name);
    } catch (err) {
      logger.warn({ err, handle: name }, 'could not look up a user group by its handle');
      return `I could not check whether ${a} is a user group (the platform did not answer), so the policy was not saved. Try again in a minute, or pick the group from the @ menu; if it keeps failing, ask whoever installed the bot to check its permissions (Slack: the usergroups:read scope).`;
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
    withGroups: <A extends Actor>(actor: A, policy: Policy, where: Where) =>
      withGroups(actor, policy, membersIn(where), logger),
    /** Why no named approver could act on a request by `requesterId` here; undefined when someone can. */
    whyNoApprover: (policy: Policy, where: Where, requesterId: string) =>
      quorumImpossible(policy, requesterId, membersIn(where), logger),
    /** `/setup approvers=@editors`: typed handles to group ids where the platform knows the group. */
    resolveApprovers(where: Where, approvers: readonly string[]) {
      const port = deps.chat(where.platform);
      const find = port?.findGroup
        ? (h: string) => port.findGroup?.(where.workspaceId, h) ?? Promise.resolve(undefined)
        : undefined;
      return resolveHandles(approvers, find, logger);
    },
  };
}

export type Approvers = ReturnType<typeof createApprovers>;
