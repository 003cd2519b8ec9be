/** Request URLs of HTTP mode, mounted on the bot's HTTP server; the manifest declares the same ones. */
export const SLACK_PATHS = {
  events: '/slack/events',
  commands: '/slack/commands',
  interactivity: '/slack/interactivity',
  options: '/slack/options',
} as const;
