// Shapes of the media API, requests and responses: one import for the rest of the bot.
export * from './request-schemas.ts';
export * from './response-schemas.ts';
