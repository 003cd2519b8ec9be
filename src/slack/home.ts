// The app's Home tab: the core draws the person's page (Bot.home: what waits for their approval, their
// requests, what is scheduled, their running jobs) and it is published with views.publish (Tier 4, paced
// by the limiter; a view holds 100 blocks) when they open the tab (app_home_opened), and again after an
// action taken from it, with that action's answer on top: Home has no place for a private reply.
import type { Bot } from '../core/platform/interaction.ts';
import type { OutMessage } from '../core/platform/message.ts';
import type { Logger, Origin, Reply } from '../core/ports.ts';
import type { SlackApi } from './api.ts';
import { HOME_BLOCKS, renderMessage } from './render.ts';

export interface SlackHome {
  /** Draws and publishes `origin.userId`'s Home; `notice` goes on top. */
  publish(origin: Origin, notice?: OutMessage): Promise<void>;
  /** The Reply of a click on Home: every answer redraws Home with it on top. */
  reply(origin: Origin): Reply;
}

export function createSlackHome(deps: { api: Pick<SlackApi, 'publishView'>; bot: Bot; logger: Logger }): SlackHome {
  async function publish(origin: Origin, notice?: OutMessage): Promise<void> {
    if (!deps.bot.home) return;
    const { blocks = [] } = renderMessage(await deps.bot.home(origin, notice), HOME_BLOCKS);
    await deps.api.publishView(origin.userId, { type: 'home', blocks });
  }
  return {
    publish,
    reply: (origin) => ({
      ephemeral: (message) => publish(origin, message),
      public: (message) => publish(origin, message),
      async openThread() {
        throw new Error('nothing is posted from the Home tab');
      },
    }),
  };
}
