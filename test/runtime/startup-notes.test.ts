import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startupNotes } from '../../src/runtime/startup-notes.ts';

// The README tells an operator when the bot warns about an open /metrics; a start that does otherwise teaches them
// to distrust both.

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
const warnsOpenMetrics = (env: Record<string, string>) =>
  startupNotes(loadConfig({ MEDIA_API_KEY: 'k', DISCORD_TOKEN: 't', ...env }), false).some((n) =>
    n.msg.startsWith('/metrics is open'),
  );

describe('the open /metrics warning', () => {
  it('is printed when the README says: in production, while neither METRICS_TOKEN nor METRICS_PORT is set', () => {
    expect(readme).toContain(
      'While neither is set, the bot warns at start-up in production (`NODE_ENV=production`: the Dockerfile, ' +
        '`compose.yaml` and `deploy/reelbot.service` set it; put it in `.env` for `npm run start:prod`), and says ' +
        'nothing outside it.',
    );
    expect(warnsOpenMetrics({ NODE_ENV: 'production' })).toBe(true);
    expect(warnsOpenMetrics({})).toBe(false);
    expect(warnsOpenMetrics({ NODE_ENV: 'production', METRICS_TOKEN: 'a-scraper-token-0123456789' })).toBe(false);
    expect(warnsOpenMetrics({ NODE_ENV: 'production', METRICS_PORT: '9464' })).toBe(false);
  });

  it('is where the README sends a production start: its set-up steps set NODE_ENV=production in .env', () => {
    expect(readme).toContain('`cp .env.example .env`, then set `NODE_ENV=production`');
    for (const file of ['Dockerfile', 'compose.yaml', 'deploy/reelbot.service']) {
      expect(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')).toMatch(/NODE_ENV[=:] ?production/);
    }
  });
});

describe('the console start note', () => {
  it('names every token that would have started a platform, distribution mode too', () => {
    const notes = startupNotes(loadConfig({ MEDIA_API_KEY: 'k' }), true).map((n) => n.msg);
    expect(notes).toContain('No DISCORD_TOKEN, SLACK_BOT_TOKEN or SLACK_CLIENT_ID set: starting the terminal console.');
  });
});
