// Each channel's approval policy (/setup approvals=… self_approve=… approval_expiry=… approvers=…
// timezone=…), kept apart from the other settings so it has its own schema and defaults.
import { z } from 'zod';
import { groupMention, mention } from '../platform/message.ts';
import type { Store } from '../ports.ts';
import { isValidZone } from './schedule-time.ts';

export const policySchema = z.object({
  approvals: z.number().int().min(0).max(20).default(1),
  selfApprove: z.boolean().default(false),
  expiryMs: z
    .number()
    .int()
    .positive()
    .default(72 * 3600_000),
  /** Empty = anyone in the channel. User ids, or role / user-group ids written as `role:<id>`. */
  approvers: z.array(z.string()).default([]),
  timezone: z.string().default('UTC'),
});
export type Policy = z.infer<typeof policySchema>;

export const POLICY_OPTIONS = ['approvals', 'self_approve', 'approval_expiry', 'approvers', 'timezone'] as const;

export interface PolicyRepo {
  get(channelKey: string): Promise<Policy>;
  save(channelKey: string, p: Policy): Promise<void>;
}

export function createPolicyRepo(store: Store): PolicyRepo {
  const kv = store.namespace('publish-policy');
  return {
    async get(channelKey) {
      const parsed = policySchema.safeParse((await kv.get<unknown>(channelKey)) ?? {});
      return parsed.success ? parsed.data : policySchema.parse({});
    },
    save: (channelKey, p) => kv.set(channelKey, p),
  };
}

export type PolicyPatch = { ok: true; patch: Partial<Policy> } | { ok: false; message: string };

/** `72h`, `3d` → ms. */
function parseExpiry(s: string): number | undefined {
  const m = /^(\d+)\s*([hd])$/i.exec(s.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return n > 0 && n <= 365 * 24 ? n * (m[2]?.toLowerCase() === 'd' ? 24 : 1) * 3600_000 : undefined;
}

/** Mentions (`<@U123>`, `<@&role>`, `<!subteam^S1>`), plain ids and typed `@names`, to approver ids. */
function parseApprovers(s: string): string[] {
  if (/^anyone$/i.test(s.trim())) return [];
  return s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => {
      const role = /^<@&(\d+)>$/.exec(t) ?? /^<!subteam\^([A-Z0-9]+)(?:\|[^>]*)?>$/.exec(t);
      if (role?.[1]) return `role:${role[1]}`;
      const user = /^<@!?([A-Za-z0-9]+)(?:\|[^>]*)?>$/.exec(t);
      // A typed `@name` keeps its @ until approvers.ts asks the platform whether it names a group.
      return user?.[1] ?? t;
    });
}

export function parsePolicyOptions(v: Record<string, string | number | boolean | undefined>): PolicyPatch {
  const patch: Partial<Policy> = {};
  if (v.approvals !== undefined) {
    const n = Number(v.approvals);
    if (!Number.isInteger(n) || n < 0 || n > 20)
      return { ok: false, message: 'approvals must be a whole number from 0 to 20.' };
    patch.approvals = n;
  }
  if (v.self_approve !== undefined) {
    const s = String(v.self_approve).toLowerCase();
    if (!['yes', 'no', 'true', 'false'].includes(s)) return { ok: false, message: 'self_approve must be yes or no.' };
    patch.selfApprove = s === 'yes' || s === 'true';
  }
  if (v.approval_expiry !== undefined) {
    const ms = parseExpiry(String(v.approval_expiry));
    if (!ms) return { ok: false, message: 'approval_expiry must look like 72h or 3d.' };
    patch.expiryMs = ms;
  }
  if (v.approvers !== undefined) patch.approvers = parseApprovers(String(v.approvers));
  if (v.timezone !== undefined) {
    const zone = String(v.timezone).trim();
    if (!isValidZone(zone))
      return {
        ok: false,
        message: `timezone must be an IANA zone such as Europe/Paris or America/New_York, not “${zone}”.`,
      };
    patch.timezone = zone;
  }
  return { ok: true, patch };
}

/** Who may approve, as a message names them: "anyone in the channel", or their mentions. */
export const approversText = (p: Policy): string =>
  p.approvers.length === 0
    ? 'anyone in the channel'
    : p.approvers.map((a) => (a.startsWith('role:') ? groupMention(a.slice(5)) : mention(a))).join(', ');

export function describePolicy(p: Policy): string {
  const n = p.approvals === 0 ? 'no approval needed' : `${p.approvals} approval${p.approvals === 1 ? '' : 's'}`;
  const who = approversText(p);
  return `${n} · self-approval ${p.selfApprove ? 'allowed' : 'not allowed'} · approvals expire after ${Math.round(p.expiryMs / 3600_000)} h · approvers: ${who} · time zone ${p.timezone}`;
}
