export type { InstallTarget, OAuthApp, OAuthDouble, Organisation, Workspace } from './oauth.ts';
export { encodeBody, type SignedOptions, sendSigned, slackSignature } from './signed.ts';
export { type Envelope, type SocketModeDouble, startSocketMode } from './socket-mode.ts';
export { TIER_MODELS, type TierModel } from './tier-models.ts';
export { waitFor } from './wait.ts';
export {
  BOT_USER_ID,
  type SlackCall,
  type SlackUser,
  type SlackWebApiDouble,
  startSlackWebApi,
  TEAM_ID,
} from './web-api.ts';
