// The pages a person sees at the end of an install, outside Slack: what happened, and where to go next. They are
// described as data (core/platform/page.ts) and rendered with the bot's other pages, escaped; a team name is
// Slack's, the rest is ours.
import type { Page, PageBlock } from '../../core/platform/page.ts';
import type { InstallStateError } from './state.ts';

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';

const startAgain: PageBlock = { kind: 'link', href: INSTALL_PATH, text: 'Install reelbot in a Slack workspace' };

function page(status: number, title: string, body: string, more: PageBlock[] = [startAgain]): Page {
  return {
    status,
    lang: 'en',
    title,
    blocks: [{ kind: 'heading', text: title }, { kind: 'text', text: body }, ...more],
  };
}

export function installedPage(workspace: string | undefined): Page {
  return page(
    200,
    'reelbot is installed',
    `reelbot is installed in ${workspace ?? 'your workspace'}. Open Slack: the person who installed it has a ` +
      'message from reelbot with the first steps (/setup key, /help).',
  );
}

/** Why an install ended without installing. */
export type InstallFailure =
  | { kind: 'state'; error: InstallStateError }
  | { kind: 'cancelled' }
  | { kind: 'other browser' }
  | { kind: 'no code' }
  | { kind: 'refused' };

export function failedPage(failure: InstallFailure): Page {
  switch (failure.kind) {
    case 'state': {
      const bodies = {
        forged: 'This install link was not made by this bot (its signature does not match), so nothing was installed.',
        expired: 'This install link is more than 10 minutes old, so nothing was installed.',
        replayed: 'This install link was used already, so nothing was installed again.',
      } as const;
      return page(400, 'Install link not accepted', `${bodies[failure.error.problem]} Start again below.`);
    }
    case 'cancelled':
      return page(
        400,
        'Installation cancelled',
        'The installation was cancelled on Slack’s page, so nothing was installed. You can start again below.',
      );
    case 'other browser':
      return page(
        400,
        'Install link not accepted',
        'This install was not started in this browser (or its 10 minutes passed and the browser forgot it), so ' +
          'nothing was installed. Start again below, in the same browser.',
      );
    case 'no code':
      return page(400, 'Installation incomplete', 'Slack sent no authorization code, so nothing was installed.');
    case 'refused':
      return page(
        400,
        'Installation failed',
        'Slack did not complete the installation, so nothing was installed. Please try again below.',
      );
  }
}

/**
 * The code exchange could not reach Slack (or Slack answered with a server error): nothing was installed and the
 * link was not used up, so the same address, opened again within its 10 minutes, tries once more.
 */
export function unreachablePage(retry: string): Page {
  return page(
    502,
    'Slack could not be reached',
    'reelbot could not reach Slack to finish the installation, so nothing was installed yet. Your install link ' +
      'is still valid for a few minutes: try again, or start over.',
    [{ kind: 'link', href: retry, text: 'Try again' }, startAgain],
  );
}
