import { StoreUnavailableError } from '../../../src/core/errors.ts';
import type { Prepared } from '../../../src/core/platform/interaction.ts';
import type { Control, OutMessage } from '../../../src/core/platform/message.ts';
import type { KeyValue, Origin, Store } from '../../../src/core/ports.ts';
import type { TestBot } from '../../support/bot.ts';
import type { Seen } from '../../support/recording-chat.ts';

// Drives the publishing flow as people would: forms filled, buttons clicked, by different members.

export const as = (userId: string): Partial<Origin> => ({ userId, userName: userId });

/** Opens a prepared form (awaiting its prefill) and submits `values` over what it showed. */
export const submitForm = (
  h: TestBot,
  prepared: Prepared,
  values: Record<string, string>,
  who: Partial<Origin> = {},
  canConfigure = true,
): Promise<Record<string, string>> => h.submit(prepared, values, who, canConfigure);

export const click = (
  h: TestBot,
  actionId: string,
  who: Partial<Origin> = {},
  canConfigure = false,
): Promise<Prepared> => h.click(actionId, who, canConfigure);

export async function addAccount(h: TestBot, name: string, platform: string, key: string): Promise<void> {
  const prepared = await h.command(`/setup socials add ${name} platform=${platform}`);
  await submitForm(h, prepared, { access_key: key });
}

const controlsOf = (m: OutMessage): Control[] => [
  ...(m.controls ?? []),
  ...(m.cards ?? []).flatMap((c) => c.controls ?? []),
];

/** The request card as last drawn (posted, then updated in place). */
export function lastCard(h: TestBot): OutMessage {
  const cards = h.chat.seen.filter(
    (s) =>
      (s.where === 'card' || s.where === 'card-update') &&
      /Publish|Published|Cancelled|Outcome unknown|Not published/.test(s.message.text),
  );
  const last = cards.at(-1);
  if (!last) throw new Error('no request card was posted');
  return last.message;
}

export function button(m: OutMessage, label: string): string | undefined {
  const c = controlsOf(m).find((x) => x.kind === 'action' && x.label === label);
  return c && c.kind === 'action' ? c.id : undefined;
}

export const labels = (m: OutMessage): string[] =>
  controlsOf(m).map((c) => (c.kind === 'select' ? c.placeholder : c.label));
export const allText = (seen: Seen[]): string => JSON.stringify(seen.map((s) => s.message));
export const lastEphemeral = (h: TestBot): string => h.chat.ephemerals().at(-1)?.message.text ?? '';
export const fieldOf = (m: OutMessage, name: string): string =>
  m.cards?.[0]?.fields?.find((f) => f.name === name)?.value ?? '';

/** `base`, whose writes of publish requests fail while `outage.on`, as during a long outage of the store. */
export function withPublishOutage(base: Store): { store: Store; outage: { on: boolean } } {
  const outage = { on: false };
  const store: Store = {
    ...base,
    namespace(name) {
      const kv = base.namespace(name);
      if (name !== 'publish') return kv;
      const requests: KeyValue = {
        ...kv,
        update(key, change, ttl) {
          if (outage.on) return Promise.reject(new StoreUnavailableError('the store is away (test)'));
          return kv.update(key, change, ttl);
        },
      };
      return requests;
    },
  };
  return { store, outage };
}
