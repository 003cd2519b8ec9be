// Each channel's approval policy (/setup approvals=… self_approve=… approval_expiry=… approvers=…
// timezone=… remind=…), kept apart from the other settings so it has its own schema and defaults.
import { z } from 'zod';
import type { Translator } from '../../i18n/catalogue.ts';
import { groupMention, mention } from '../../platform/message.ts';
import type { Store } from '../../ports.ts';
import { isValidZone } from '../requests/schedule-time.ts';

/** Reminders closer together than this would be noise. */
const MIN_REMIND_MS = 60_000;

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
  /** How long a request waits without its quorum before the thread is reminded (and between reminders); null = off. */
  remindMs: z
    .number()
    .int()
    .min(MIN_REMIND_MS)
    .nullable()
    .default(24 * 3600_000),
  /** `required`: a request also waits for at least one outside reviewer's approval (outside-review.ts). */
  outsideReview: z.enum(['required', 'optional']).default('optional'),
});
export type Policy = z.infer<typeof policySchema>;

export const POLICY_OPTIONS = [
  'approvals',
  'self_approve',
  'approval_expiry',
  'approvers',
  'timezone',
  'remind',
  'outside_review',
] as const;

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

const UNIT_MS = { m: 60_000, h: 3600_000, d: 24 * 3600_000 } as const;

/** `30m`, `4h`, `1d` (also `90 min`, `2 days`) → ms; `off` → null; undefined when unreadable or out of range. */
export function parseRemind(s: string): number | null | undefined {
  const t = s.trim().toLowerCase();
  if (t === 'off' || t === 'no' || t === 'never') return null;
  const m = /^(\d+)\s*(m|min|mins|minutes?|h|hours?|d|days?)$/.exec(t);
  if (!m) return undefined;
  const ms = Number(m[1]) * UNIT_MS[(m[2]?.[0] ?? 'm') as keyof typeof UNIT_MS];
  return ms >= MIN_REMIND_MS && ms <= 365 * UNIT_MS.d ? ms : undefined;
}

/** A duration as /setup shows it: `30 min`, `4 h`, `1 d`, in the largest unit that divides it. */
export function durationText(ms: number, t: Translator): string {
  // As strings: a count is written as typed (`remind=1500m`), without a thousands separator.
  if (ms % UNIT_MS.d === 0) return t.t('publish.policy.duration', { unit: 'd', n: String(ms / UNIT_MS.d) });
  if (ms % UNIT_MS.h === 0) return t.t('publish.policy.duration', { unit: 'h', n: String(ms / UNIT_MS.h) });
  return t.t('publish.policy.duration', { unit: 'min', n: String(Math.round(ms / UNIT_MS.m)) });
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

/** The policy options of /setup as a change to the policy, or a refusal in the reader's language (`t`). */
export function parsePolicyOptions(
  v: Record<string, string | number | boolean | undefined>,
  t: Translator,
): PolicyPatch {
  const patch: Partial<Policy> = {};
  if (v.approvals !== undefined) {
    const n = Number(v.approvals);
    if (!Number.isInteger(n) || n < 0 || n > 20) return { ok: false, message: t.t('publish.policy.bad_approvals') };
    patch.approvals = n;
  }
  if (v.self_approve !== undefined) {
    const s = String(v.self_approve).toLowerCase();
    if (!['yes', 'no', 'true', 'false'].includes(s))
      return { ok: false, message: t.t('publish.policy.bad_self_approve') };
    patch.selfApprove = s === 'yes' || s === 'true';
  }
  if (v.approval_expiry !== undefined) {
    const ms = parseExpiry(String(v.approval_expiry));
    if (!ms) return { ok: false, message: t.t('publish.policy.bad_expiry') };
    patch.expiryMs = ms;
  }
  if (v.approvers !== undefined) patch.approvers = parseApprovers(String(v.approvers));
  if (v.timezone !== undefined) {
    const zone = String(v.timezone).trim();
    if (!isValidZone(zone)) return { ok: false, message: t.t('publish.policy.bad_timezone', { zone }) };
    patch.timezone = zone;
  }
  if (v.remind !== undefined) {
    const ms = parseRemind(String(v.remind));
    if (ms === undefined) return { ok: false, message: t.t('publish.policy.bad_remind', { value: String(v.remind) }) };
    patch.remindMs = ms;
  }
  if (v.outside_review !== undefined) {
    const s = String(v.outside_review).trim().toLowerCase();
    if (s !== 'required' && s !== 'optional')
      return { ok: false, message: t.t('publish.policy.bad_outside_review', { value: String(v.outside_review) }) };
    patch.outsideReview = s;
  }
  return { ok: true, patch };
}

/** Who may approve, as a message names them: "anyone in the channel", or their mentions. */
export const approversText = (p: Policy, t: Translator): string =>
  p.approvers.length === 0
    ? t.t('publish.policy.approvers_anyone')
    : p.approvers.map((a) => (a.startsWith('role:') ? groupMention(a.slice(5)) : mention(a))).join(', ');

export function describePolicy(p: Policy, t: Translator): string {
  return t.t('publish.policy.describe', {
    approvals: p.approvals,
    self: p.selfApprove ? 'yes' : 'no',
    hours: String(Math.round(p.expiryMs / 3600_000)),
    who: approversText(p, t),
    zone: p.timezone,
    remind: p.remindMs === null ? 'off' : 'on',
    every: p.remindMs === null ? '' : durationText(p.remindMs, t),
    outside: p.outsideReview,
  });
}

/** Whether a request waits at all: for members' approvals, or for an outside reviewer's. */
export const needsApproval = (p: Policy): boolean => p.approvals > 0 || p.outsideReview === 'required';
