// The pages a person sees at the end of an install, outside Slack: what happened, and a link to start again.
// Nothing they show comes from the request unescaped (a team name is Slack's, the rest is ours).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InstallStateError } from './state.ts';

const INSTALL_PATH = '/slack/install';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>
<p><a href="${INSTALL_PATH}">Install reelbot in a Slack workspace</a></p></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The redirect's query holds the code and state: never sent on to another site.
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

export function installedPage(res: ServerResponse, workspace: string | undefined): void {
  page(
    res,
    200,
    'reelbot is installed',
    `reelbot is installed in ${workspace ?? 'your workspace'}. Open Slack: the person who installed it has a ` +
      'message from reelbot with the first steps (/setup key, /help).',
  );
}

/** Why the install ended, in words; `code` is Bolt's (InstallProvider's) or ours. */
export function failureText(error: { code?: unknown; message?: unknown }): { title: string; body: string } {
  if (error instanceof InstallStateError) {
    const bodies = {
      forged: 'This install link was not made by this bot (its signature does not match), so nothing was installed.',
      expired: 'This install link is more than 10 minutes old, so nothing was installed.',
      replayed: 'This install link was used already, so nothing was installed again.',
    } as const;
    return { title: 'Install link not accepted', body: `${bodies[error.problem]} Start again below.` };
  }
  switch (error.code) {
    case 'slack_oauth_installer_authorization_error':
      return {
        title: 'Installation cancelled',
        body: 'The installation was cancelled on Slack’s page, so nothing was installed. You can start again below.',
      };
    case 'slack_oauth_invalid_state':
    case 'slack_oauth_missing_state':
      return {
        title: 'Install link not accepted',
        body:
          'This install was not started in this browser (or its 10 minutes passed and the browser forgot it), so ' +
          'nothing was installed. Start again below, in the same browser.',
      };
    case 'slack_oauth_missing_code':
      return { title: 'Installation incomplete', body: 'Slack sent no authorization code, so nothing was installed.' };
    default:
      return {
        title: 'Installation failed',
        body: 'Slack did not complete the installation, so nothing was installed. Please try again below.',
      };
  }
}

export function failedPage(error: { code?: unknown; message?: unknown }, res: ServerResponse): void {
  const { title, body } = failureText(error);
  page(res, 400, title, body);
}

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => void;
