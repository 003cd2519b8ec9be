// Who asked and where a job's card lives: stored with every job, so declared as schemas (the types are
// inferred) and parsed when read back.
import { z } from 'zod';

export const CHAT_PLATFORMS = ['discord', 'slack', 'console'] as const;
export const platformSchema = z.enum(CHAT_PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

/** Who asked, and where. */
export const originSchema = z.object({
  platform: platformSchema,
  /** Discord guild id, Slack team id, 'local' for the console. */
  workspaceId: z.string(),
  channelId: z.string(),
  /** Set when the command ran inside a thread (Discord thread channel id, Slack thread_ts). */
  threadId: z.string().optional(),
  userId: z.string(),
  userName: z.string().optional(),
  /** The person's Discord role ids, when the platform says (approvers may name roles). */
  roles: z.array(z.string()).optional(),
  /**
   * Discord: the interaction that asked. Its answers carry it back (`interaction_metadata`), and messages
   * posted after it have later ids, so a job's card can be looked for after a crash (src/discord/find-card.ts).
   */
  interactionId: z.string().optional(),
  /**
   * The language of the person who acted, as the platform tags it (Discord's interaction `locale`, Slack's user
   * locale when known, the console's LANG): their private answers are written in it (core/i18n negotiates it).
   */
  locale: z.string().optional(),
  /**
   * The person's time zone (an IANA name) where the platform says it (Slack's users.info `tz`): the times of their
   * private answers are shown in it. Discord says none; the console's is its machine's.
   */
  timeZone: z.string().optional(),
  /** The place's own language where the platform says one (Discord's `guild_locale`), below `/setup locale=`. */
  channelLocale: z.string().optional(),
});
export type Origin = z.infer<typeof originSchema>;

/** The key every per-channel record is stored under: `<platform>:<workspace>:<channel>`. */
export const channelKeyOf = (o: Pick<Origin, 'platform' | 'workspaceId' | 'channelId'>): string =>
  `${o.platform}:${o.workspaceId}:${o.channelId}`;

/** One workspace of one platform, `<platform>:<workspace>`: whom a request on a shared media key is for. */
export const workspaceOf = (o: Pick<Origin, 'platform' | 'workspaceId'>): string => `${o.platform}:${o.workspaceId}`;

/** Where a job's card and its updates live. */
export const threadRefSchema = z.object({
  platform: platformSchema,
  workspaceId: z.string(),
  channelId: z.string(),
  /** Discord: the thread channel id; Slack: the card's ts (thread_ts); console: the job number. */
  threadId: z.string(),
  /** The card message, for updates. */
  cardMessageId: z.string(),
});
export type ThreadRef = z.infer<typeof threadRefSchema>;
