// The whole bot in Slack distribution mode (src/start-bot.ts, as production builds it) against the Web API
// double with OAuth on: a browser's install (cookies kept between the bot's pages, Slack's authorize page
// followed), and signed requests from any installed workspace.
import { randomBytes } from 'node:crypto';
import type { Store } from '../../../src/core/ports.ts';
import type { RunningBot } from '../../../src/start-bot.ts';
import {
  type Organisation,
  type SlackCall,
  type SlackWebApiDouble,
  sendSigned,
  startSlackWebApi,
  type Workspace,
} from '../../doubles/slack/index.ts';
import { startTestBot, type TestBot, type TestBotOptions } from '../../support/bot.ts';
import { freePort } from '../../support/bot-process.ts';
import type { RecordingLogger } from '../../support/recording-logger.ts';
import { CHANNEL, SECRET, USERS } from '../harness.ts';

export const CLIENT_ID = '1234567890.987654321';
export const CLIENT_SECRET = 'double-client-secret';
export const STATE_SECRET = 'state-secret-of-the-test-bot';

export const ACME: Workspace = { teamId: 'T0ACME', name: 'Acme & <Co>', installerUserId: 'U0INSTALLER' };
export const GLOBEX: Workspace = { teamId: 'T0GLOBEX', name: 'Globex', installerUserId: 'U0INSTALLER' };
/** An Enterprise Grid organisation with two workspaces, installed org-wide. */
export const INITECH: Organisation = {
  enterpriseId: 'E0INITECH',
  name: 'Initech',
  installerUserId: 'U0INSTALLER',
  teams: ['T0EAST', 'T0WEST'],
};

export interface Browser {
  /** GET with this browser's cookies; redirects are returned, not followed. */
  get(url: string): Promise<{ status: number; location?: string; text: string; setCookie: string[] }>;
  cookies: Map<string, string>;
}

export function createBrowser(): Browser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async get(url) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      const setCookie = res.headers.getSetCookie();
      for (const line of setCookie) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
      const location = res.headers.get('location') ?? undefined;
      return { status: res.status, ...(location ? { location } : {}), text: await res.text(), setCookie };
    },
  };
}

export interface DistributionBot {
  app: RunningBot;
  test: TestBot;
  web: SlackWebApiDouble;
  logger: RecordingLogger;
  base: string;
  /**
   * The whole install as a person does it: /slack/install, Slack's page (Allow or Cancel), back to the bot. An
   * organisation is installed org-wide: its workspaces' requests then say so (enterprise id, is_enterprise_install).
   */
  install(
    workspace: Workspace | Organisation | 'cancel',
    browser?: Browser,
  ): Promise<{ status: number; text: string; browser: Browser; redirect: string }>;
  /** A signed slash command from `workspace`. */
  command(teamId: string, command: string, text: string, userId?: string): ReturnType<typeof sendSigned>;
  send(
    path: string,
    kind: 'command' | 'interactive' | 'event',
    payload: Record<string, unknown>,
  ): ReturnType<typeof sendSigned>;
  /** The Web API calls made with a token of `teamId` (its organisation's, for a workspace of an org-wide install). */
  callsOf(teamId: string, method: string): SlackCall[];
  /** Submits the last form opened in `teamId` (views.open), filling the inputs named in `values`. */
  submitForm(teamId: string, userId: string, values: Record<string, string>): ReturnType<typeof sendSigned>;
  /** Clicks the button labelled `label` on the newest message of `teamId` that has one. */
  click(teamId: string, userId: string, label: string): ReturnType<typeof sendSigned>;
  /**
   * An Events API event from `teamId` (app_uninstalled, tokens_revoked…), `eventTime` in seconds. For an org-wide
   * install `teamId` may be the organisation's id or one of its workspaces': the envelope names the organisation.
   */
  event(teamId: string, event: Record<string, unknown>, eventTime?: number): ReturnType<typeof sendSigned>;
  /** Everything shown privately to `userId` of `teamId`: response_url posts and ephemerals. */
  privateTo(teamId: string, userId: string): string[];
  close(): Promise<void>;
}

let commands = 0;

