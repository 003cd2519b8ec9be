import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../../src/core/jobs/model.ts';
import { mention } from '../../../src/core/platform/message.ts';
import { jobsRepoOf, origin, REMOTE_MEDIA_API, runPrepared, startTestBot, type TestBot } from '../../support/bot.ts';

// The commands as a team member uses them, through the Bot, against the sandbox and a SQLite store.

let h: TestBot;
beforeEach(async () => {
  h = await startTestBot();
});
afterEach(() => h.close());

const lastEphemeral = () => h.chat.ephemerals().at(-1)?.message;
const allText = (
  m: { text: string; cards?: Array<{ body?: string; fields?: Array<{ name: string; value: string }> }> } | undefined,
) =>
  [m?.text, ...(m?.cards ?? []).flatMap((c) => [c.body, ...(c.fields ?? []).map((f) => `${f.name}: ${f.value}`)])].join(
    '\n',
  );

describe('/setup', () => {
  it('never repeats an API key pasted into the command text, and says where it belongs', async () => {
    const key = 'sk-live-abc123-canary-typed-in-text';
    const prepared = await h.command(`/setup key ${key}`);
    expect(prepared.kind).toBe('error');
    const answer = allText(lastEphemeral());
    expect(answer).not.toContain(key);
    expect(answer).toMatch(/private form that \/setup key opens/);
  });

  it('is refused, privately, to someone who may not configure the bot', async () => {
    const prepared = await h.command('/setup language=french', { canConfigure: false });
    expect(prepared.kind).toBe('error');
    expect(lastEphemeral()?.text).toMatch(/Only people who may configure/);
    expect((await h.app.inside.settings.get(channelKeyOf(origin))).language).toBeUndefined();
  });

  it('asks for the key through a private form, stores it, checks it, and only ever shows it masked', async () => {
    const prepared = await h.command('/setup key');
    expect(prepared.kind).toBe('modal');
    if (prepared.kind !== 'modal') return;
    expect(prepared.modal.title.length).toBeLessThanOrEqual(45);
    expect(prepared.modal.inputs[0]).toMatchObject({ secret: true, required: true });

    const key = 'sk-live-canary-0123456789abcdef';
    const submitted = h.bot.prepareModal({
      modalId: prepared.modal.id,
      values: { api_key: key },
      origin,
      canConfigure: true,
    });
    await runPrepared(submitted, h.chat.reply(origin));
    const answer = allText(lastEphemeral());
    expect(answer).toMatch(/Saved the API key/);
    expect(answer).toMatch(/accepts it \(803 voices/);
    expect(answer).toContain('••••••cdef');
    expect(JSON.stringify(h.chat.seen)).not.toContain(key);
    expect((await h.app.inside.settings.get(channelKeyOf(origin))).apiKey).toBe(key);
  });

  it('refuses a form submission from someone who may not configure', async () => {
    const submitted = h.bot.prepareModal({
      modalId: 'setup_key',
      values: { api_key: 'sk-abc' },
      origin,
      canConfigure: false,
    });
    expect(submitted.kind).toBe('error');
    expect((await h.app.inside.settings.get(channelKeyOf(origin))).apiKey).toBeUndefined();
  });

  it('sets channel defaults that later commands use, and clears the key', async () => {
    await h.command('/setup language=french voice=Jenny template=beast');
    const shown = allText(lastEphemeral());
    expect(shown).toMatch(/Default language: french/);
    expect(shown).toMatch(/Default voice: Jenny/);
    expect(shown).toMatch(/Default subtitle style: beast/);

    await h.command('/clip https://example.com/talk.mp4');
    const job = await firstJob();
    expect(job?.requests[0]).toMatchObject({ language: 'french', subtitleStyles: { template: 'beast' } });

    await h.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-something-long-enough' });
    await h.command('/setup clear_key');
    expect(lastEphemeral()?.text).toMatch(/Removed/);
    expect((await h.app.inside.settings.get(channelKeyOf(origin))).apiKey).toBeUndefined();
  });
});

async function firstJob() {
  const card = h.chat.seen.find((s) => s.where === 'card');
  const id = /`([a-z0-9]{10})`/.exec(JSON.stringify(card?.message))?.[1];
  return id ? jobsRepoOf(h.app).get(id) : undefined;
}

describe('/tts and /ttv', () => {
  it('refuses an unknown voice with the closest names, before creating anything', async () => {
    await h.command('/tts Jeny Hello there');
    expect(lastEphemeral()?.text).toMatch(/unknown voice 'Jeny'.*Jenny/);
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(0);
  });

  it('splits a long script at sentences into parts, says how many up front, and delivers them in order once', async () => {
    const sentence = 'This sentence has exactly ten words in it, you see. ';
    const script = sentence.repeat(25).trim();
    await h.command(`/tts Jenny ${script}`);
    const card = h.chat.seen.find((s) => s.where === 'card');
    expect(allText(card?.message)).toMatch(/3 parts|Parts: 3/);
    await h.chat.waitFor((seen) => seen.filter((s) => s.where === 'thread').length >= 3);
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'card-update' && /Done/.test(s.message.text)));
    const parts = h.chat.seen.filter((s) => s.where === 'thread').map((s) => /part (\d)\/3/.exec(s.message.text)?.[1]);
    expect(parts).toEqual(['1', '2', '3']);
    const job = await firstJob();
    expect(job?.requests.map((r) => String(r.script).split(/\s+/).length)).toEqual([100, 100, 50]);
  });

  it('refuses a script over the hard cap and states the cap', async () => {
    await h.command(`/tts Jenny ${'go '.repeat(1600)}`);
    expect(lastEphemeral()?.text).toMatch(/limit is 1,500/);
  });

  it("refuses, before creating anything, when the channel's default voice has left the catalogue", async () => {
    await h.app.inside.settings.update(channelKeyOf(origin), { voiceId: '00000000-0000-4000-8000-000000000000' });
    await h.command('/ttv "A lighthouse keeper finds a letter."');
    expect(lastEphemeral()?.text).toMatch(/default voice .* is no longer in the voice list/);
    expect(h.chat.seen.filter((s) => s.where === 'card')).toHaveLength(0);
  });

  it('uses the channel default voice when none is given', async () => {
    await h.command('/ttv "A lighthouse keeper finds a letter."');
    const job = await firstJob();
    expect(job?.requests[0]).toMatchObject({
      voiceId: '386a7b80-1001-4017-bb51-49b3428ab8f4',
      script: 'A lighthouse keeper finds a letter.',
    });
  });
});

