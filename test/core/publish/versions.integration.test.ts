import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANGES_HOLD_MS } from '../../../src/core/publish/review/outside-review.ts';
import { startTestBot, type TestBot } from '../../support/bot.ts';
import { addAccount, as, button, click, fieldOf, lastCard, lastEphemeral, submitForm } from './support.ts';

// Versions seen from the lists and the limits: /approvals and Home name each version's open and answered change
// requests, the inviter is told privately that their reviewer can look again, /scheduled says which version went out,
// and a request stops at 20 versions with an answer that says so.

const VIDEO = 'https://cdn.example.com/reel-1.mp4';
const KEY = 'brand-x-access-key-0123456789';

let h: TestBot;

beforeEach(async () => {
  h = await startTestBot({ online: true });
  await addAccount(h, 'brand', 'x', KEY);
});
afterEach(() => h.close());

async function invite(name: string, who: string): Promise<string> {
  const form = await click(h, button(lastCard(h), 'Invite reviewer') ?? '', as(who));
  await submitForm(h, form, { name }, as(who), false);
  const url = /(http:\/\/\S+\/review\/[A-Za-z0-9_-]+)/.exec(lastEphemeral(h))?.[1];
  if (!url) throw new Error(`no link in: ${lastEphemeral(h)}`);
  return url;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
async function decide(url: string, fields: Record<string, string>): Promise<void> {
  const page = await (await fetch(url)).text();
  const form = { form_token: hidden(page, 'form_token'), version: hidden(page, 'version'), ...fields };
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(200);
}

/** New version… on the card, then A video link… in the menu it posts in the thread. */
async function linkVersion(who: string, url: string): Promise<void> {
  await click(h, button(lastCard(h), 'New version…') ?? '', as(who));
  const menu = h.chat.seen.filter((x) => x.where === 'thread' && button(x.message, 'A video link…')).at(-1);
  const form = await click(h, button(menu?.message ?? { text: '' }, 'A video link…') ?? '', as(who));
  await submitForm(h, form, { url }, as(who), false);
}

const privately = async (line: string, who: string) => {
  await h.command(line, { origin: as(who) });
  return JSON.stringify(h.chat.ephemerals().at(-1)?.message);
};

describe('versions in the lists', () => {
  it('lists each version’s open and answered change requests, tells the inviter their reviewer can look again, and says which version was posted', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`, { origin: as('rex') });
    const url = await invite('Ana (Acme)', 'rex');
    await decide(url, { decision: 'changes', comment: 'The logo is too small', at: '0:12' });
    h.clock.advance(CHANGES_HOLD_MS);
    await h.chat.waitFor((seen) => seen.some((x) => /Changes requested by Ana/.test(x.message.text)));
    await click(h, button(lastCard(h), 'Request changes') ?? '', as('dan')).then((form) =>
      submitForm(h, form, { reason: 'Louder music' }, as('dan'), false),
    );
    // Not ticked: dan's request stays open.
    await click(h, button(lastCard(h), 'New version…') ?? '', as('rex'));
    const menu = h.chat.seen.filter((x) => x.where === 'thread' && button(x.message, 'A video link…')).at(-1);
    const form = await click(h, button(menu?.message ?? { text: '' }, 'A video link…') ?? '', as('rex'));
    // The form shows both open requests ticked; the maker leaves dan's unticked.
    const spec = form.kind === 'modal' ? await (form.load?.() ?? form.modal) : undefined;
    const options = spec?.inputs.find((i) => i.id === 'answers')?.choices;
    expect(options?.selected).toHaveLength(2);
    const ana =
      options?.options.find((o) => o.label.startsWith('Ana (Acme) at 0:12 (version 1): The logo'))?.value ?? '';
    await submitForm(h, form, { url: 'https://cdn.example.com/reel-2.mp4', answers: ana }, as('rex'), false);
    expect(lastEphemeral(h)).toMatch(/Version 2 is the request's video now/);
    expect(lastEphemeral(h)).toMatch(/“Ana \(Acme\)” can look again/);

    const thread = h.chat.seen.filter((x) => x.where === 'thread').map((x) => x.message.text);
    expect(
      thread.some((l) => /Version 2 by .* \(a video link\): answers Ana \(Acme\).* at 0:12; still open: .*dan/.test(l)),
    ).toBe(true);

    const forBea = await privately('/approvals', 'bea');
    expect(forBea).toContain('Version 2 (a video link)');
    expect(forBea).toContain('answers Ana (Acme), outside reviewer at 0:12 (asked on version 1)');
    expect(forBea).toMatch(/Version 1 \(the video first asked for\): open: [^"]*dan/);
    const forRex = await privately('/approvals', 'rex');
    expect(forRex).toContain('Your outside reviewers can look again');
    expect(forRex).toContain('“Ana (Acme)” can look again at **Launch**: the link you sent them shows version 2 now');
    expect(await privately('/approvals', 'cy')).not.toContain('can look again');

    // Once Ana decided on version 2, the inviter is told nothing more.
    await decide(url, { decision: 'approve' });
    expect(await privately('/approvals', 'rex')).not.toContain('can look again');
    await click(h, button(lastCard(h), 'Approve') ?? '', as('bea'));
    await h.chat.waitFor((seen) => seen.some((x) => /Published/.test(x.message.text)));
    expect(fieldOf(lastCard(h), 'Version')).toContain('Posted: version 2, with approvals given on version 2.');
    expect(await privately('/scheduled', 'rex')).toMatch(/posted 2 \(approvals given on version 2\)/);
    expect(h.posts().map((p) => p.videoUrl)).toEqual(['https://cdn.example.com/reel-2.mp4']);
  });

  it('takes another reel of the thread as version 2, then cuts its source again with the open change request as the prompt', async () => {
    await h.command('/clip https://youtu.be/dQw4w9WgXcQ reels=2', { origin: as('rex') });
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread' && /2 reels are ready/.test(s.message.text)));
    // Publish… of reel 1 (each reel is a card of the one result message).
    const reel1 = h.chat.seen.find((s) => s.where === 'thread' && /ready/.test(s.message.text));
    const opened = await click(h, button(reel1?.message ?? { text: '' }, 'Publish…') ?? '', as('rex'));
    await submitForm(h, opened, { accounts: 'brand' }, as('rex'), false);
    await click(h, button(lastCard(h), 'Request changes') ?? '', as('dan')).then((form) =>
      submitForm(h, form, { reason: 'Start on the punchline' }, as('dan'), false),
    );

    await click(h, button(lastCard(h), 'New version…') ?? '', as('rex'));
    const menu = h.chat.seen.filter((x) => x.where === 'thread' && button(x.message, 'Subtitles…')).at(-1)?.message;
    const labels = (menu?.controls ?? []).map((c) => (c.kind === 'select' ? c.placeholder : c.label));
    expect(labels).toEqual(['Subtitles…', 'B-roll…', 'New cut…', 'A video link…', 'A finished video from this thread']);
    const select = menu?.controls?.find((c) => c.kind === 'select');
    if (select?.kind !== 'select') throw new Error('no select of the thread’s videos');
    expect(select.options.map((o) => o.label)).toEqual([expect.stringMatching(/^Reel 2 of job \w+/)]);
    const picked = await click(h, `${select.id}:${select.options[0]?.value}`, as('rex'));
    // Unticked: the other reel does not answer dan.
    await submitForm(h, picked, { answers: '' }, as('rex'), false);
    expect(fieldOf(lastCard(h), 'Version')).toMatch(/Version 2 of 2: a video from the thread · Reel 2 of job/);

    // New cut… of the clip's source: the open request's text is the prompt, one reel, the switches as the clip had them.
    await click(h, button(lastCard(h), 'New version…') ?? '', as('rex'));
    const menu2 = h.chat.seen.filter((x) => x.where === 'thread' && button(x.message, 'New cut…')).at(-1)?.message;
    const cut = await click(h, button(menu2 ?? { text: '' }, 'New cut…') ?? '', as('rex'));
    const shown = await submitForm(
      h,
      cut,
      { keywords: 'launch, joke', duration: '15-45', switches: 'hook' },
      as('rex'),
      false,
    );
    expect(shown.prompt).toBe('Start on the punchline');
    expect(shown.duration).toBe('10-30');
    await h.chat.waitFor(() => /Version 3 of 3: a new cut/.test(fieldOf(lastCard(h), 'Version')));
    const id = /Request (\w+)/.exec(lastCard(h).cards?.[0]?.footer ?? '')?.[1] ?? '';
    const v3 = (await h.app.inside.publish.repo.get(id))?.versions?.at(-1);
    const job = await h.app.inside.jobs.get(v3?.source?.jobId ?? '');
    expect(job?.kind).toBe('clip');
    expect(job?.requests[0]).toMatchObject({
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      clipSettings: {
        reelsCount: 1,
        prompt: 'Start on the punchline',
        keywords: ['launch', 'joke'],
        reelDuration: '15-45',
      },
      additionalFeatures: { addHook: true, addBroll: false },
    });
    expect(fieldOf(lastCard(h), 'Change requests by version')).toContain('answers');
  });

  it('stops at 20 versions with an answer that says what to do', async () => {
    await h.command(`/publish ${VIDEO} accounts=brand title="Launch"`, { origin: as('rex') });
    for (let i = 2; i <= 20; i++) await linkVersion('rex', `https://cdn.example.com/reel-${i}.mp4`);
    expect(fieldOf(lastCard(h), 'Version')).toContain('Version 20 of 20');
    await click(h, button(lastCard(h), 'New version…') ?? '', as('rex'));
    expect(lastEphemeral(h)).toMatch(/20 versions, the most one request may have/);
    // Someone else may not make one at all.
    await click(h, button(lastCard(h), 'New version…') ?? '', as('bea'));
    expect(lastEphemeral(h)).toMatch(/Only the person who asked, or someone who may configure the bot/);
  });
});
