import { expect } from 'vitest';
import { addAccount, requestCard } from '../publishing.ts';
import { type Behaviour, eventually, quietFor, type Surface, sandboxPosts } from '../surface.ts';

// (The account's access key holds no `fail`, which would make the sandbox refuse the post itself.)
// A version's job that fails leaves the version before it waiting, with its approvals, and the card says so; a
// version given as a link is made at once; one whose job is running when the bot restarts is adopted and lands.

/** The sandbox fails a project whose video link holds `fail`. */
const FAILING = 'https://example.com/fail-reel.mp4';
const LINKED = 'https://example.com/reel-take-2.mp4';

async function newVersion(s: Surface, card: string, how: string, values: Record<string, string>): Promise<void> {
  const menus = async () => (await s.thread(card)).filter((m) => m.buttons.includes('Subtitles…')).length;
  const before = await menus();
  await s.click(card, 'New version…', 'member');
  await eventually(async () => (await menus()) > before, 'the menu of ways in the thread');
  await s.click(card, how, 'member');
  await s.submitForm(values, 'member');
}

export const behaviour: Behaviour = {
  name: 'publish: a version whose job fails leaves the earlier one waiting, said on the card; a link and a job across a restart make the next ones',
  async run(s) {
    await addAccount(s, 'brand', 'youtube', 'contract-key-rounds');
    await s.command(`/publish ${FAILING} accounts=brand title="Take one"`, 'member');
    const card = await requestCard(s);

    await newVersion(s, card, 'Subtitles…', {});
    const failed = await eventually(async () => {
      const shown = await s.card(card);
      return /Version 2 could not be made/.test(shown.text) && shown;
    }, 'the card saying version 2 could not be made');
    expect(failed.text).toMatch(/Version 1 stays, with its approvals/);
    expect(failed.text).not.toMatch(/in the making/);
    expect(failed.buttons).toEqual(expect.arrayContaining(['Approve', 'New version…']));
    await eventually(
      async () =>
        (await s.thread(card)).some((m) =>
          /version 2 could not be made \(subtitles\), so version 1 stays/.test(m.text),
        ),
      'the thread told',
    );

    // A link makes version 2 at once.
    await newVersion(s, card, 'A video link…', { url: LINKED });
    await eventually(
      async () => /Version 2 of 2: a video link/.test((await s.card(card)).text),
      'version 2 from a link',
    );

    // Version 3 is being made when the bot restarts: its job is adopted like any other, and lands.
    await newVersion(s, card, 'Subtitles…', { template: 'pulse' });
    // Its job is on its way (submitting, or running at the media API for JOB_MS) when the bot goes down.
    await eventually(async () => /version 3 in the making/.test((await s.card(card)).text), 'version 3 in the making');
    await s.restart();
    await eventually(
      async () => /Version 3 of 3: subtitles · pulse/.test((await s.card(card)).text),
      'version 3 after the restart',
      20_000,
    );

    await s.click(card, 'Approve', 'admin');
    await eventually(async () => (await sandboxPosts(s)).length === 1, 'the post');
    await quietFor(500);
    const posts = (await sandboxPosts(s)) as Array<{ videoUrl?: string }>;
    expect(posts).toHaveLength(1);
    expect([FAILING, LINKED]).not.toContain(posts[0]?.videoUrl);
  },
};
