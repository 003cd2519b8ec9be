// Per-channel settings. The API key is sealed before it reaches the store, bound (as associated data) to the
// channel and field it belongs to, so a sealed value copied elsewhere does not open. Social access keys live
// with their accounts (publish/accounts/accounts.ts).

import { z } from 'zod';
import { ReelbotError } from '../errors.ts';
import type { Clock, KeyValue, SecretBox, Store } from '../ports.ts';
import { systemClock } from '../ports.ts';

export interface ChannelSettings {
  apiKey?: string;
  language?: string;
  voiceId?: string;
  template?: string;
  /** The language the bot writes to everyone in the channel (`/setup locale=`), a shipped locale tag. */
  locale?: string;
  updatedBy?: string;
  updatedAt?: number;
  /**
   * Secrets saved here that no configured encryption key opens ('apiKey'): left out
   * of the settings above, kept sealed in the store (a restored ENCRYPTION_KEY_PREVIOUS may open them
   * again) until someone sets or clears them.
   */
  unreadable?: string[];
}

type Editable = Omit<ChannelSettings, 'updatedBy' | 'updatedAt' | 'unreadable'>;
/** `undefined` (or absent) leaves a field as it is; `null` clears it. */
export type SettingsPatch = { [K in keyof Editable]?: Editable[K] | null } & { updatedBy?: string };

export interface SettingsRepo {
  /** The channel's settings, secrets opened; `{}` when none were saved. */
  get(channelKey: string): Promise<ChannelSettings>;
  /** Applies `patch` and returns the settings now saved. */
  update(channelKey: string, patch: SettingsPatch): Promise<ChannelSettings>;
  /** Forgets every setting of the channel (also the way out of a corrupt record). */
  clear(channelKey: string): Promise<void>;
  /** Seals every readable secret of every channel again with the current key (after a rotation). */
  resealAll(): Promise<ResealReport>;
}

export interface ResealReport {
  /** Channels whose secrets were sealed again. */
  resealed: number;
  /** Channels holding a secret that no configured key opens (to be set again in chat). */
  unreadable: string[];
  /** Channels whose record is malformed (left as is). */
  malformed: string[];
}

/** A stored record could not be read back (malformed, or a secret that no configured key opens). */
export class CorruptRecordError extends ReelbotError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('store_unavailable', message, options);
  }
}

const storedSchema = z.object({
  apiKey: z.string().optional(),
  language: z.string().optional(),
  voiceId: z.string().optional(),
  template: z.string().optional(),
  locale: z.string().optional(),
  updatedBy: z.string().optional(),
  updatedAt: z.number().optional(),
});
type Stored = z.infer<typeof storedSchema>;

export function createSettingsRepo(store: Store, box: SecretBox, deps?: { clock?: Clock }): SettingsRepo {
  const clock = deps?.clock ?? systemClock;
  const records = store.namespace('settings');
  const aad = (channelKey: string, field: string) => `settings:${channelKey}:${field}`;

  const seal = (channelKey: string, settings: ChannelSettings): Stored => ({
    ...settings,
    ...(settings.apiKey === undefined ? {} : { apiKey: box.seal(settings.apiKey, aad(channelKey, 'apiKey')) }),
  });

  /** Opens what the configured keys can; a secret none opens is listed, never thrown (a channel must not lock up). */
  const open = (channelKey: string, stored: Stored): ChannelSettings => {
    const unreadable: string[] = [];
    const tryOpen = (sealed: string, field: string): string | undefined => {
      try {
        return box.open(sealed, aad(channelKey, field));
      } catch {
        unreadable.push(field);
        return undefined;
      }
    };
    const { apiKey, ...plain } = stored;
    const opened: ChannelSettings = { ...plain };
    const key = apiKey === undefined ? undefined : tryOpen(apiKey, 'apiKey');
    if (key !== undefined) opened.apiKey = key;
    if (unreadable.length > 0) opened.unreadable = unreadable;
    return opened;
  };

  /** Sealed values that stay as they were: unreadable ones the patch does not replace. */
  const keepUnreadable = (stored: Stored, next: Stored, unreadable: string[], patch: SettingsPatch): Stored => {
    const kept = { ...next };
    if (unreadable.includes('apiKey') && patch.apiKey === undefined) kept.apiKey = stored.apiKey;
    return kept;
  };

  const get = async (channelKey: string) =>
    (await read(records, channelKey, (stored) => open(channelKey, stored))).opened;

  return {
    get,
    async update(channelKey, patch) {
      const { opened, stored } = await read(records, channelKey, (s) => open(channelKey, s));
      const { unreadable = [], ...current } = opened;
      const next = applyPatch(current, patch, clock.now());
      await records.set(channelKey, keepUnreadable(stored, seal(channelKey, next), unreadable, patch));
      const still = unreadable.filter((f) => !(f === 'apiKey' && patch.apiKey !== undefined));
      return still.length > 0 ? { ...next, unreadable: still } : next;
    },
    async clear(channelKey) {
      await records.delete(channelKey);
    },
    async resealAll() {
      const report: ResealReport = { resealed: 0, unreadable: [], malformed: [] };
      for await (const [channelKey, raw] of records.entries<unknown>()) {
        const parsed = storedSchema.safeParse(raw);
        if (!parsed.success) {
          report.malformed.push(channelKey);
          continue;
        }
        const { unreadable = [], ...opened } = open(channelKey, parsed.data);
        const next = keepUnreadable(parsed.data, seal(channelKey, opened), unreadable, {});
        await records.set(channelKey, next);
        report.resealed++;
        if (unreadable.length > 0) report.unreadable.push(channelKey);
      }
      return report;
    },
  };
}

async function read(
  records: KeyValue,
  channelKey: string,
  open: (stored: Stored) => ChannelSettings,
): Promise<{ opened: ChannelSettings; stored: Stored }> {
  const raw = await records.get<unknown>(channelKey);
  if (raw === undefined) return { opened: {}, stored: {} };
  const parsed = storedSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CorruptRecordError(
      `the saved settings of ${channelKey} are malformed: ${z.prettifyError(parsed.error)}`,
      {
        cause: parsed.error,
      },
    );
  }
  return { opened: open(parsed.data), stored: parsed.data };
}

function applyPatch(current: ChannelSettings, patch: SettingsPatch, now: number): ChannelSettings {
  const next: ChannelSettings = { ...current };
  for (const field of ['apiKey', 'language', 'voiceId', 'template', 'locale'] as const) {
    const value = patch[field];
    if (value === null) delete next[field];
    else if (value !== undefined) Object.assign(next, { [field]: value });
  }
  if (patch.updatedBy !== undefined) next.updatedBy = patch.updatedBy;
  next.updatedAt = now;
  return next;
}

/** Enough of a secret to recognise it: `••••••3f9a`, never more than its last 4 characters. */
export function maskSecret(secret: string): string {
  // Short secrets show nothing: 4 characters of an 8-character secret would give half of it away.
  const visible = secret.length >= 12 ? 4 : 0;
  return `••••••${secret.slice(secret.length - visible)}`;
}
