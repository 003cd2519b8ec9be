// Wire payloads as Discord sends them (API v10). Only what discord.js reads is filled in, but every
// field it dereferences unconditionally is present (e.g. `entitlements`, `authorizing_integration_owners`).

export interface DoubleUser {
  id: string;
  username: string;
  bot?: boolean;
}

export const userPayload = (u: DoubleUser) => ({
  id: u.id,
  username: u.username,
  global_name: u.username,
  discriminator: '0',
  avatar: null,
  bot: u.bot ?? false,
  public_flags: 0,
});

export interface ChannelRecord {
  id: string;
  guild_id: string;
  name: string;
  /** 0 guild text, 11 public thread. */
  type: number;
  parent_id: string | null;
  /** For a thread started from a message: that message (same id as the thread). */
  starterMessageId?: string;
  autoArchiveDuration?: number;
  /** Permission overwrites (type 0 role, 1 member), as Get Channel shows them. */
  overwrites?: Array<{ id: string; type: 0 | 1; allow: string; deny: string }>;
}

export function channelPayload(c: ChannelRecord) {
  const base = {
    id: c.id,
    guild_id: c.guild_id,
    name: c.name,
    type: c.type,
    parent_id: c.parent_id,
    flags: 0,
    last_message_id: null,
    rate_limit_per_user: 0,
  };
  if (c.type !== 11)
    return { ...base, position: 0, nsfw: false, topic: null, permission_overwrites: c.overwrites ?? [] };
  return {
    ...base,
    owner_id: null,
    message_count: 0,
    member_count: 1,
    total_message_sent: 0,
    thread_metadata: {
      archived: false,
      auto_archive_duration: c.autoArchiveDuration ?? 1440,
      archive_timestamp: new Date().toISOString(),
      locked: false,
    },
  };
}

export const VIEW_CHANNEL = 1n << 10n;
const EVERYONE_PERMISSIONS = VIEW_CHANNEL | (1n << 11n) | (1n << 16n) | (1n << 31n);

export interface GuildInfo {
  id: string;
  name: string;
  ownerId: string;
}

export function guildPayload(g: GuildInfo, channels: ChannelRecord[]) {
  return {
    id: g.id,
    name: g.name,
    icon: null,
    owner_id: g.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    features: [],
    mfa_level: 0,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    roles: [
      {
        id: g.id,
        name: '@everyone',
        color: 0,
        hoist: false,
        position: 0,
        // A new guild's @everyone: View Channels, Send Messages, Read Message History, Use Application Commands.
        permissions: String(EVERYONE_PERMISSIONS),
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    joined_at: new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: 2,
    voice_states: [],
    members: [],
    channels: channels.filter((c) => c.type !== 11).map(channelPayload),
    threads: channels.filter((c) => c.type === 11).map(channelPayload),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
  };
}

export interface StoredMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: ReturnType<typeof userPayload>;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  /** 0 default, 20 reply to a slash command. */
  type: number;
  nonce?: string | number;
  timestamp: string;
  edited_timestamp: string | null;
  /** The interaction this message answers (its token's messages). */
  interactionId?: string;
  /** A deferred "thinking…" placeholder not yet edited. */
  loading?: boolean;
  /** Whom the message notified, create and edits together (`user:<id>`, `role:<id>`, `everyone`). */
  notified?: string[];
}

export function messagePayload(m: StoredMessage) {
  const { interactionId: _i, loading: _l, notified: _n, ...wire } = m;
  return {
    ...wire,
    attachments: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
  };
}
