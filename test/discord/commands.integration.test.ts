import { REST } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/core/app/commands.ts';
import { registerCommands, slashCommandDefinitions } from '../../src/discord/index.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import { createMemoryStore } from './support.ts';

const defs = slashCommandDefinitions(COMMANDS);
const byName = (name: string) => {
  const def = defs.find((d) => d.name === name);
  if (!def) throw new Error(`no /${name}`);
  return def;
};
const optionsOf = (name: string) => (byName(name).options ?? []) as unknown as Array<Record<string, unknown>>;

describe('slash command definitions derived from the command table', () => {
  it('has one valid slash command per table entry, each within Discord limits', () => {
    expect(defs.map((d) => d.name)).toEqual(COMMANDS.map((c) => c.name));
    for (const d of defs) {
      expect(d.name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
      expect(d.description?.length).toBeLessThanOrEqual(100);
      const options = optionsOf(d.name);
      expect(options.length).toBeLessThanOrEqual(25);
      for (const o of options) {
        expect(String(o.name)).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
        expect(String(o.description).length).toBeLessThanOrEqual(100);
        expect(((o.choices as unknown[]) ?? []).length).toBeLessThanOrEqual(25);
      }
    }
  });

  it('describes every command and option in every shipped language, within 100 characters, names staying English', () => {
    const locales = ['de', 'es-ES', 'es-419', 'fr', 'pt-BR', 'ja'];
    for (const d of defs) {
      expect(Object.keys(d.description_localizations ?? {}).sort(), d.name).toEqual([...locales].sort());
      for (const text of Object.values(d.description_localizations ?? {}))
        expect(text?.length).toBeLessThanOrEqual(100);
      for (const o of optionsOf(d.name)) {
        const localized = (o.description_localizations ?? {}) as Record<string, string>;
        expect(Object.keys(localized).sort(), `${d.name} ${String(o.name)}`).toEqual([...locales].sort());
        for (const text of Object.values(localized)) expect(text.length).toBeLessThanOrEqual(100);
        expect(o.name_localizations).toBeUndefined();
      }
    }
    expect(byName('help').description_localizations).toMatchObject({
      de: 'Was der Bot kann und wie',
      ja: 'ボットでできることと使い方',
    });
  });

  it('lets only people who can manage the server see /setup, and only in servers', () => {
    expect(byName('setup')).toMatchObject({ default_member_permissions: '32', dm_permission: false });
    expect(byName('clip').default_member_permissions).toBeUndefined();
  });

  it('puts required options first: /clip starts with the url, a string', () => {
    expect(optionsOf('clip')[0]).toMatchObject({ name: 'url', type: 3, required: true });
    for (const d of defs) {
      const required = optionsOf(d.name).map((o) => o.required === true);
      expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it('offers large sets by autocomplete and small fixed sets as choices', () => {
    const clip = optionsOf('clip');
    expect(clip.find((o) => o.name === 'language')).toMatchObject({ autocomplete: true });
    expect(clip.find((o) => o.name === 'template')).toMatchObject({ autocomplete: true });
    expect(optionsOf('ttv').find((o) => o.name === 'voice')).toMatchObject({ autocomplete: true });
    expect(clip.find((o) => o.name === 'position')?.choices).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: expect.any(String) })]),
    );
    expect(clip.find((o) => o.name === 'reels')).toMatchObject({ type: 4, min_value: 1, max_value: 10 });
    expect(optionsOf('tts').find((o) => o.name === 'text')?.max_length).toBeLessThanOrEqual(6000);
  });
});

describe('registering the commands', () => {
  let discord: DiscordDouble;
  let rest: REST;
  beforeEach(async () => {
    discord = await createDiscordDouble();
    rest = new REST({ api: discord.restUrl }).setToken(discord.token);
  });
  afterEach(() => discord.close());

  it('overwrites the global commands in one PUT', async () => {
    await registerCommands({ rest, applicationId: discord.applicationId });
    const puts = discord.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path)).toEqual([`/applications/${discord.applicationId}/commands`]);
    expect(discord.state.commands.get('global')).toHaveLength(COMMANDS.length);
  });

  it('overwrites one guild commands when a guild is given', async () => {
    await registerCommands({ rest, applicationId: discord.applicationId, guildId: discord.guildId });
    expect(discord.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      `/applications/${discord.applicationId}/guilds/${discord.guildId}/commands`,
    ]);
    expect(discord.state.commands.get(discord.guildId)).toHaveLength(COMMANDS.length);
  });

  it('skips the PUT while the definitions are unchanged, and sends it again when they change', async () => {
    const store = createMemoryStore();
    const options = { rest, applicationId: discord.applicationId, store };
    expect(await registerCommands(options)).toBe('registered');
    expect(await registerCommands(options)).toBe('unchanged');
    expect(await registerCommands({ ...options, commands: COMMANDS.slice(1) })).toBe('registered');
    expect(discord.requests.filter((r) => r.method === 'PUT')).toHaveLength(2);
  });
});
