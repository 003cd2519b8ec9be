// The pseudo-locale reader the contract's en-XA run depends on: it must give back the English a message stands for,
// and find English that reached a reader without the catalogue, or that run could pass while hiding leaks.
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/core/i18n/catalogue.ts';
import type { Translation } from '../../src/core/i18n/messages.ts';
import { defineMessages } from '../../src/core/i18n/messages.ts';
import { type Leak, pseudoSurface, readPseudo } from './pseudo.ts';
import type { Seen, Surface } from './surface.ts';

const EN = {
  'sample.approved': '✅ Approved by {name}',
  'sample.outer': 'Waiting for your approval ({count}): {inner}',
  'sample.usage': 'Usage: `{usage}`',
} as const;
const same = EN as Translation<typeof EN>;
const xa = createCatalogue([defineMessages(EN, { de: same, es: same, fr: same, 'pt-BR': same, ja: same })]).translator(
  'en-XA',
);

describe('reading en-XA', () => {
  it('gives back the English of nested messages, their values as given', () => {
    const inner = xa.t('sample.approved', { name: 'José' });
    const text = xa.t('sample.outer', { count: 2, inner });
    expect(text).not.toContain('Approved');
    expect(readPseudo(text).english).toBe('Waiting for your approval (2): ✅ Approved by José');
    expect(readPseudo(text).outside.trim().split(/\s+/)).toEqual(['2', 'José']);
  });

  it('counts a value inside a code span as code, and a message cut short as closed', () => {
    expect(readPseudo(xa.t('sample.usage', { usage: '/as bea · /as alone' })).outside.trim()).toBe('');
    expect(readPseudo(xa.t('sample.approved', { name: 'Ana' }).slice(0, 6)).english).toBe('✅ App');
  });
});

/** A surface showing fixed messages, for the reader's verdicts. */
function showing(messages: Seen[]): Surface {
  const none = async () => {};
  return {
    name: 'console',
    sandboxUrl: '',
    idOf: (who) => who,
    command: none,
    click: none,
    clickPrivate: none,
    submitForm: none,
    threads: async () => [],
    card: async () => messages[0] as Seen,
    thread: async () => messages,
    privateTo: async () => messages,
    everyone: async () => messages,
    passTime: () => {},
    restart: none,
    close: none,
  };
}
const seen = (text: string, buttons: string[] = []): Seen => ({ text, buttons, notifies: [], links: [] });

describe('the pseudo surface', () => {
  it('finds the catalogue’s English written past it, outside a message or inside a value', async () => {
    const leaks: Leak[] = [];
    const s = pseudoSurface(
      showing([
        seen(`${xa.t('sample.approved', { name: 'Ana' })} Saved.`),
        seen(xa.t('sample.approved', { name: 'Waiting for your approval' })),
        seen('', ['Approve']),
      ]),
      leaks,
    );
    const read = await s.everyone();
    expect(read.map((m) => m.text)).toEqual([
      '✅ Approved by Ana Saved.',
      '✅ Approved by Waiting for your approval',
      '',
    ]);
    // Words of the bot's catalogue: outside any message, in a value nobody typed, a button's label.
    expect(leaks.map((l) => l.words)).toEqual([['saved'], ['waiting', 'your', 'approval'], ['approve']]);
  });

  it('lets through what people typed and what a behaviour names as data', async () => {
    const leaks: Leak[] = [];
    const s = pseudoSurface(showing([seen(xa.t('sample.approved', { name: 'your approval' }))]), leaks, ['Approval']);
    await s.command('/publish title="your launch"');
    await s.everyone();
    expect(leaks).toEqual([]);
  });
});
