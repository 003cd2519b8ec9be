// The direct message the installer gets after an install: what the bot does and the two commands that matter
// first (a channel's key, the help), named with SLACK_COMMAND_PREFIX as the workspace sees them.
import type { SlackMessage } from '../render.ts';

export function firstContactMessage(prefix: string): SlackMessage {
  const text =
    'Thanks for installing reelbot! I turn videos and scripts into clips, text-to-video, subtitles, B-roll and ' +
    'speech, and publish them after your team approves.\n' +
    `• Give a channel its media API key with \`/${prefix}setup key\` (only admins can).\n` +
    `• See every command with \`/${prefix}help\`.\n` +
    `Invite me to a channel with \`/invite\` and try \`/${prefix}clip <video link>\`.`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}
