// Slack payloads in, the core's values out. Every payload is parsed here, once, with zod.
import { z } from 'zod';
import type { Origin } from '../core/ports.ts';
import { controlId } from './render.ts';
import type { ClickedMessage } from './reply.ts';
import { unwrapSlackText } from './unwrap.ts';
import type { ViewMeta } from './views.ts';

const team = z.object({ id: z.string() }).nullish();
const user = z.object({ id: z.string(), username: z.string().optional(), name: z.string().optional() });

export const slashCommandSchema = z.object({
  command: z.string(),
  text: z.string().default(''),
  team_id: z.string(),
  channel_id: z.string(),
  user_id: z.string(),
  user_name: z.string().optional(),
  response_url: z.string().optional(),
  trigger_id: z.string().optional(),
});
export type SlashCommandBody = z.infer<typeof slashCommandSchema>;

export const blockActionSchema = z.object({
  team,
  user: user.extend({ team_id: z.string().optional() }),
  channel: z.object({ id: z.string() }).nullish(),
  message: z.object({ ts: z.string(), thread_ts: z.string().optional() }).nullish(),
  container: z
    .object({
      is_ephemeral: z.boolean().optional(),
      message_ts: z.string().optional(),
      channel_id: z.string().optional(),
    })
    .passthrough()
    .nullish(),
  /** Set on a click in a view: the Home tab's is `type: 'home'`. */
  view: z.object({ type: z.string() }).passthrough().nullish(),
  response_url: z.string().optional(),
  trigger_id: z.string().optional(),
  actions: z
    .array(
      z.object({
        action_id: z.string(),
        type: z.string(),
        value: z.string().optional(),
        url: z.string().optional(),
        selected_option: z.object({ value: z.string() }).nullish(),
      }),
    )
    .min(1),
});
export type BlockActionBody = z.infer<typeof blockActionSchema>;

export const viewSubmissionSchema = z.object({
  team,
  user,
  trigger_id: z.string().optional(),
  view: z.object({
    callback_id: z.string(),
    team_id: z.string().optional(),
    private_metadata: z.string().optional(),
    state: z.object({ values: z.unknown() }).optional(),
    blocks: z.array(z.object({ type: z.string(), block_id: z.string().optional() })).optional(),
  }),
});
export type ViewSubmissionBody = z.infer<typeof viewSubmissionSchema>;

export const blockSuggestionSchema = z.object({
  team,
  user,
  action_id: z.string(),
  block_id: z.string().optional(),
  value: z.string().default(''),
  channel: z.object({ id: z.string() }).nullish(),
  view: z.object({ callback_id: z.string(), private_metadata: z.string().optional() }).nullish(),
});
export type BlockSuggestionBody = z.infer<typeof blockSuggestionSchema>;

export const appMentionSchema = z.object({
  team_id: z.string(),
  event_id: z.string().optional(),
  event: z.object({
    type: z.literal('app_mention'),
    user: z.string(),
    text: z.string(),
    ts: z.string(),
    channel: z.string(),
    thread_ts: z.string().optional(),
  }),
});
export type AppMentionBody = z.infer<typeof appMentionSchema>;

/** The person opened the app's Home (or its Messages / About tab). */
export const appHomeOpenedSchema = z.object({
  team_id: z.string(),
  event: z.object({ type: z.literal('app_home_opened'), user: z.string(), tab: z.string().optional() }),
});

const slack = (o: Omit<Origin, 'platform'>): Origin => ({ platform: 'slack', ...o });

/** Whose Home was opened: a person of the workspace, in no channel. */
export const homeOrigin = (b: z.infer<typeof appHomeOpenedSchema>): Origin =>
  slack({ workspaceId: b.team_id, channelId: '', userId: b.event.user });

/** A click on the Home tab, not on a message. */
export const isHomeClick = (b: BlockActionBody): boolean => b.view?.type === 'home';

/** Slash commands cannot be run inside threads and carry none. */
export function commandOrigin(c: SlashCommandBody): Origin {
  return slack({
    workspaceId: c.team_id,
    channelId: c.channel_id,
    userId: c.user_id,
    ...(c.user_name ? { userName: c.user_name } : {}),
  });
}

/** A click on a bot message answers in that message's thread (or starts one under it). */
export function actionOrigin(b: BlockActionBody): Origin {
  const threadId = b.container?.is_ephemeral ? undefined : (b.message?.thread_ts ?? b.message?.ts);
  return slack({
    workspaceId: b.team?.id ?? b.user.team_id ?? '',
    channelId: b.channel?.id ?? '',
    ...(threadId ? { threadId } : {}),
    userId: b.user.id,
    ...userName(b.user),
  });
}

export function viewOrigin(b: ViewSubmissionBody | BlockSuggestionBody, meta: ViewMeta | undefined): Origin {
  const teamId = b.team?.id ?? ('view' in b && b.view && 'team_id' in b.view ? (b.view.team_id ?? '') : '');
  return slack({
    workspaceId: teamId,
    channelId: meta?.channelId ?? ('channel' in b ? (b.channel?.id ?? '') : ''),
    ...(meta?.threadId ? { threadId: meta.threadId } : {}),
    userId: b.user.id,
    ...userName(b.user),
  });
}

const userName = (u: z.infer<typeof user>): { userName?: string } => {
  const name = u.username ?? u.name;
  return name ? { userName: name } : {};
};

/**
 * The message holding the clicked control. Slack leaves `message` out of clicks on ephemeral messages;
 * the container still names them.
 */
export function clickedMessage(b: BlockActionBody): ClickedMessage | undefined {
  const ts = b.message?.ts ?? b.container?.message_ts;
  const channelId = b.channel?.id ?? b.container?.channel_id;
  if (!ts || !channelId) return undefined;
  return { channelId, ts, ephemeral: b.container?.is_ephemeral === true };
}

/** The control id the core gave the clicked element; a select appends the picked value (`id:value`). */
export function actionIdOf(b: BlockActionBody): string | undefined {
  const action = b.actions[0];
  if (!action || action.url !== undefined) return undefined; // a link button: Slack opened the URL already
  if (action.selected_option) return `${controlId(action.action_id)}:${action.selected_option.value}`;
  return action.value ?? controlId(action.action_id);
}

export interface MentionRequest {
  command: string;
  text: string;
  origin: Origin;
}

/**
 * `@reelbot clip https://…` → command `clip`, text `https://…`. App mentions carry their thread: the
 * answer goes into it, or starts one under the mention.
 */
export function mentionRequest(b: AppMentionBody): MentionRequest {
  const words = plainMessageText(b.event.text.replace(/<@[A-Z0-9]+(\|[^>]*)?>/g, ' '))
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const [first = 'help', ...rest] = words;
  return {
    command: first.replace(/^\//, '').toLowerCase(),
    text: rest.join(' '),
    origin: slack({
      workspaceId: b.team_id,
      channelId: b.event.channel,
      threadId: b.event.thread_ts ?? b.event.ts,
      userId: b.event.user,
    }),
  };
}

/** Message text as typed: Slack wraps links as `<url>` or `<url|label>` and escapes &, < and >. */
export const plainMessageText = (text: string): string => unwrapSlackText(text);
