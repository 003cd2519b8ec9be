import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobsRepoOf } from '../support/harness.ts';
import { answerOf, buttonsOf, callbackTypes, startWorld, textOf, type World } from './e2e-support.ts';

// What a team sees on Discord before any job runs: mistakes answered at once and privately, the key
// entered through a form, autocomplete, and a voice list paged in place. The real core, the sandbox.

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(() => w.close());

describe('answers that need no job', () => {
  it('answers /clip url:notalink at once, only to the person, and creates nothing', async () => {
    const { discord } = w;
    const clip = discord.command('clip', { url: 'notalink' });
    const first = await discord.waitForCallback(clip.id);
    expect(first).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(String(first.data?.content)).toMatch(/notalink/);
    expect(callbackTypes(w, clip.id)).toEqual([4]);
    expect(discord.messagesIn(discord.channelId)).toEqual([]);
    expect(discord.requests.filter((r) => r.path.startsWith('/channels/'))).toEqual([]);
    const pending = [];
    for await (const p of jobsRepoOf(w.app).pending()) pending.push(p);
    expect(pending).toEqual([]);
  });

  it('refuses /setup to a member without Manage Server, privately, and changes nothing', async () => {
    const { discord } = w;
    const setup = discord.command('setup', { language: 'french' }, { actor: discord.actors.member });
    const first = await discord.waitForCallback(setup.id);
    expect(first).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(String(first.data?.content)).toMatch(/Manage Server/);
    const keyForm = discord.command('setup', { action: 'key' }, { actor: discord.actors.member });
    expect((await discord.waitForCallback(keyForm.id)).type).toBe(4);
    expect((await w.app.inside.settings.get(w.channelKey)).language).toBeUndefined();
  });
});

describe('/setup action:key', () => {
  it('opens a form first, stores the submitted key, and never sends the key to Discord', async () => {
    const { discord } = w;
    const canary = 'sk-canary-7f3a9c1e5b2d4f60';
    const setup = discord.command('setup', { action: 'key' }, { actor: discord.actors.manager });
    const form = await discord.waitForCallback(setup.id);
    expect(form.type).toBe(9);
    expect(callbackTypes(w, setup.id)).toEqual([9]);

    const customId = String(form.data?.custom_id);
    const submit = discord.submitModal(customId, { api_key: canary }, { actor: discord.actors.manager });
    const answer = await answerOf(w, submit.id);
    expect(answer.flags & 64).toBe(64);
    expect(textOf(answer)).toMatch(/Saved the API key/);
    expect(JSON.stringify(answer.embeds)).toContain('••••••4f60');
    expect((await w.app.inside.settings.get(w.channelKey)).apiKey).toBe(canary);
    expect(discord.requests.filter((r) => JSON.stringify(r).includes(canary))).toEqual([]);
  });
});

describe('autocomplete', () => {
  it('answers the language option from memory with at most 25 ranked choices', async () => {
    const { discord } = w;
    const all = discord.autocomplete('clip', { url: 'https://x.y', language: '' }, 'language');
    const first = await discord.waitForCallback(all.id);
    expect(first.type).toBe(8);
    expect(first.data?.choices).toHaveLength(25);

    const fr = discord.autocomplete('subtitles', { url: 'https://x.y', language: 'fre' }, 'language');
    const choices = (await discord.waitForCallback(fr.id)).data?.choices as Array<{ name: string }>;
    expect(choices[0]?.name.toLowerCase()).toMatch(/^fre/);
  });

  it('answers the voice option with matching voices once the catalogue is known', async () => {
    const { discord } = w;
    await answerOf(w, discord.command('voices').id);
    const ac = discord.autocomplete('tts', { voice: 'jen' }, 'voice');
    const choices = (await discord.waitForCallback(ac.id)).data?.choices as Array<{ name: string; value: string }>;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices[0]?.name.toLowerCase()).toContain('jen');
  });
});

describe('/voices', () => {
  it('redraws the same message when Next is clicked, instead of posting another', async () => {
    const { discord } = w;
    const voices = discord.command('voices');
    const list = await answerOf(w, voices.id);
    expect(list.flags & 64).toBe(64);
    expect(list.content).toMatch(/page 1 of/);
    const next = buttonsOf(list).find((b) => b.label?.startsWith('Next'));
    expect(next?.custom_id).toMatch(/^voices:2:/);

    const click = discord.click(list, next?.custom_id ?? '');
    await discord.waitFor(() => /page 2 of/.test(discord.state.message(list.id)?.content ?? ''));
    expect(callbackTypes(w, click.id)).toEqual([6]);
    expect(discord.interactionMessages(click.id)).toEqual([]);
    const redrawn = discord.state.message(list.id);
    expect(buttonsOf(redrawn ?? list).map((b) => b.label)).toEqual(['◀ Previous', 'Next ▶', '📣 Share']);
  });
});
