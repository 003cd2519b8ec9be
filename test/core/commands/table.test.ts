import { describe, expect, it } from 'vitest';
import { COMMANDS, findCommand } from '../../../src/core/app/commands.ts';
import { normalizeKey } from '../../../src/core/commands/option-index.ts';
import { DEFAULT_SOURCES, parseAndValidate } from '../../../src/core/commands/validate.ts';

describe('the command table, as the text parser reads it', () => {
  it('gives every option a name usable as a Discord option and as key= in text', () => {
    for (const command of COMMANDS) {
      for (const option of command.options) expect(option.name, `/${command.name}`).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
    }
  });

  it('never lets two options of a command answer to the same key or alias', () => {
    for (const command of COMMANDS) {
      const keys = command.options.flatMap((o) => [o.name, ...(o.aliases ?? [])].map(normalizeKey));
      expect(new Set(keys).size, `/${command.name}: ${keys.join(', ')}`).toBe(keys.length);
    }
  });

  it('puts a rest-of-text option after every other positional option', () => {
    for (const command of COMMANDS) {
      const positional = command.options.filter((o) => o.positional);
      const restAt = positional.findIndex((o) => o.rest);
      if (restAt >= 0) expect(restAt, `/${command.name}`).toBe(positional.length - 1);
    }
  });

  it('marks only boolean options as flags', () => {
    for (const command of COMMANDS) {
      for (const option of command.options.filter((o) => o.flag)) expect(option.type).toBe('boolean');
    }
  });

  it('has usage examples that the parser and validation accept', () => {
    for (const command of COMMANDS.filter((c) => c.name !== 'help')) {
      // Usage may show several forms: "/setup key · /setup clear_key", "/tts Jenny Hi (or: /tts voice=…)".
      const forms = command.usage.split(/ · | \(or: |\)$/).filter(Boolean);
      for (const form of forms) {
        const text = form.replace(/^\/\w+\s*/, '').replace('https://…', 'https://example.com/video.mp4');
        const result = parseAndValidate(command, { text }, DEFAULT_SOURCES);
        expect(result, `${form}: ${result.ok ? '' : result.error}`).toMatchObject({ ok: true });
      }
    }
  });

  it('finds a command by name, with or without its slash', () => {
    expect(findCommand('/Clip')?.name).toBe('clip');
    expect(findCommand('nope')).toBeUndefined();
  });
});