describe('/voices', () => {
  it('lists a page of voices privately, pages with the buttons, and sets the channel voice', async () => {
    await h.command('/voices language=en-US');
    const page1 = lastEphemeral();
    expect(page1?.text).toMatch(/page 1 of \d+/);
    const next = [...(page1?.controls ?? []), ...(page1?.cards?.flatMap((c) => c.controls ?? []) ?? [])].find(
      (c) => c.kind === 'action' && /Next/.test(c.label),
    );
    expect(next?.kind).toBe('action');
    const paged = h.bot.prepareAction({
      actionId: next?.kind === 'action' ? next.id : '',
      origin,
      canConfigure: false,
    });
    await runPrepared(paged, h.chat.reply(origin));
    expect(h.chat.seen.at(-1)).toMatchObject({ where: 'replace' });
    expect(h.chat.seen.at(-1)?.message.text).toMatch(/page 2 of/);

    const use = h.bot.prepareAction({
      actionId: 'usevoice:386a7b80-1001-4017-bb51-49b3428ab8f4',
      origin,
      canConfigure: true,
    });
    await runPrepared(use, h.chat.reply(origin));
    expect(lastEphemeral()?.text).toMatch(/Default voice for this channel is now \*\*Jenny\*\*/);
  });

  it('narrows the list with the gender, style and language menus, from the first page', async () => {
    await h.command('/voices language=en-US');
    const menus = (lastEphemeral()?.cards ?? []).flatMap((c) => c.controls ?? []).filter((c) => c.kind === 'select');
    expect(menus.map((m) => m.kind === 'select' && m.placeholder)).toEqual(
      expect.arrayContaining(['Filter: gender', 'Filter: style', 'Filter: language']),
    );
    const gender = menus.find((m) => m.kind === 'select' && m.placeholder === 'Filter: gender');
    const pick = h.bot.prepareAction({
      actionId: `${gender?.kind === 'select' ? gender.id : ''}:female`,
      origin,
      canConfigure: false,
    });
    await runPrepared(pick, h.chat.reply(origin));
    const redrawn = h.chat.seen.at(-1);
    expect(redrawn?.where).toBe('replace');
    expect(redrawn?.message.text).toMatch(/page 1 of/);
    const lines = redrawn?.message.cards?.[0]?.body?.split('\n').filter((l) => l.startsWith('**')) ?? [];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.includes('Female') && l.includes('en-US'))).toBe(true);
  });

  it('says what matched nothing', async () => {
    await h.command('/voices language=klingon');
    expect(allText(lastEphemeral())).toMatch(/No voices|nothing/i);
  });
});

