// Slack as a Surface: the real Bolt adapter in HTTP mode on the bot's own listener, driven by signed
// requests; what people see is read from the Web API double (chat.postMessage, postEphemeral), the
// response_url posts and the acks' own bodies.
import { COMMANDS } from '../../src/core/app/commands.ts';
import type { RunningBot } from '../../src/start-bot.ts';
import { type SlackWebApiDouble, sendSigned, startSlackWebApi } from '../doubles/slack/index.ts';
import { type SlackUsergroup, TEAM_ID } from '../doubles/slack/web-api.ts';
import { blockAction, elements, openedView, type Post, posts, viewSubmission } from '../slack/e2e-harness.ts';
import { CHANNEL, SECRET, slashCommand, USERS } from '../slack/harness.ts';
import { metricSum } from '../support/metric-sum.ts';
import { startCore } from './core.ts';
import { eventually, type Person, type Seen, type Surface } from './surface.ts';

const USER: Record<Person, string> = { member: 'U0MEMBER', admin: 'U0ADMIN' };

interface Rendered {
  text?: string;
  blocks?: Array<{
    text?: { text: string };
    fields?: Array<{ text: string }>;
    elements?: Array<{ type: string; text?: { text: string } }>;
  }>;
}

function seen(m: Rendered): Seen {
  const blocks = m.blocks ?? [];
  const texts = blocks.flatMap((b) => [...(b.text ? [b.text.text] : []), ...(b.fields ?? []).map((f) => f.text)]);
  const buttons = blocks.flatMap((b) => b.elements ?? []).filter((e) => e.type === 'button');
  const text = [m.text ?? '', ...texts].join('\n');
  return { text, buttons: buttons.map((e) => e.text?.text ?? ''), ...slackMarkup(text) };
}

/** What Slack reads in mrkdwn: `<@U…>`, `<!channel|here|everyone>`, `<!subteam^S…>` notify; `<url|label>` links. */
function slackMarkup(text: string): Pick<Seen, 'notifies' | 'links'> {
  const notifies = [...text.matchAll(/<(@[A-Z0-9]+|!(?:channel|here|everyone)|!subteam\^[A-Z0-9]+)(?:\|[^>]*)?>/g)].map(
    (m) => {
      const t = m[1] ?? '';
      if (t.startsWith('@')) return `user:${t.slice(1)}`;
      return t.startsWith('!subteam^') ? `group:${t.slice(9)}` : t.slice(1);
    },
  );
  const links = [...text.matchAll(/<(https?:\/\/[^|>]+)\|[^>]*>/g)].map((m) => m[1] ?? '');
  return { notifies, links };
}

interface InputBlock {
  type: string;
  block_id?: string;
  element?: {
    type?: string;
    action_id?: string;
    initial_value?: string;
    initial_options?: Array<{ value: string }>;
  };
}

/** An input's state as Slack's client submits it: what `values` says, else what the form showed. */
function stateOf(block: InputBlock, values: Record<string, string>): Record<string, unknown> | undefined {
  const e = block.element;
  if (!e?.action_id) return undefined;
  const given = values[e.action_id] ?? (block.block_id ? values[block.block_id] : undefined);
  if (e.type === 'multi_static_select') {
    const picked = given === undefined ? (e.initial_options ?? []).map((o) => o.value) : given.split(',');
    return { [e.action_id]: { type: e.type, selected_options: picked.filter(Boolean).map((value) => ({ value })) } };
  }
  if (e.type === 'static_select') {
    const value = given ?? e.initial_options?.[0]?.value;
    return { [e.action_id]: { type: e.type, selected_option: value ? { value } : null } };
  }
  // Like Slack, an input left empty is in the state with a null value.
  return { [e.action_id]: { type: 'plain_text_input', value: given ?? e.initial_value ?? null } };
}

/** The id the double gave a response_url (`…/respond/<id>`). */
const responseId = (payload: Record<string, unknown>) => String(payload.response_url ?? '').split('/respond/')[1];

/**
 * The Slack surface, with its Web API double (user groups, faults) for Slack-only tests, and the app's Home
 * tab: opened as Slack does (an app_home_opened event), read from views.publish, clicked as a view.
 */
export type SlackSurface = Surface & {
  web: SlackWebApiDouble;
  openHome(who?: Person): Promise<void>;
  /** The Home view last published for `who`, as they read it. */
  home(who?: Person): Seen | undefined;
  clickHome(label: string, who?: Person): Promise<void>;
};

