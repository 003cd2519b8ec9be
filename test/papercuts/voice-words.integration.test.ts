import { afterEach, describe, expect, it } from 'vitest';
import { channelKeyOf } from '../../src/core/jobs/model.ts';
import { DEFAULT_VOICE_ID } from '../../src/core/media/enums.ts';
import { origin, startTestBot, type TestBot } from '../support/bot.ts';

// How the bot reads voice names and option values a person types, with the sandbox's 803 voices.

let h: TestBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const lastEphemeral = (harness: TestBot) => harness.chat.ephemerals().at(-1)?.message.text;
const names = (choices: Array<{ name: string }>) => choices.map((c) => c.name);

describe('/tts with a channel default voice', () => {
  it('speaks the whole text with the default voice when the first word is not a voice, and says so', async () => {
    h = await startTestBot();
    await h.app.inside.settings.update(channelKeyOf(origin), { voiceId: DEFAULT_VOICE_ID });
    await h.command('/tts Hello there everyone');
    const card = h.chat.seen.find((s) => s.where === 'card')?.message.cards?.[0];
    expect(card?.title).toContain('channel default voice Jenny (en-US)');
    expect(card?.title).toContain('“Hello there everyone”');
    await h.chat.waitFor((seen) => seen.some((s) => s.where === 'thread'));
    expect(h.chat.ephemerals()).toHaveLength(0);
  });

  it('still uses a named voice given first', async () => {
    h = await startTestBot();
    await h.app.inside.settings.update(channelKeyOf(origin), { voiceId: DEFAULT_VOICE_ID });
    await h.command('/tts Denise Bonjour à tous');
    const card = h.chat.seen.find((s) => s.where === 'card')?.message.cards?.[0];
    expect(card?.title).toMatch(/^🔊 Speech: Denise \(fr-FR\) · “Bonjour à tous”/);
  });
});

describe('typos in voice names and option values', () => {
  it('answers an unknown voice with a guess', async () => {
    h = await startTestBot();
    await h.command('/tts Jenifer Welcome to the show');
    expect(lastEphemeral(h)).toMatch(/unknown voice 'Jenifer' — did you mean Jenny \(en-US, Female\)/);
  });

  it('autocompletes templates and languages from abbreviations and typos', async () => {
    h = await startTestBot();
    const bot = h.bot;
    expect(names(bot.autocomplete('clip', 'template', 'bst', origin))[0]).toBe('beast');
    expect(names(bot.autocomplete('clip', 'language', 'frnch', origin))[0]).toBe('french');
    expect(names(bot.autocomplete('subtitles', 'language', 'spansh', origin))[0]).toBe('spanish');
    expect(names(bot.autocomplete('clip', 'template', 'bea', origin))[0]).toBe('beast');
  });

  it('autocompletes a voice from its name and the start of its style', async () => {
    h = await startTestBot();
    await h.command('/voices');
    expect(names(h.bot.autocomplete('tts', 'voice', 'denise ch', origin))[0]).toBe(
      'Denise · fr-FR · Female · cheerful',
    );
  });
});