interface Button {
  type: string;
  action_id?: string;
  value?: string;
  text?: { text?: string };
}

interface FormBlock {
  type: string;
  block_id?: string;
  element?: { action_id?: string };
}

export async function startDistributionBot(
  options: {
    rotateEverySeconds?: number;
    web?: SlackWebApiDouble;
    store?: Store;
    env?: Record<string, string>;
    bot?: Partial<TestBotOptions>;
  } = {},
): Promise<DistributionBot> {
  const web =
    options.web ??
    (await startSlackWebApi({
      users: USERS,
      oauth: {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        ...(options.rotateEverySeconds ? { rotateEverySeconds: options.rotateEverySeconds } : {}),
      },
    }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const test = await startTestBot({
    online: true,
    env: {
      PORT: String(port),
      PUBLIC_URL: base,
      SLACK_CLIENT_ID: CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_STATE_SECRET: STATE_SECRET,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: web.apiUrl,
      SLACK_AUTHORIZE_URL: web.authorizeUrl,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...options.env,
    },
    tuning: { timings: { firstPollMs: 60_000, maxPollMs: 60_000 }, slackPace: { intervalMs: 0 } },
    ...(options.store ? { infra: { store: options.store } } : {}),
    ...options.bot,
  });
  const send: DistributionBot['send'] = (path, kind, payload) =>
    sendSigned(`${base}${path}`, kind, payload, { secret: SECRET });
  const responseTeam = new Map<string, { teamId: string; userId: string }>();
  /** The organisation of each workspace installed org-wide (and of the organisation itself). */
  const orgOf = new Map<string, string>();
  const tokenOwner = (teamId: string) => orgOf.get(teamId) ?? teamId;
  const callsOf = (teamId: string, method: string) =>
    web.callsOf(method).filter((c) => c.token !== undefined && web.oauth?.teamOf(c.token) === tokenOwner(teamId));
  /** What a request from a workspace of an org-wide install says about its organisation. */
  const commandOrg = (teamId: string) => {
    const org = orgOf.get(teamId);
    return org ? { enterprise_id: org, is_enterprise_install: 'true' } : { is_enterprise_install: 'false' };
  };
  const interactiveOrg = (teamId: string) => {
    const org = orgOf.get(teamId);
    return org ? { enterprise: { id: org, name: org }, is_enterprise_install: true } : {};
  };
  return {
    app: test.app,
    test,
    web,
    logger: test.logger,
    base,
    async install(workspace, browser = createBrowser()) {
      const start = await browser.get(`${base}/slack/install`);
      if (start.status !== 302 || !start.location) throw new Error(`/slack/install answered ${start.status}`);
      if (workspace !== 'cancel' && 'enterpriseId' in workspace)
        for (const id of [workspace.enterpriseId, ...workspace.teams]) orgOf.set(id, workspace.enterpriseId);
      web.oauth?.nextAuthorize(
        workspace === 'cancel'
          ? { cancel: true }
          : 'enterpriseId' in workspace
            ? { organisation: workspace }
            : { workspace },
      );
      const slack = await browser.get(start.location);
      if (slack.status !== 302 || !slack.location) throw new Error(`the authorize page answered ${slack.status}`);
      const back = await browser.get(slack.location);
      return { status: back.status, text: back.text, browser, redirect: slack.location };
    },
    command(teamId, command, text, userId = 'U0MEMBER') {
      const id = `dcmd${++commands}`;
      responseTeam.set(id, { teamId, userId });
      return send('/slack/commands', 'command', {
        team_id: teamId,
        team_domain: teamId.toLowerCase(),
        channel_id: CHANNEL,
        channel_name: 'general',
        user_id: userId,
        user_name: 'mia',
        command,
        text,
        api_app_id: 'A0REELBOT',
        ...commandOrg(teamId),
        response_url: web.responseUrl(id),
        trigger_id: `trigger.${id}`,
      });
    },
    send,
    callsOf,
    submitForm(teamId, userId, values) {
      const opened = callsOf(teamId, 'views.open').at(-1);
      if (!opened) throw new Error(`no form opened in ${teamId}`);
      const view = opened.args.view as { callback_id: string; private_metadata?: string; blocks: FormBlock[] };
      const state: Record<string, Record<string, unknown>> = {};
      for (const b of view.blocks) {
        const action = b.element?.action_id;
        if (b.type !== 'input' || !b.block_id || !action) continue;
        state[b.block_id] = { [action]: { type: 'plain_text_input', value: values[action] ?? null } };
      }
      const n = ++commands;
      return send('/slack/interactivity', 'interactive', {
        type: 'view_submission',
        team: {
          id: teamId,
          domain: teamId.toLowerCase(),
          ...(orgOf.has(teamId) ? { enterprise_id: orgOf.get(teamId) } : {}),
        },
        ...interactiveOrg(teamId),
        user: { id: userId, username: 'someone', team_id: teamId },
        api_app_id: 'A0REELBOT',
        trigger_id: `trigger.dsubmit${n}`,
        view: { ...view, id: `VD${n}`, team_id: teamId, type: 'modal', state: { values: state }, hash: 'h' },
        response_urls: [],
      });
    },
    click(teamId, userId, label) {
      const buttonOf = (c: SlackCall) =>
        ((c.args.blocks ?? []) as Array<{ elements?: Button[] }>)
          .flatMap((b) => b.elements ?? [])
          .find((e) => e.text?.text?.includes(label));
      // The newest message showing the button (an edit of another card may mention the label without one).
      const holder = [...callsOf(teamId, 'chat.postMessage'), ...callsOf(teamId, 'chat.update')]
        .filter((c) => c.response?.ok === true && buttonOf(c) !== undefined)
        .sort((a, b) => a.at - b.at)
        .at(-1);
      const button = holder && buttonOf(holder);
      if (!holder || !button) throw new Error(`no ${label} button in ${teamId}`);
      const ts = String(holder.args.ts ?? holder.response?.ts);
      const n = ++commands;
      responseTeam.set(`dclick${n}`, { teamId, userId });
      return send('/slack/interactivity', 'interactive', {
        type: 'block_actions',
        team: {
          id: teamId,
          domain: teamId.toLowerCase(),
          ...(orgOf.has(teamId) ? { enterprise_id: orgOf.get(teamId) } : {}),
        },
        ...interactiveOrg(teamId),
        user: { id: userId, username: 'someone', team_id: teamId },
        api_app_id: 'A0REELBOT',
        trigger_id: `trigger.dclick${n}`,
        container: { type: 'message', message_ts: ts, channel_id: CHANNEL, is_ephemeral: false },
        channel: { id: CHANNEL, name: 'general' },
        message: { type: 'message', ts, text: '' },
        response_url: web.responseUrl(`dclick${n}`),
        actions: [
          {
            type: button.type,
            action_id: button.action_id,
            block_id: 'b',
            ...(button.value !== undefined ? { value: button.value } : {}),
            action_ts: '1700000300.000000',
          },
        ],
      });
    },
    event(teamId, event, eventTime = Math.floor(Date.now() / 1000)) {
      const org = orgOf.get(teamId);
      return send('/slack/events', 'event', {
        token: 'legacy',
        team_id: teamId,
        ...(org
          ? {
              enterprise_id: org,
              authorizations: [
                {
                  enterprise_id: org,
                  team_id: null,
                  user_id: `U0BOT${org}`,
                  is_bot: true,
                  is_enterprise_install: true,
                },
              ],
            }
          : {}),
        api_app_id: 'A0REELBOT',
        type: 'event_callback',
        event_id: `EvD${++commands}`,
        event_time: eventTime,
        event,
      });
    },
    privateTo(teamId, userId) {
      const responded = web.responses
        .filter((r) => {
          const who = responseTeam.get(r.id);
          return who?.teamId === teamId && who.userId === userId;
        })
        .map((r) => JSON.stringify(r.body));
      const ephemerals = callsOf(teamId, 'chat.postEphemeral')
        .filter((c) => c.args.user === userId)
        .map((c) => JSON.stringify(c.args));
      return [...responded, ...ephemerals];
    },
    async close() {
      await test.close();
      if (!options.web) await web.close();
    },
  };
}
