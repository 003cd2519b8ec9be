/// <reference types="vite/client" />
// The adapter contract: every behaviour in behaviours/ runs against the console, the Discord double
// (real discord.js) and the Slack double (real Bolt). Adding a behaviour is adding one file there.
import { afterEach, describe, it } from 'vitest';
import { startConsoleSurface } from './console-surface.ts';
import { startDiscordSurface } from './discord-surface.ts';
import { startSlackSurface } from './slack-surface.ts';
import type { Behaviour, Surface } from './surface.ts';

const SURFACES: Record<Surface['name'], () => Promise<Surface>> = {
  console: startConsoleSurface,
  discord: startDiscordSurface,
  slack: startSlackSurface,
};

const BEHAVIOURS = Object.values(import.meta.glob<{ behaviour: Behaviour }>('./behaviours/*.ts', { eager: true }))
  .map((m) => m.behaviour)
  .sort((a, b) => a.name.localeCompare(b.name));

let open: Surface | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

for (const [name, start] of Object.entries(SURFACES)) {
  describe(`on ${name}`, () => {
    for (const b of BEHAVIOURS) {
      it(b.name, async () => {
        open = await start();
        await b.run(open);
      });
    }
  });
}
