export type { HangFault, RateLimitFault, RequestMatch, ServerErrorFault } from './faults.ts';
export { type Actor, PERMISSIONS } from './interactions.ts';
export type { ChannelRecord, StoredMessage } from './payloads.ts';
export { createDiscordDouble, type DiscordDouble, type DiscordDoubleOptions, type Dispatched } from './server.ts';
export type { RecordedRequest } from './state.ts';
