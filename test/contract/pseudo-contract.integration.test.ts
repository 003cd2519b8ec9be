/// <reference types="vite/client" />
// The contract in the pseudo-locale: every behaviour of behaviours/ runs on the console, the Discord double and
// the Slack double with every reader and the channel in en-XA, read back in English by pseudoSurface. A behaviour
// passing there does what it does in English; a word of the catalogue's English that reached anyone without
// going through the catalogue fails the run, naming the message it was in.
import { afterEach, describe, expect, it } from 'vitest';
import { CLIP_INFO_TEXTS } from '../../src/sandbox/clip-info.ts';
import { startConsoleSurface } from './console-surface.ts';
import { startDiscordSurface } from './discord-surface.ts';
import { type Leak, pseudoSurface } from './pseudo.ts';
import { startSlackSurface } from './slack-surface.ts';
import type { Behaviour, Surface } from './surface.ts';

const PSEUDO = 'en-XA';
const everyone = { member: PSEUDO, admin: PSEUDO };

const SURFACES: Record<Surface['name'], () => Promise<Surface>> = {
  // The terminal's language is its channel's too.
  console: () => startConsoleSurface({ locale: PSEUDO }),
  discord: () => startDiscordSurface({ locales: everyone, guildLocale: PSEUDO }),
  slack: () => startSlackSurface({ locales: everyone, channelLocale: PSEUDO }),
};

const BEHAVIOURS = Object.values(import.meta.glob<{ behaviour: Behaviour }>('./behaviours/*.ts', { eager: true }))
  .map((m) => m.behaviour)
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * Words that reach messages as data, not as the catalogue's: the doubles' people, and the media API's own texts
 * (the sandbox's clip titles, captions, tags and reasons, and its failures, quoted as the API wrote them).
 */
const VALUES = [
  ...CLIP_INFO_TEXTS,
  'member',
  'admin',
  'manager',
  'Media generation failed: the script could not be processed.',
  'Processing failed: the video at this address could not be downloaded or decoded.',
];

let open: Surface | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

for (const [name, start] of Object.entries(SURFACES)) {
  describe(`in ${PSEUDO} on ${name}`, () => {
    for (const b of BEHAVIOURS) {
      it(b.name, async () => {
        const leaks: Leak[] = [];
        const s = pseudoSurface(await start(), leaks, [...VALUES, ...(b.typedElsewhere ?? [])]);
        open = s;
        await b.run(s);
        await s.close();
        open = undefined;
        const told = [...new Map(leaks.map((l) => [`${l.where}\u0000${l.text}`, l])).values()];
        expect(told.map((l) => `${l.where}: [${l.words.join(', ')}] in ${JSON.stringify(l.text)}`)).toEqual([]);
      });
    }
  });
}