describe('/project and /jobs', () => {
  it('shows a running job in /jobs with who asked, then the finished project with /project', async () => {
    await h.command('/broll https://example.com/slow-talk.mp4');
    await h.command('/jobs');
    expect(lastEphemeral()?.text).toMatch(
      new RegExp(`1 job running here[\\s\\S]*B-roll[\\s\\S]*${mention('ana')}[\\s\\S]*ago`),
    );
    const job = await firstJob();
    const projectId = job?.projectIds[0] ?? '';
    await h.command(`/project ${projectId}`);
    expect(h.chat.seen.at(-1)).toMatchObject({ where: 'public' });
    expect(h.chat.seen.at(-1)?.message.text).toMatch(new RegExp(`${projectId}.*in progress`));
  });

  it('answers /project with an unknown id by saying so, and what it does show', async () => {
    await h.command('/project 0123456789abcdef01234567');
    expect(lastEphemeral()?.text).toMatch(/No project `0123456789abcdef01234567` is known here.*this workspace/);
  });

  it('says when nothing is running', async () => {
    await h.command('/jobs');
    expect(lastEphemeral()?.text).toMatch(/No jobs are running/);
  });
});

describe('any command', () => {
  it('suggests the command meant when the name is wrong', () => {
    const prepared = h.bot.prepare({ command: 'clp', text: '', origin, canConfigure: false });
    expect(prepared).toMatchObject({
      kind: 'error',
      message: 'There is no /clp command. Did you mean /clip? Try /help.',
    });
  });

  it('offers autocomplete choices from memory, prefix matches first, at most 25', async () => {
    const languages = h.bot.autocomplete('clip', 'language', 'ch', origin).map((c) => c.value);
    expect(languages.slice(0, 2)).toEqual(['chinese (mandarin, simplified)', 'chinese (mandarin, traditional)']);
    expect(languages.every((l) => l.includes('ch'))).toBe(true);
    expect(h.bot.autocomplete('clip', 'template', '', origin)).toHaveLength(20);
    await h.command('/voices jenny');
    const voices = h.bot.autocomplete('tts', 'voice', 'jen', origin);
    expect(voices.length).toBeGreaterThan(0);
    expect(voices.length).toBeLessThanOrEqual(25);
    expect(voices[0]?.name).toMatch(/^Jenny/);
  });

  it('answers voice autocomplete in a channel with its own key without any command run first', async () => {
    const remote = await startTestBot({ env: { MEDIA_API_URL: REMOTE_MEDIA_API } });
    try {
      await remote.app.inside.settings.update(channelKeyOf(origin), { apiKey: 'sk-channel-own-key-123' });
      const deadline = Date.now() + 10_000;
      let choices = remote.bot.autocomplete('tts', 'voice', 'jenny', origin);
      while (choices.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        choices = remote.bot.autocomplete('tts', 'voice', 'jenny', origin);
      }
      expect(choices[0]?.name).toMatch(/^Jenny/);
    } finally {
      await remote.close();
    }
  });
});
