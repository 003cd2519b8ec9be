import type { Prepared } from '../../../src/core/platform/interaction.ts';
import type { Control, OutMessage } from '../../../src/core/platform/message.ts';
import type { Origin } from '../../../src/core/ports.ts';
import { type Harness, origin, runPrepared } from '../../support/harness.ts';
import type { Seen } from '../../support/recording-chat.ts';

// Drives the publishing flow as people would: forms filled, buttons clicked, by different members.

export const as = (userId: string): Partial<Origin> => ({ userId, userName: userId });

/** Opens a prepared form (awaiting its prefill) and submits `values` over what it showed. */
export async function submitForm(
  h: Harness,
  prepared: Prepared,
  values: Record<string, string>,
  who: Partial<Origin> = {},
  canConfigure = true,
): Promise<Record<string, string>> {
  if (prepared.kind !== 'modal') throw new Error(`expected a form, got ${prepared.kind}`);
  const spec = prepared.load ? await prepared.load() : prepared.modal;
  const shown: Record<string, string> = {};
  for (const input of spec.inputs)
    shown[input.id] = input.choices ? input.choices.selected.join(',') : (input.value ?? '');
  const o = { ...origin, ...who };
  const next = h.app.bot.prepareModal({ modalId: spec.id, values: { ...shown, ...values }, origin: o, canConfigure });
  await runPrepared(next, h.chat.reply(o));
  return shown;
}

export async function click(
  h: Harness,
  actionId: string,
  who: Partial<Origin> = {},
  canConfigure = false,
): Promise<Prepared> {
  const o = { ...origin, ...who };
  const prepared = h.app.bot.prepareAction({ actionId, origin: o, canConfigure });
  await runPrepared(prepared, h.chat.reply(o));
  return prepared;
}

export async function addAccount(h: Harness, name: string, platform: string, key: string): Promise<void> {
  const prepared = await h.command(`/setup socials add ${name} platform=${platform}`);
  await submitForm(h, prepared, { access_key: key });
}

const controlsOf = (m: OutMessage): Control[] => [
  ...(m.controls ?? []),
  ...(m.cards ?? []).flatMap((c) => c.controls ?? []),
];

/** The request card as last drawn (posted, then updated in place). */
export function lastCard(h: Harness): OutMessage {
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
export const lastEphemeral = (h: Harness): string => h.chat.ephemerals().at(-1)?.message.text ?? '';
export const fieldOf = (m: OutMessage, name: string): string =>
  m.cards?.[0]?.fields?.find((f) => f.name === name)?.value ?? '';
