import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/core/app/commands.ts';
import { slackManifest } from '../../src/slack/manifest.ts';

interface Manifest {
  features: { slash_commands: Array<{ command: string; description: string; usage_hint?: string; url?: string }> };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    socket_mode_enabled: boolean;
    event_subscriptions: { request_url?: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url?: string; message_menu_options_url?: string };
  };
}

const socket = slackManifest({ commands: COMMANDS, socketMode: true }) as Manifest;
const http = slackManifest({
  commands: COMMANDS,
  socketMode: false,
  requestUrl: 'https://bot.example.com/',
}) as Manifest;

describe('the Slack app manifest', () => {
  it('declares every command of the table, with its description and usage', () => {
    expect(socket.features.slash_commands.map((c) => c.command)).toEqual(COMMANDS.map((c) => `/${c.name}`));
    for (const c of socket.features.slash_commands) {
      expect(c.description.length).toBeGreaterThan(0);
      expect(c.description.length).toBeLessThanOrEqual(2000);
      expect(c.usage_hint?.startsWith(c.command) ?? false).toBe(false);
    }
  });

  it('gives a usage hint to a command that takes arguments and none (not an empty one) to one that takes none', () => {
    const hint = (command: string) => socket.features.slash_commands.find((c) => c.command === command)?.usage_hint;
    expect(hint('/clip')).toMatch(/^https:\/\//);
    for (const command of ['/jobs', '/scheduled', '/approvals']) expect(hint(command)).toBeUndefined();
  });

  it('asks for the scopes the adapter uses and subscribes to mentions and the Home tab', () => {
    expect(socket.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining([
        'commands',
        'chat:write',
        'app_mentions:read',
        'users:read',
        'channels:read',
        'groups:read',
      ]),
    );
    expect(socket.settings.event_subscriptions.bot_events).toEqual(['app_mention', 'app_home_opened']);
    expect((socket.features as { app_home?: unknown }).app_home).toEqual({ home_tab_enabled: true });
    expect(socket.settings.interactivity.is_enabled).toBe(true);
  });

  it('needs no URLs in Socket Mode', () => {
    expect(socket.settings.socket_mode_enabled).toBe(true);
    expect(JSON.stringify(socket)).not.toContain('https://bot');
  });

  it('points every request at the bot’s public URL in HTTP mode', () => {
    expect(http.settings.socket_mode_enabled).toBe(false);
    expect(http.features.slash_commands.every((c) => c.url === 'https://bot.example.com/slack/commands')).toBe(true);
    expect(http.settings.event_subscriptions.request_url).toBe('https://bot.example.com/slack/events');
    expect(http.settings.interactivity.request_url).toBe('https://bot.example.com/slack/interactivity');
    expect(http.settings.interactivity.message_menu_options_url).toBe('https://bot.example.com/slack/options');
  });

  it('refuses HTTP mode without a public https URL', () => {
    expect(() => slackManifest({ commands: COMMANDS, socketMode: false })).toThrow(/https/);
  });

  it('is committed up to date (regenerate with npm run slack:manifest > slack-manifest.json)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../slack-manifest.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(socket);
  });

  it('adds the redirect URL and the uninstall events for distribution, and neither without it', () => {
    const distributed = slackManifest({
      commands: COMMANDS,
      socketMode: false,
      requestUrl: 'https://bot.example.com',
      distribution: { redirectUrl: 'https://bot.example.com/slack/oauth_redirect' },
    }) as Manifest & { oauth_config: { redirect_urls?: string[] } };
    expect(distributed.oauth_config.redirect_urls).toEqual(['https://bot.example.com/slack/oauth_redirect']);
    expect(distributed.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['app_uninstalled', 'tokens_revoked']),
    );
    expect((http as { oauth_config: { redirect_urls?: string[] } }).oauth_config.redirect_urls).toBeUndefined();
    expect(http.settings.event_subscriptions.bot_events).not.toContain('app_uninstalled');
  });

  it('turns on token rotation and org-wide installs for distribution only, as docs/slack.md says', () => {
    const settings = (manifest: object) =>
      (manifest as { settings: { token_rotation_enabled: boolean; org_deploy_enabled: boolean } }).settings;
    const distributed = slackManifest({
      commands: COMMANDS,
      socketMode: false,
      requestUrl: 'https://bot.example.com',
      distribution: { redirectUrl: 'https://bot.example.com/slack/oauth_redirect' },
    });
    expect(settings(distributed)).toMatchObject({ token_rotation_enabled: true, org_deploy_enabled: true });
    // One workspace's SLACK_BOT_TOKEN has no refresh token: rotation would end it within 12 hours.
    for (const one of [socket, http]) {
      expect(settings(one)).toMatchObject({ token_rotation_enabled: false, org_deploy_enabled: false });
    }
    const docs = readFileSync(new URL('../../docs/slack.md', import.meta.url), 'utf8');
    expect(docs).toContain('The distribution manifest turns on token rotation');
    expect(docs).not.toContain('opt in to token rotation');
  });
});
