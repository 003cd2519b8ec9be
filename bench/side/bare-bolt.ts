// The design's floor for a Slack acknowledgement: a bare Bolt app (bolt-only.mjs) that only acknowledges
// `/clip`, with the bot's signing secret, request URLs and Slack API, driven with the same signed requests.
import { SLACK_PATHS } from '../../src/slack/paths.ts';
import { type BareServer, spawnFloor } from './bare.ts';
import { SLACK_SECRET } from './requests.ts';

export function startBareBolt(slackApiUrl: string): Promise<BareServer> {
  return spawnFloor(['bench/side/bolt-only.mjs'], {
    SLACK_SIGNING_SECRET: SLACK_SECRET,
    SLACK_PATHS: JSON.stringify(Object.values(SLACK_PATHS)),
    SLACK_BOT_TOKEN: 'xoxb-bench',
    SLACK_API_URL: slackApiUrl,
  });
}
