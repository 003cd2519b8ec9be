// A channel's social accounts: a name, a platform and the access key the media API posts with. The key
// is sealed before it reaches the store, bound (associated data) to the channel and the name, so a
// sealed key copied to another channel or name does not open. Only names and platforms are ever shown.
import { z } from 'zod';
import type { SecretBox, Store } from '../../ports.ts';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './caption-limits.ts';

const storedSchema = z.object({
  name: z.string(),
  platform: z.enum(SOCIAL_PLATFORMS),
  sealed: z.string(),
  addedBy: z.string(),
});
const listSchema = z.array(storedSchema);

export interface SocialAccount {
  name: string;
  platform: SocialPlatform;
}

export interface AccountsRepo {
  list(channelKey: string): Promise<SocialAccount[]>;
  /** Adds or replaces the account `name`. */
  put(channelKey: string, account: SocialAccount, accessKey: string, addedBy: string): Promise<void>;
  remove(channelKey: string, name: string): Promise<boolean>;
  /** The access keys of `names`, in order; the names that do not exist (any more) are returned apart. */
  keys(channelKey: string, names: readonly string[]): Promise<{ keys: string[]; missing: string[] }>;
  /** Seals every access key again with the current key (after a rotation of ENCRYPTION_KEY). */
  resealAll(): Promise<SocialsResealReport>;
}

export interface SocialsResealReport {
  /** Access keys sealed again. */
  resealed: number;
  /** `channel/name` of keys no configured key opens (left as they are; to be added again in chat). */
  unreadable: string[];
}

/** Names people type: letters, digits, - and _, at most 32 characters. */
export const ACCOUNT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

export function createAccountsRepo(store: Store, box: SecretBox): AccountsRepo {
  const kv = store.namespace('socials');
  const aad = (channelKey: string, name: string) => `socials:${channelKey}:${name.toLowerCase()}`;
  const read = async (channelKey: string) => {
    const parsed = listSchema.safeParse((await kv.get<unknown>(channelKey)) ?? []);
    return parsed.success ? parsed.data : [];
  };
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return {
    async list(channelKey) {
      return (await read(channelKey)).map(({ name, platform }) => ({ name, platform }));
    },
    async put(channelKey, account, accessKey, addedBy) {
      const rest = (await read(channelKey)).filter((a) => !same(a.name, account.name));
      const sealed = box.seal(accessKey, aad(channelKey, account.name));
      await kv.set(channelKey, [...rest, { ...account, sealed, addedBy }]);
    },
    async remove(channelKey, name) {
      const all = await read(channelKey);
      const rest = all.filter((a) => !same(a.name, name));
      if (rest.length === all.length) return false;
      await kv.set(channelKey, rest);
      return true;
    },
    async keys(channelKey, names) {
      const all = await read(channelKey);
      const keys: string[] = [];
      const missing: string[] = [];
      for (const n of names) {
        const found = all.find((a) => same(a.name, n));
        if (found) keys.push(box.open(found.sealed, aad(channelKey, found.name)));
        else missing.push(n);
      }
      return { keys, missing };
    },
    async resealAll() {
      const report: SocialsResealReport = { resealed: 0, unreadable: [] };
      for await (const [channelKey] of kv.entries<unknown>()) {
        // Compare-and-set: an account added while this runs is kept (the change is computed again).
        let outcome: SocialsResealReport = { resealed: 0, unreadable: [] };
        await kv.update<unknown>(channelKey, (raw) => {
          const parsed = listSchema.safeParse(raw);
          if (!parsed.success) return undefined;
          outcome = { resealed: 0, unreadable: [] };
          const next = parsed.data.map((a) => {
            const bound = aad(channelKey, a.name);
            try {
              const sealed = box.seal(box.open(a.sealed, bound), bound);
              outcome.resealed++;
              return { ...a, sealed };
            } catch {
              outcome.unreadable.push(`${channelKey}/${a.name}`);
              return a;
            }
          });
          return next;
        });
        report.resealed += outcome.resealed;
        report.unreadable.push(...outcome.unreadable);
      }
      return report;
    },
  };
}
