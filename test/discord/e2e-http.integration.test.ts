import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerOf, buttonsOf, callbackTypes, cardAndThread, startWorld, textOf, type World } from './e2e-support.ts';

// The same things a team sees on Discord, with the bot in HTTP interactions mode: the double signs each
// interaction and POSTs it to the bot's listener, the real discord.js client handles it, and the HTTP
// response is the first answer: discord.js's own deferral, choices, reply or modal, written into that response
// instead of reaching Discord's REST API. What comes after (the card replacing "thinking…", a redraw, a private
// answer) must work through discord.js as it does over the gateway.

let w: World;
beforeEach(async () => {
  w = await startWorld({ http: true });
});
afterEach(() => w.close());

/** Interaction callbacks the bot sent through REST (in HTTP mode the first answer never should). */
const restCallbacks = (id: string) =>
  w.discord.requests.filter((r) => r.path.startsWith(`/interactions/${id}/`) && r.path.endsWith('/callback'));

describe('HTTP interactions, as a person sees them', () => {
  it('/clip: the deferral is the HTTP answer, then the card replaces it, a thread, and the result', async () => {
    const { discord } = w;
    const cmd = discord.command('clip', { url: 'https://youtu.be/abc123', reels: 1 });
    expect(await discord.httpDelivery(cmd.id)).toEqual({ status: 200, body: { type: 5, data: { flags: 0 } } });
    const { card, threadId } = await cardAndThread(w, cmd.id);
    expect(card.flags & 64).toBe(0);
    expect(textOf(card)).toMatch(/clip/i);
    const result = await discord.waitForMessage(threadId, (m) => /ready/.test(m.content));
    expect(result.content).toContain(`<@${discord.actors.member.userId}>`);
    await discord.waitFor(() => /Done/.test(textOf(discord.state.message(card.id) ?? card)));
    expect(callbackTypes(w, cmd.id)).toEqual([5]);
    expect(restCallbacks(cmd.id)).toEqual([]);
    expect(discord.state.identifies).toHaveLength(0);
  });

  it('/clip url:notalink: the refusal itself is the HTTP answer, only for the person', async () => {
    const { discord } = w;
    const clip = discord.command('clip', { url: 'notalink' });
    const delivery = await discord.httpDelivery(clip.id);
    expect(delivery).toMatchObject({ status: 200, body: { type: 4, data: { flags: 64 } } });
    expect(JSON.stringify(delivery?.body)).toMatch(/notalink/);
    expect(callbackTypes(w, clip.id)).toEqual([4]);
    expect(discord.messagesIn(discord.channelId)).toEqual([]);
  });

  it('/jobs: a private deferral, then the private answer in its place', async () => {
    const { discord } = w;
    const jobs = discord.command('jobs');
    expect(await discord.httpDelivery(jobs.id)).toEqual({ status: 200, body: { type: 5, data: { flags: 64 } } });
    const answer = await answerOf(w, jobs.id);
    expect(answer.flags & 64).toBe(64);
    expect(textOf(answer).length).toBeGreaterThan(0);
    expect(restCallbacks(jobs.id)).toEqual([]);
  });

  it('/setup action:key: the form is the HTTP answer, and its submission is saved and answered privately', async () => {
    const { discord } = w;
    const setup = discord.command('setup', { action: 'key' }, { actor: discord.actors.manager });
    const form = await discord.httpDelivery(setup.id);
    expect(form).toMatchObject({ status: 200, body: { type: 9 } });
    const body = form?.body as { data?: { custom_id?: unknown } } | undefined;
    const customId = String(body?.data?.custom_id);
    const submit = discord.submitModal(customId, { api_key: 'sk-http-5e6f7a8b' }, { actor: discord.actors.manager });
    expect((await discord.httpDelivery(submit.id))?.status).toBe(200);
    const answer = await answerOf(w, submit.id);
    expect(answer.flags & 64).toBe(64);
    expect(textOf(answer)).toMatch(/Saved the API key/);
    expect((await w.app.inside.settings.get(w.channelKey)).apiKey).toBe('sk-http-5e6f7a8b');
  });

  it('autocomplete: the choices are the HTTP answer', async () => {
    const { discord } = w;
    const ask = discord.autocomplete('subtitles', { url: 'https://x.y', language: 'fre' }, 'language');
    const delivery = await discord.httpDelivery(ask.id);
    expect(delivery?.status).toBe(200);
    const body = delivery?.body as { type: number; data: { choices: Array<{ name: string; value: string }> } };
    expect(body.type).toBe(8);
    expect(body.data.choices.length).toBeGreaterThan(0);
    expect(body.data.choices.length).toBeLessThanOrEqual(25);
    expect(body.data.choices[0]?.name.toLowerCase()).toMatch(/^fre/);
    expect(restCallbacks(ask.id)).toEqual([]);
  });

  it('a click: the deferred update is the HTTP answer, then the clicked message is redrawn in place', async () => {
    const { discord } = w;
    const list = await answerOf(w, discord.command('voices').id);
    expect(list.content).toMatch(/page 1 of/);
    const next = buttonsOf(list).find((b) => b.label?.startsWith('Next'));
    const click = discord.click(list, next?.custom_id ?? '');
    expect(await discord.httpDelivery(click.id)).toEqual({ status: 200, body: { type: 6 } });
    await discord.waitFor(() => /page 2 of/.test(discord.state.message(list.id)?.content ?? ''));
    expect(discord.interactionMessages(click.id)).toEqual([]);
    expect(restCallbacks(click.id)).toEqual([]);
  });
});
