import { afterAll, describe, expect, it } from 'vitest';
import { controlId, EXPIRED_BUTTON, splitControlId } from '../../../src/core/commands/actions.ts';
import { ACTIONS, COMMAND_HANDLERS, createRegistry, FORMS } from '../../../src/core/commands/registry.ts';
import type { OptionSpec } from '../../../src/core/commands/spec.ts';
import { COMMANDS } from '../../../src/core/commands/table.ts';
import { DEFAULT_SOURCES, validateOptions } from '../../../src/core/commands/validate.ts';
import { origin, startTestBot, type TestBot } from '../../support/bot.ts';

const BUG = /could not read its options/;

/** A value the table accepts for an option, of its type. */
function sample(o: OptionSpec): string | number | boolean {
  if (o.type === 'url') return 'https://example.com/talk.mp4';
  if (o.type === 'boolean') return true;
  if (o.type === 'integer' || o.type === 'number') return o.min ?? 1;
  if (o.choices) return o.choices[0] ?? 'x';
  if (o.source && o.source !== 'voice') return DEFAULT_SOURCES[o.source][0] ?? 'x';
  return o.name === 'id' ? '6650f1c2a1b2c3d4e5f60718' : o.name === 'duration' ? '15-45' : 'Jenny';
}

describe('the command registry', () => {
  it('holds exactly one handler for every command of the table, and none other', () => {
    const handlerNames = Object.keys(COMMAND_HANDLERS).sort();
    expect(handlerNames).toEqual(COMMANDS.map((c) => c.name).sort());
    for (const spec of COMMANDS) expect(COMMAND_HANDLERS[spec.name].spec).toBe(spec);
    expect(createRegistry().specs).toBe(COMMANDS);
  });

  it('gives every handler every option the table declares, typed as the table checked it', () => {
    const errors: string[] = [];
    // prepare does no I/O: the only dependency it may touch is the logger, to report a schema gap.
    const ctx = {
      deps: { logger: { error: (o: object) => errors.push(JSON.stringify(o)) } },
      canConfigure: true,
      origin,
    };
    for (const spec of COMMANDS) {
      // Each option alone, so a command's own "either this or that" rule does not hide a schema gap.
      for (const option of spec.options) {
        const raw = Object.fromEntries(
          spec.options.filter((o) => o.required || o === option).map((o) => [o.name, sample(o)]),
        );
        const checked = validateOptions(spec, raw, DEFAULT_SOURCES);
        if (!checked.ok) throw new Error(`/${spec.name} ${option.name}: ${checked.error}`);
        const prepared = COMMAND_HANDLERS[spec.name].prepare(checked.values, ctx as never);
        const said = prepared.kind === 'error' ? prepared.message : '';
        expect(said, `/${spec.name} ${option.name}`).not.toMatch(BUG);
      }
    }
    expect(errors).toEqual([]);
  });

  it('refuses two handlers for one button verb or form id, since one would shadow the other', () => {
    expect(new Set(ACTIONS.map((a) => a.verb)).size).toBe(ACTIONS.length);
    expect(new Set(FORMS.map((f) => f.id)).size).toBe(FORMS.length);
  });
});

describe('control ids', () => {
  it('carry a verb and an argument within Discord’s 100 characters', () => {
    expect(controlId('retry', 'k3j9x2')).toBe('retry:k3j9x2');
    expect(splitControlId('retry:k3j9x2')).toEqual({ verb: 'retry', arg: 'k3j9x2' });
    expect(() => controlId('retry', 'x'.repeat(100))).toThrow(/100 characters/);
  });
});

describe('a click with an id no button of the bot carries', () => {
  let h: TestBot | undefined;
  afterAll(() => h?.close());
  it.each([
    ['an unknown verb', 'delete_everything:all'],
    ['a known verb with a forged argument', 'retry:../../other-channel'],
    ['an id far over the platform limit', `retry:${'a'.repeat(300)}`],
  ])('is answered as an expired button (%s)', async (_what, actionId) => {
    h ??= await startTestBot();
    const prepared = h.app.bot.prepareAction({ actionId, origin, canConfigure: true });
    expect(prepared).toEqual({ kind: 'error', message: EXPIRED_BUTTON });
  });
});
