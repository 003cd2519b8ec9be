import { type Config, UNREACHABLE_WEBHOOK_BASE } from '../config.ts';

// What the bot says about itself at start-up: what it runs against, and how results come back. The
// wording names the same webhook address the jobs send (start-bot.ts), so the log never misleads.

export interface Note {
  level: 'info' | 'warn';
  msg: string;
}

export function startupNotes(config: Config, consoleMode: boolean): Note[] {
  const notes: Note[] = [];
  if (config.mediaApi.mode === 'sandbox') {
    const why =
      config.mediaApi.sandboxReason === 'requested'
        ? 'MEDIA_API_URL=sandbox'
        : 'neither MEDIA_API_URL nor MEDIA_API_KEY is set';
    notes.push({
      level: 'warn',
      msg: `Using the built-in media API sandbox (${why}): results are simulated. Set MEDIA_API_KEY to use the real API.`,
    });
  } else if (!config.publicUrl) {
    notes.push({
      level: 'warn',
      msg:
        `PUBLIC_URL is not set: jobs give the media API the webhook address ${UNREACHABLE_WEBHOOK_BASE}/… ` +
        '(a reserved name that never resolves, as the field is required), and results arrive by polling instead. ' +
        'Set PUBLIC_URL to the HTTPS address of this bot for webhooks.',
    });
  }
  // Counters and process metrics on an open port tell anyone how busy the bot is; a laptop needs no warning.
  if (config.production && config.metrics.port === undefined && !config.metrics.token) {
    notes.push({
      level: 'warn',
      msg:
        `/metrics is open to anyone who can reach PORT (${config.port}): neither METRICS_PORT nor METRICS_TOKEN is set. ` +
        'Set METRICS_TOKEN (16+ characters, `openssl rand -hex 24`) so the scraper sends it as a bearer token, ' +
        'or METRICS_PORT (e.g. 9464) to serve /metrics only on a port kept inside your network (docs/operations.md).',
    });
  }
  if (consoleMode)
    notes.push({
      level: 'info',
      msg: 'No DISCORD_TOKEN, SLACK_BOT_TOKEN or SLACK_CLIENT_ID set: starting the terminal console.',
    });
  return notes;
}