export async function startSlackSurface(
  options: {
    usergroups?: SlackUsergroup[];
    /** Each person's Slack language (users.info with include_locale); none unless given. */
    locales?: Partial<Record<Person, string>>;
    /**
     * The channel's language, stored as `/setup locale=` stores it (Slack says none of its own): any tag, the
     * pseudo-locale too, which `/setup` does not offer people.
     */
    channelLocale?: string;
  } = {},
): Promise<SlackSurface> {
  const core = await startCore();
  const localeOf = (id: string) => Object.entries(USER).find(([, userId]) => userId === id)?.[0] as Person | undefined;
  const users = USERS.map((u) => {
    const who = localeOf(u.id);
    const locale = who ? options.locales?.[who] : undefined;
    return locale ? { ...u, locale } : u;
  });
  const web: SlackWebApiDouble = await startSlackWebApi({ users, usergroups: options.usergroups ?? [] });
  const acks: Array<{ who: Person; body: Rendered }> = [];
  const urls = new Map<string, Person>();
  let app: RunningBot;
  let base = '';
  let formsSubmitted = 0;

  async function boot() {
    app = await core.start(
      { SLACK_BOT_TOKEN: 'xoxb-contract', SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: web.apiUrl },
      // One message per second per channel, and Tier 3's one edit per 1.33 s, would make every case wait (the
      // suite refreshes cards every 100 ms, not every minute): its minute is a second. The limits have their tests.
      { tuning: { slackPace: { intervalMs: 0 }, slackRateWindowMs: 1000 } },
    );
    base = `http://127.0.0.1:${app.port}`;
    if (options.channelLocale)
      await app.inside.settings.update(`slack:${TEAM_ID}:${CHANNEL}`, { locale: options.channelLocale });
  }
  await boot();

  /** Commands and forms the bot has answered: `reelbot_commands_total`, counted once the work behind the ack is done. */
  async function answered(): Promise<number> {
    const { body } = await app.request('GET', '/metrics');
    return metricSum(body, 'reelbot_commands_total', (labels) => !labels.includes('command="action:'));
  }

  /**
   * Sends as Slack does. With `untilAnswered`, resolves once the bot answered, as a person waits for the answer
   * before typing on: Slack's ack comes first and the work follows it, so without this wait a /publish sent right
   * after /setup could run before the policy it depends on was saved.
   */
  async function send(
    path: string,
    kind: 'command' | 'interactive',
    payload: Record<string, unknown>,
    who: Person,
    untilAnswered = false,
  ) {
    const id = responseId(payload);
    if (id) urls.set(id, who);
    const before = untilAnswered ? await answered() : 0;
    const res = await sendSigned(`${base}${path}`, kind, payload, { secret: SECRET });
    if (res.status !== 200) throw new Error(`Slack request refused: ${res.status}`);
    if (res.text) acks.push({ who, body: JSON.parse(res.text) as Rendered });
    if (untilAnswered) await eventually(async () => (await answered()) > before, `the answer to ${path}`);
  }

  /** Acks, response_url posts and ephemerals to `who`, in that order. */
  function shownTo(who: Person): Rendered[] {
    const ephemerals = web
      .callsOf('chat.postEphemeral')
      .filter((c) => c.args.user === USER[who])
      .map((c) => c.args as Rendered);
    const responded = web.responses.filter((r) => urls.get(r.id) === who).map((r) => r.body as Rendered);
    return [...acks.filter((a) => a.who === who).map((a) => a.body), ...responded, ...ephemerals];
  }

  const threadOf = (ts: string) => posts(web).filter((p) => p.thread_ts === ts);
  let events = 0;

  return {
    name: 'slack',
    web,
    sandboxUrl: core.sandbox.origin,
    idOf: (who) => USER[who],
    async command(line, who = 'member') {
      const [name = '', ...rest] = line.split(/\s+/);
      // Only a command the bot knows is counted once answered.
      const known = COMMANDS.some((c) => `/${c.name}` === name);
      await send('/slack/commands', 'command', slashCommand(web, name, rest.join(' '), USER[who]), who, known);
    },
    async click(thread, label, who = 'member') {
      const root = posts(web).filter((p) => p.ts === thread);
      const holder = [...root, ...threadOf(thread)]
        .filter((p) => seen(p as Rendered).buttons.some((b) => b.includes(label)))
        .at(-1);
      const element = holder && elements(holder.blocks).find((e) => e.text?.text?.includes(label));
      if (!holder || !element) throw new Error(`no ${label} button in thread ${thread}`);
      const payload = blockAction(web, element, { ts: holder.ts, thread_ts: thread }, USER[who]);
      await send('/slack/interactivity', 'interactive', payload, who);
    },
    async clickPrivate(label, who = 'member') {
      const holder = shownTo(who)
        .filter((m) => seen(m).buttons.some((b) => b.includes(label)))
        .at(-1);
      const element = holder && elements(holder.blocks as Post['blocks']).find((e) => e.text?.text?.includes(label));
      if (!holder || !element) throw new Error(`no ${label} button shown privately`);
      const payload = blockAction(web, element, { ts: '1700000400.000100', ephemeral: true }, USER[who]);
      await send('/slack/interactivity', 'interactive', payload, who);
    },
    async submitForm(values, who = 'member') {
      // A configuring command opens its form after the ack (who may configure is looked up first).
      const opened = await eventually(
        async () => web.callsOf('views.open').length > formsSubmitted && web.callsOf('views.open').length,
        'a form opened',
      );
      formsSubmitted = opened;
      const view = openedView(web, opened - 1);
      const state: Record<string, Record<string, unknown>> = {};
      for (const block of view.blocks as InputBlock[]) {
        const answer = block.type === 'input' && block.block_id ? stateOf(block, values) : undefined;
        if (answer && block.block_id) state[block.block_id] = answer;
      }
      await send('/slack/interactivity', 'interactive', viewSubmission(view, state, USER[who]), who, true);
    },
    threads: async () =>
      posts(web)
        .filter((p: Post) => p.thread_ts === undefined)
        .map((p) => p.ts),
    async card(ts) {
      const updated = web
        .callsOf('chat.update')
        .filter((c) => c.args.ts === ts)
        .at(-1);
      const card = updated?.args ?? posts(web).find((p) => p.ts === ts);
      if (!card) throw new Error(`no card ${ts}`);
      return seen(card as Rendered);
    },
    thread: async (ts) => threadOf(ts).map((p) => seen(p as Rendered)),
    privateTo: async (who) => shownTo(who).map(seen),
    everyone: async () => posts(web).map((p) => seen(p as Rendered)),
    async openHome(who = 'member') {
      const event = {
        type: 'app_home_opened',
        user: USER[who],
        channel: 'D0HOME',
        tab: 'home',
        event_ts: '1700000500.000100',
      };
      const payload = {
        type: 'event_callback',
        team_id: TEAM_ID,
        api_app_id: 'A0REELBOT',
        event,
        event_id: `Ev${++events}`,
      };
      const res = await sendSigned(`${base}/slack/events`, 'event', payload, { secret: SECRET });
      if (res.status !== 200) throw new Error(`Slack event refused: ${res.status}`);
    },
    home(who = 'member') {
      const view = web.homeOf(USER[who]);
      return view ? seen({ text: '', blocks: view.blocks as Rendered['blocks'] }) : undefined;
    },
    async clickHome(label, who = 'member') {
      const view = web.homeOf(USER[who]);
      const element = view && elements(view.blocks as Post['blocks']).find((e) => e.text?.text?.includes(label));
      if (!element) throw new Error(`no ${label} button on the Home tab of ${who}`);
      const payload = {
        type: 'block_actions',
        team: { id: TEAM_ID, domain: 'double' },
        user: { id: USER[who], username: who, team_id: TEAM_ID },
        api_app_id: 'A0REELBOT',
        trigger_id: `trigger.home${++events}`,
        container: { type: 'view', view_id: 'VHOME' },
        view: { id: 'VHOME', type: 'home', team_id: TEAM_ID, blocks: view.blocks },
        actions: [
          {
            type: element.type,
            action_id: element.action_id,
            block_id: 'b',
            value: element.value,
            action_ts: '1700000600.000000',
          },
        ],
      };
      await send('/slack/interactivity', 'interactive', payload, who);
    },
    passTime: (ms) => core.passTime(ms),
    async restart() {
      await app.stop();
      await boot();
    },
    async close() {
      await app.stop();
      await web.close();
      await core.close();
    },
  };
}
