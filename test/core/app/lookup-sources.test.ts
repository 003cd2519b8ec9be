import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/core/app/bot.ts';
import { LOOKUP_HELP, MESSAGES } from '../../../src/core/app/commands.ts';
import { createKeyResolver } from '../../../src/core/channels/key-resolver.ts';
import { createCatalogue } from '../../../src/core/i18n/catalogue.ts';
import { silentLogger } from '../../support/bot.ts';

// Issue 41: a feature brings its own lookup sources; the app only asks them. An option naming a source no feature
// brings would offer nothing in autocomplete, every time: the bot refuses to start with it.

describe('lookup sources', () => {
  it('an option whose source no mounted feature brings stops the bot at start, naming both', () => {
    const keys = createKeyResolver({ settings: { get: async () => ({}) } });
    expect(() => createBot({ features: [], keys, logger: silentLogger, catalogue: createCatalogue(MESSAGES) })).toThrow(
      /no feature brings the lookup source 'voice'/,
    );
  });

  it('/help describes each feature’s source as that feature words it', () => {
    expect(LOOKUP_HELP).toEqual({ voice: 'A voice name or id (see /voices)' });
  });
});
