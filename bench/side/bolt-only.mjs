// The Slack floor of the side-by-side benchmark (spawned by bare-bolt.ts): a Bolt app that only acknowledges
// `/clip`, built as the bot builds its own (an HTTPReceiver with the signing secret and the same request
// URLs, mounted on a node:http server, the bot token checked once at start against the Slack double,
// no conversation store). Plain JavaScript, run by node with its default flags, as the bot's compiled build is.
import { createServer } from 'node:http';
import bolt from '@slack/bolt';

const { App, HTTPReceiver, LogLevel } = bolt;
const receiver = new HTTPReceiver({
  signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
  endpoints: JSON.parse(process.env.SLACK_PATHS ?? '[]'),
  logLevel: LogLevel.WARN,
});
const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  receiver,
  logLevel: LogLevel.WARN,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  deferInitialization: true,
  convoStore: false,
});
app.command('/clip', async ({ ack }) => {
  await ack();
});
await app.init();
const server = createServer((req, res) => receiver.requestListener(req, res));
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
