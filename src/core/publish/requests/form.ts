// The publish form (Title, Description, Accounts, Privacy, Schedule) and the one reading of its
// answers, shared by the form, the text options of /publish and Edit. Everything is checked before a
// request exists: accounts, privacy, the schedule, and the captions against the strictest platform.

import { PRIVACY_VALUES } from '../../media/enums.ts';
import type { ModalSpec } from '../../platform/interaction.ts';
import type { SocialAccount } from '../accounts/accounts.ts';
import { captionProblem, preloadCaptionCounter } from '../accounts/caption-limits.ts';
import { publishWords } from '../words.ts';
import type { Content } from './model.ts';
import { formatWhen, parseSchedule, preloadScheduleParser } from './schedule-time.ts';

export const FORM_PREFIX = 'pubform:';
export const EDIT_PREFIX = 'pubedit:';
export const REASON_PREFIX = 'pubwhy:';
export const WHEN_PREFIX = 'pubwhen:';
export const INVITE_PREFIX = 'pubinvite:';

export const NO_ACCOUNTS =
  'This channel has no social accounts yet, so there is nowhere to publish. Someone who may configure the bot adds one with `/setup socials add <name> platform=<tiktok|instagram|youtube|x|linkedin|facebook|other>`.';

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
function elsewhere(option: 'title' | 'description', editing: boolean): string {
  const ask = `/publish <video link> ${option}="…"`;
  return editing ? `Cancel this request and ask again with ${ask}` : `use ${ask} instead of this form`;
}

export function publishForm(id: string, accounts: readonly SocialAccount[], v: FormValues, editing = false): ModalSpec {
  // Whoever is shown the form submits it next: its checks' parsers load meanwhile (both load on first use).
  preloadScheduleParser();
  preloadCaptionCounter();
  return {
    id,
    title: 'Publish to social accounts',
    inputs: [
      {
        id: 'title',
        label: 'Title',
        style: 'short',
        required: false,
        maxLength: 500,
        value: v.title ?? '',
        elsewhere: elsewhere('title', editing),
      },
      {
        id: 'description',
        label: 'Description',
        style: 'paragraph',
        required: false,
        maxLength: 4000,
        value: v.description ?? '',
        elsewhere: elsewhere('description', editing),
      },
      {
        id: 'accounts',
        label: 'Accounts',
        style: 'short',
        required: true,
        maxLength: 500,
        placeholder: accounts.length ? accounts.map((a) => a.name).join(', ') : 'No accounts yet: /setup socials add',
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
        label: 'Privacy',
        style: 'short',
        required: false,
        maxLength: 10,
        placeholder: 'public, private or unlisted',
        value: v.privacy ?? 'public',
      },
      {
        id: 'schedule',
        label: 'Schedule',
        style: 'short',
        required: false,
        maxLength: 100,
        placeholder: 'now, tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
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

export async function checkContent(
  videoUrl: string,
  v: FormValues,
  accounts: readonly SocialAccount[],
  zone: string,
  now: number,
): Promise<ContentCheck> {
  if (accounts.length === 0) return { ok: false, message: NO_ACCOUNTS };
  const names = (v.accounts ?? []).flatMap((a) => a.split(/[\s,]+/)).filter(Boolean);
  if (names.length === 0)
    return { ok: false, message: `Choose at least one account: ${accounts.map((a) => a.name).join(', ')}.` };
  const chosen: SocialAccount[] = [];
  for (const n of new Set(names.map((x) => x.toLowerCase()))) {
    const found = accounts.find((a) => a.name.toLowerCase() === n);
    if (!found)
      return {
        ok: false,
        message: `There is no account “${n}” in this channel. Its accounts: ${accounts.map((a) => a.name).join(', ')}.`,
      };
    chosen.push(found);
  }
  const privacy = (v.privacy ?? '').trim().toLowerCase() || 'public';
  if (!(PRIVACY_VALUES as readonly string[]).includes(privacy))
    return { ok: false, message: `Privacy must be public, private or unlisted, not “${privacy}”.` };
  const schedule = await parseSchedule(v.schedule, zone, now, publishWords(undefined));
  if (!schedule.ok) return { ok: false, message: schedule.message };
  const title = (v.title ?? '').trim();
  const description = (v.description ?? '').trim();
  const tooLong = await captionProblem(
    title,
    description,
    chosen.map((a) => a.platform),
  );
  if (tooLong) return { ok: false, message: `Too long: ${tooLong}. Shorten it and submit again.` };
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
      : { note: `Scheduled for ${formatWhen(schedule.at, zone, publishWords(undefined))}.` }),
  };
}

/** New time on a post that missed its time: one field, read like /publish's schedule. */
export function newTimeForm(requestId: string): ModalSpec {
  preloadScheduleParser();
  return {
    id: `${WHEN_PREFIX}${requestId}`,
    title: 'Post at a new time',
    inputs: [
      {
        id: 'schedule',
        label: 'New time',
        style: 'short',
        required: true,
        maxLength: 100,
        placeholder: 'tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
      },
    ],
  };
}

export type NewTime = { ok: true; at: number } | { ok: false; message: string };

/** The New time form's answer, in the channel's zone: a time ahead (now is Post now's job). */
export async function readNewTime(text: string | undefined, zone: string, now: number): Promise<NewTime> {
  const parsed = await parseSchedule(text, zone, now, publishWords(undefined));
  if (!parsed.ok) return parsed;
  if (parsed.at === null)
    return {
      ok: false,
      message: 'Give a time ahead, such as `tomorrow 6pm` or `in 2 hours`; to post it at once, use Post now.',
    };
  return { ok: true, at: parsed.at };
}
