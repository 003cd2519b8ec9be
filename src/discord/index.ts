export { createDiscordAdapter, type DiscordAdapter, type DiscordAdapterOptions } from './adapter.ts';
export { cardChannelOf, createDiscordChatPort } from './chat-port.ts';
export {
  definitionsHash,
  type RegisterOptions,
  type RegisterOutcome,
  registerCommands,
  slashCommandDefinitions,
} from './commands.ts';
export { modalOf } from './modal.ts';
export { nonceFor } from './post.ts';
export { type DiscordMessage, renderMessage } from './render.ts';
