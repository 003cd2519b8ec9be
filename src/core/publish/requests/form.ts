// The publish form (Title, Description, Accounts, Privacy, Schedule) and the one reading of its
// answers, shared by the form, the text options of /publish and Edit. Everything is checked before a
// request exists: accounts, privacy, the schedule, and the captions against the strictest platform.

import type { Translator } from '../../i18n/catalogue.ts';
import { PRIVACY_VALUES } from '../../media/enums.ts';
import type { ModalSpec } from '../../platform/interaction.ts';
import type { SocialAccount } from '../accounts/accounts.ts';
import { captionProblem, preloadCaptionCounter } from '../accounts/caption-limits.ts';
import type { Content } from './model.ts';
import { formatWhen, parseSchedule, preloadScheduleParser } from './schedule-time.ts';

export const FORM_PREFIX = 'pubform:';
export const EDIT_PREFIX = 'pubedit:';
export const REASON_PREFIX = 'pubwhy:';
export const WHEN_PREFIX = 'pubwhen:';
export const INVITE_PREFIX = 'pubinvite:';

export interface FormValues {
  title?: string;
  description?: string;
  accounts?: readonly string[];
  privacy?: string;
  schedule?: string;
}

/**
 * How to change a title or description too long for a platform's form (it is then shown as a note and
 * kept): a request being edited is asked again, a new one is asked with the text options.
 */
function elsewhere(t: Translator, option: 'title' | 'description', editing: boolean): string {
  return t.t(editing ? 'publish.form.elsewhereEdit' : 'publish.form.elsewhereNew', { option });
}

/** The publish form (and Edit's, `editing`), in the reader's language (`t`). */
export function publishForm(
  t: Translator,
  id: string,
  accounts: readonly SocialAccount[],
  v: FormValues,
  editing = false,
): ModalSpec {
  // Whoever is shown the form submits it next: its checks' parsers load meanwhile (both load on first use).
  preloadScheduleParser();
  preloadCaptionCounter();
  return {
    id,
    title: t.t('publish.form.title'),
    inputs: [
      {
        id: 'title',
        label: t.t('publish.form.label.title'),
        style: 'short',
        required: false,
        maxLength: 500,
        value: v.title ?? '',
        elsewhere: elsewhere(t, 'title', editing),
      },
      {
        id: 'description',
        label: t.t('publish.form.label.description'),
        style: 'paragraph',
        required: false,
        maxLength: 4000,
        value: v.description ?? '',
        elsewhere: elsewhere(t, 'description', editing),
      },
      {
        id: 'accounts',
        label: t.t('publish.form.label.accounts'),
        style: 'short',
        required: true,
        maxLength: 500,
        placeholder: accounts.length ? accounts.map((a) => a.name).join(', ') : t.t('publish.form.accountsNone'),
        value: (v.accounts ?? []).join(', '),
        ...(accounts.length > 0
          ? {
              choices: {
                options: accounts.map((a) => ({ label: `${a.name} (${a.platform})`, value: a.name })),
                selected: [...(v.accounts ?? [])],
              },
            }
          : {}),
      },
      {
        id: 'privacy',
        label: t.t('publish.form.label.privacy'),
        style: 'short',
        required: false,
        maxLength: 10,
        placeholder: t.t('publish.form.privacyHint'),
        value: v.privacy ?? 'public',
      },
      {
        id: 'schedule',
        label: t.t('publish.form.label.schedule'),
        style: 'short',
        required: false,
        maxLength: 100,
        placeholder: t.t('publish.form.scheduleHint'),
        value: v.schedule ?? 'now',
      },
    ],
  };
}

/**
 * The answers of a submitted publish form over what it showed: a field the form could not show (too long
 * for the platform) is absent and keeps its value, so saving the form unchanged changes nothing.
 */
export function submittedValues(submitted: Record<string, string>, shown: FormValues): FormValues {
  const accounts = submitted.accounts;
  return {
    title: submitted.title ?? shown.title,
    description: submitted.description ?? shown.description,
    accounts: accounts === undefined ? shown.accounts : accounts ? [accounts] : [],
    privacy: submitted.privacy ?? shown.privacy,
    schedule: submitted.schedule ?? shown.schedule,
  };
}

export type ContentCheck = { ok: true; content: Content; note?: string } | { ok: false; message: string };

/** The answers checked, each refusal in the reader's language (`t`). */
export async function checkContent(
  videoUrl: string,
  v: FormValues,
  accounts: readonly SocialAccount[],
  zone: string,
  now: number,
  t: Translator,
): Promise<ContentCheck> {
  if (accounts.length === 0) return { ok: false, message: t.t('publish.form.noAccounts') };
  const names = (v.accounts ?? []).flatMap((a) => a.split(/[\s,]+/)).filter(Boolean);
  const all = accounts.map((a) => a.name).join(', ');
  if (names.length === 0) return { ok: false, message: t.t('publish.form.chooseAccount', { accounts: all }) };
  const chosen: SocialAccount[] = [];
  for (const n of new Set(names.map((x) => x.toLowerCase()))) {
    const found = accounts.find((a) => a.name.toLowerCase() === n);
    if (!found) return { ok: false, message: t.t('publish.form.unknownAccount', { name: n, accounts: all }) };
    chosen.push(found);
  }
  const privacy = (v.privacy ?? '').trim().toLowerCase() || 'public';
  if (!(PRIVACY_VALUES as readonly string[]).includes(privacy))
    return { ok: false, message: t.t('publish.form.badPrivacy', { privacy }) };
  const schedule = await parseSchedule(v.schedule, zone, now, t);
  if (!schedule.ok) return { ok: false, message: schedule.message };
  const title = (v.title ?? '').trim();
  const description = (v.description ?? '').trim();
  const tooLong = await captionProblem(
    title,
    description,
    chosen.map((a) => a.platform),
    t,
  );
  if (tooLong) return { ok: false, message: t.t('publish.form.tooLong', { problem: tooLong }) };
  const content: Content = {
    videoUrl,
    title,
    description,
    accounts: chosen.map((a) => a.name),
    privacy: privacy as (typeof PRIVACY_VALUES)[number],
    scheduleAt: schedule.at,
  };
  return {
    ok: true,
    content,
    ...(schedule.at === null
      ? {}
      : { note: t.t('publish.form.scheduledFor', { when: formatWhen(schedule.at, zone, t) }) }),
  };
}

/** New time on a post that missed its time: one field, read like /publish's schedule. */
export function newTimeForm(t: Translator, requestId: string): ModalSpec {
  preloadScheduleParser();
  return {
    id: `${WHEN_PREFIX}${requestId}`,
    title: t.t('publish.form.newTime.title'),
    inputs: [
      {
        id: 'schedule',
        label: t.t('publish.form.newTime.label'),
        style: 'short',
        required: true,
        maxLength: 100,
        placeholder: t.t('publish.form.newTime.hint'),
      },
    ],
  };
}

export type NewTime = { ok: true; at: number } | { ok: false; message: string };

/** The New time form's answer, in the channel's zone: a time ahead (now is Post now's job); refusals in `t`'s words. */
export async function readNewTime(
  text: string | undefined,
  zone: string,
  now: number,
  t: Translator,
): Promise<NewTime> {
  const parsed = await parseSchedule(text, zone, now, t);
  if (!parsed.ok) return parsed;
  if (parsed.at === null) return { ok: false, message: t.t('publish.form.newTime.notAhead') };
  return { ok: true, at: parsed.at };
}
