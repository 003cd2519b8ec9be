export { createSlackAdapter, type SlackAdapter, type SlackAdapterOptions } from './adapter.ts';
export { slackManifest } from './manifest.ts';
export { SLACK_PATHS } from './paths.ts';
export { renderMessage } from './render.ts';
