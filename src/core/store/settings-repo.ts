// Per-channel settings. The API key and social access keys are sealed before they reach the store, each
// bound (as associated data) to the channel and field it belongs to, so a sealed value copied elsewhere
// does not open.

import { z } from 'zod';
import { ReelbotError } from '../errors.ts';
import type { Clock, KeyValue, SecretBox, Store } from '../ports.ts';
import { systemClock } from '../ports.ts';

export interface SocialKey {
  label: string;
  key: string;
}

export interface ChannelSettings {
  apiKey?: string;
  language?: string;
  voiceId?: string;
  template?: string;
  socialKeys?: SocialKey[];
  updatedBy?: string;
  updatedAt?: number;
}

type Editable = Omit<ChannelSettings, 'updatedBy' | 'updatedAt'>;
/** `undefined` (or absent) leaves a field as it is; `null` clears it. */
export type SettingsPatch = { [K in keyof Editable]?: Editable[K] | null } & { updatedBy?: string };

export interface SettingsRepo {
  /** The channel's settings, secrets opened; `{}` when none were saved. */
  get(channelKey: string): Promise<ChannelSettings>;
  /** Applies `patch` and returns the settings now saved. */
  update(channelKey: string, patch: SettingsPatch): Promise<ChannelSettings>;
  /** Forgets every setting of the channel (also the way out of a corrupt record). */
  clear(channelKey: string): Promise<void>;
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
  socialKeys: z.array(z.object({ label: z.string(), key: z.string() })).optional(),
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
    ...(settings.socialKeys === undefined
      ? {}
      : {
          socialKeys: settings.socialKeys.map(({ label, key }) => ({
            label,
            key: box.seal(key, aad(channelKey, `socialKeys:${label}`)),
          })),
        }),
  });

  const open = (channelKey: string, stored: Stored): ChannelSettings => ({
    ...stored,
    ...(stored.apiKey === undefined ? {} : { apiKey: box.open(stored.apiKey, aad(channelKey, 'apiKey')) }),
    ...(stored.socialKeys === undefined
      ? {}
      : {
          socialKeys: stored.socialKeys.map(({ label, key }) => ({
            label,
            key: box.open(key, aad(channelKey, `socialKeys:${label}`)),
          })),
        }),
  });

  const get = async (channelKey: string) => read(records, channelKey, (stored) => open(channelKey, stored));

  return {
    get,
    async update(channelKey, patch) {
      const next = applyPatch(await get(channelKey), patch, clock.now());
      await records.set(channelKey, seal(channelKey, next));
      return next;
    },
    async clear(channelKey) {
      await records.delete(channelKey);
    },
  };
}

async function read(
  records: KeyValue,
  channelKey: string,
  open: (stored: Stored) => ChannelSettings,
): Promise<ChannelSettings> {
  const raw = await records.get<unknown>(channelKey);
  if (raw === undefined) return {};
  const parsed = storedSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CorruptRecordError(
      `the saved settings of ${channelKey} are malformed: ${z.prettifyError(parsed.error)}`,
      {
        cause: parsed.error,
      },
    );
  }
  try {
    return open(parsed.data);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CorruptRecordError(
      `a saved secret of ${channelKey} cannot be opened (${reason}); was ENCRYPTION_KEY changed?`,
      { cause: error },
    );
  }
}

function applyPatch(current: ChannelSettings, patch: SettingsPatch, now: number): ChannelSettings {
  const next: ChannelSettings = { ...current };
  for (const field of ['apiKey', 'language', 'voiceId', 'template', 'socialKeys'] as const) {
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
