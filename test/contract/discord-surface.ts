// Discord as a Surface: the real discord.js adapter against the Discord double. Commands go out as slash
// commands with typed options, clicks and form submissions as interactions, and what people see is read
// from the double's channels, threads and interaction messages.
import { COMMANDS } from '../../src/core/app/commands.ts';
import { DEFAULT_SOURCES, parseAndValidate } from '../../src/core/commands/validate.ts';
import type { RunningBot } from '../../src/start-bot.ts';
import { buttonsOf, textOf } from '../discord/e2e-support.ts';
import { createDiscordDouble, type DiscordDouble } from '../doubles/discord/index.ts';
import type { StoredMessage } from '../doubles/discord/payloads.ts';
import { startCore } from './core.ts';
import type { Person, Seen, Surface } from './surface.ts';

type OptionInput = string | number | boolean;

/** Text form to the options a person would fill in Discord's command UI. */
function optionsOf(name: string, text: string): Record<string, OptionInput> {
  const spec = COMMANDS.find((c) => c.name === name);
  if (!spec) return {};
  const parsed = parseAndValidate(spec, { text }, DEFAULT_SOURCES);
  if (parsed.ok) return parsed.values;
  // What validation refuses is still what the person typed into the first option.
  const first = spec.options.find((o) => o.positional);
  return first && text ? { [first.name]: text.split(/\s+/)[0] ?? '' } : {};
}

/** Discord's masked links `[label](url)` (and `[label](<url>)`), live in content, descriptions and fields. */
const MASKED_LINK = /\[[^\]]*\]\(<?(https?:\/\/[^)\s>]+)>?\)/g;

const seen = (m: StoredMessage): Seen => ({
  text: textOf(m),
  buttons: buttonsOf(m).flatMap((b) => (b.label ? [b.label] : [])),
  notifies: m.notified ?? [],
  links: [...textOf(m).matchAll(MASKED_LINK)].map((l) => l[1] ?? ''),
});

/** The Discord surface, with its double (guild members, faults) for Discord-only tests. */
export type DiscordSurface = Surface & { discord: DiscordDouble };

/** `roles`: the Discord role ids each person holds (none unless given), on clicks and in the guild's member list. */
export async function startDiscordSurface(
  options: {
    roles?: Partial<Record<Person, string[]>>;
    /** Each person's Discord language (the interaction's `locale`); en-US unless given. */
    locales?: Partial<Record<Person, string>>;
    /** The server's language (`guild_locale`); en-US unless given. */
    guildLocale?: string;
  } = {},
): Promise<DiscordSurface> {
  const core = await startCore();
  const discord = await createDiscordDouble(options.guildLocale ? { guildLocale: options.guildLocale } : {});
  for (const [who, roles] of Object.entries(options.roles ?? {}) as Array<[Person, string[]]>) {
    const a = who === 'admin' ? discord.actors.manager : discord.actors.member;
    discord.setMember({ ...a, roles });
  }
  const actor = (who: Person = 'member') => {
    const base = who === 'admin' ? discord.actors.manager : discord.actors.member;
    const roles = options.roles?.[who];
    const locale = options.locales?.[who];
    return { ...base, ...(roles ? { roles } : {}), ...(locale ? { locale } : {}) };
  };
  const sent: Array<{ id: string; who: Person }> = [];
  let app: RunningBot;

  async function boot() {
    app = await core.start({ DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.restUrl });
  }
  await boot();

  const threadIds = () =>
    [...discord.state.channels.values()]
      .filter((c) => c.parent_id === discord.channelId && c.type === 11)
      .map((c) => c.id);
  const delivered = async (id: string, who: Person) => {
    sent.push({ id, who });
    await discord.waitForCallback(id);
    // As a person does: the next step waits until this one is answered, not only acknowledged. A deferred
    // reply ("thinking…") is answered once it is edited or deleted; without this wait, a /publish sent
    // right after /setup could run before the policy it depends on was saved.
    await discord.waitFor(
      () => !discord.interactionMessages(id).some((m) => m.loading),
      10_000,
      `the answer to interaction ${id} (still "thinking…")`,
    );
  };

  async function press(messages: StoredMessage[], label: string, who: Person | undefined, where: string) {
    const holder = messages.filter((m) => buttonsOf(m).some((b) => b.label?.includes(label))).at(-1);
    const button = holder && buttonsOf(holder).find((b) => b.label?.includes(label));
    if (!holder || !button?.custom_id) throw new Error(`no ${label} button ${where}`);
    const { id } = discord.click(holder, button.custom_id, { actor: actor(who) });
    await delivered(id, who ?? 'member');
  }

  return {
    name: 'discord',
    discord,
    sandboxUrl: core.sandbox.origin,
    idOf: (who) => actor(who).userId,
    async command(line, who) {
      const [name = '', ...rest] = line.replace(/^\//, '').split(/\s+/);
      const { id } = discord.command(name, optionsOf(name, rest.join(' ')), { actor: actor(who) });
      await delivered(id, who ?? 'member');
    },
    async click(thread, label, who) {
      // A thread is started from its card, so the card shares its id.
      const card = discord.state.message(thread);
      await press([...(card ? [card] : []), ...discord.messagesIn(thread)], label, who, `in thread ${thread}`);
    },
    async clickPrivate(label, who = 'member') {
      const shown = sent.filter((s) => s.who === who).flatMap((s) => discord.interactionMessages(s.id));
      await press(
        shown.filter((m) => !m.loading && (m.flags & 64) === 64),
        label,
        who,
        'shown privately',
      );
    },
    async submitForm(values, who) {
      const opened = [...discord.state.interactions.values()]
        .flatMap((i) => i.callbacks)
        .filter((c) => c.type === 9)
        .at(-1);
      const customId = (opened?.data as { custom_id?: string } | undefined)?.custom_id;
      if (!customId) throw new Error('no form was opened');
      const { id } = discord.submitModal(customId, values, { actor: actor(who) });
      await delivered(id, who ?? 'member');
    },
    threads: async () => threadIds(),
    async card(id) {
      // A job thread is started from its card, so both share one id.
      const card = discord.state.message(id);
      if (!card) throw new Error(`no card ${id}`);
      return seen(card);
    },
    thread: async (id) => discord.messagesIn(id).map(seen),
    async privateTo(who) {
      return sent
        .filter((s) => s.who === who)
        .flatMap((s) => discord.interactionMessages(s.id))
        .filter((m) => !m.loading && (m.flags & 64) === 64)
        .map(seen);
    },
    async everyone() {
      const public_ = (m: StoredMessage) => !m.loading && (m.flags & 64) === 0;
      return [discord.channelId, ...threadIds()].flatMap((c) => discord.messagesIn(c).filter(public_)).map(seen);
    },
    passTime: (ms) => core.passTime(ms),
    async restart() {
      await app.stop();
      await boot();
    },
    async close() {
      await app.stop();
      await discord.close();
      await core.close();
    },
  };
}
