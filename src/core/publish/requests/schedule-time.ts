// Schedule times typed by people ("tomorrow 6pm", "2026-12-01 18:00", "in 2 hours"), read in the
// channel's IANA time zone. chrono-node takes a fixed UTC offset, not a zone, so the offset is taken
// at "now" and corrected once at the parsed instant (a date across a DST change would be an hour off).
// chrono-node is loaded on first use, because only a typed schedule other than `now` needs it and
// loading it at start-up would weigh on every idle bot.
import type * as Chrono from 'chrono-node';
import type { Translator } from '../../i18n/catalogue.ts';
import { PSEUDO_LOCALE } from '../../i18n/locales.ts';
import { loadOnce } from '../../load-once.ts';

const loadChrono = loadOnce((): Promise<typeof Chrono> => import('chrono-node'));

/** Starts loading the parser in the background, so a form's answer is not read behind its load. */
export function preloadScheduleParser(): void {
  loadChrono().catch(() => undefined);
}

/** The API queues posts at most this far ahead; the bot holds them, but a year is the sane horizon. */
export const MAX_AHEAD_MS = 366 * 24 * 3600_000;
/** A little slack so "now"-ish times typed a few seconds ago are not refused as past. */
const PAST_SLACK_MS = 60_000;

export type ScheduleParse = { ok: true; at: number | null } | { ok: false; message: string };

export function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC of `zone` at `instant`. */
export function zoneOffsetMinutes(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** `now`, empty, or a time; refused (in `t`'s language) when past or more than a year ahead. */
export async function parseSchedule(
  text: string | undefined,
  zone: string,
  now: number,
  t: Translator,
): Promise<ScheduleParse> {
  const typed = (text ?? '').trim();
  if (typed === '' || /^now$/i.test(typed)) return { ok: true, at: null };
  const chrono = await loadChrono();
  const parseAt = (offset: number) =>
    chrono.parseDate(typed, { instant: new Date(now), timezone: offset }, { forwardDate: true });
  const first = parseAt(zoneOffsetMinutes(zone, now));
  if (!first) {
    return { ok: false, message: t.t('publish.when.unreadable', { text: typed }) };
  }
  const offsetThen = zoneOffsetMinutes(zone, first.getTime());
  const at = (offsetThen === zoneOffsetMinutes(zone, now) ? first : (parseAt(offsetThen) ?? first)).getTime();
  if (at < now - PAST_SLACK_MS) {
    return { ok: false, message: t.t('publish.when.past', { when: formatWhen(at, zone, t) }) };
  }
  if (at > now + MAX_AHEAD_MS) {
    return { ok: false, message: t.t('publish.when.too_far', { when: formatWhen(at, zone, t) }) };
  }
  return { ok: true, at: at <= now ? null : at };
}

/**
 * `2026-12-01 18:00 (Europe/Paris) · 2026-12-01 17:00 UTC` in English, `01.12.2026, 18:00 (Europe/Paris) ·
 * 01.12.2026, 17:00 UTC` in German: the time in the channel's zone and in UTC, as `t`'s language writes it.
 */
export function formatWhen(at: number, zone: string, t: Translator): string {
  const local = dateIn(t, at, zone);
  if (zone === 'UTC') return t.t('publish.when.utc', { local });
  return t.t('publish.when.zoned', { local, zone, utc: dateIn(t, at, 'UTC') });
}

/**
 * English (and the pseudo-locale, which formats as English does) keeps the ISO-like form its cards and answers have
 * always had; another language writes the date as its readers do, in the zone named (the channel's, or UTC).
 */
function dateIn(t: Translator, at: number, zone: string): string {
  if (t.locale === 'en' || t.locale === PSEUDO_LOCALE) return format(at, zone);
  return t.dateTime(at, { timeZone: zone, hourCycle: 'h23' });
}

function format(at: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
