// /help tells Slack users which commands open a form when run with no text; each claim is checked
// against what the real Slack adapter does with that bare command.
import { afterEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/core/app/commands.ts';
import { waitFor } from '../doubles/slack/index.ts';
import { type SlackE2e, startSlackE2e } from '../slack/e2e-harness.ts';
import { slashCommand } from '../slack/harness.ts';

let e: SlackE2e | undefined;
afterEach(async () => {
  await e?.close();
  e = undefined;
});

/** Everything the bot answered to one Slack command, as text. */
async function answer(h: SlackE2e, command: string, text: string): Promise<string> {
  const before = h.web.responses.length;
  const res = await h.send('/slack/commands', 'command', slashCommand(h.web, command, text, 'U0ADMIN'));
  if (res.text) return res.text;
  await waitFor(() => h.web.responses.length > before, `an answer to ${command} ${text}`, 10_000);
  return JSON.stringify(h.web.responses.slice(before).map((r) => r.body));
}

describe('/help on Slack', () => {
  it('promises a form for a bare command exactly when Slack opens one', async () => {
    e = await startSlackE2e();
    const h = e;
    const claims: Record<string, boolean> = {};
    const opened: Record<string, boolean> = {};
    for (const spec of COMMANDS.filter((c) => c.options.length > 0)) {
      claims[spec.name] = (await answer(h, '/help', spec.name)).includes('with no text to get a form');
      const views = h.web.callsOf('views.open').length;
      const answered = h.web.responses.length;
      const res = await h.send('/slack/commands', 'command', slashCommand(h.web, `/${spec.name}`, '', 'U0ADMIN'));
      // A form is opened right after the ack; anything else answers through the ack or response_url.
      await waitFor(
        () => h.web.callsOf('views.open').length > views || res.text !== '' || h.web.responses.length > answered,
        `/${spec.name} answered`,
        10_000,
      );
      await new Promise((r) => setTimeout(r, 100));
      opened[spec.name] = h.web.callsOf('views.open').length > views;
    }
    expect(claims).toEqual(opened);
    expect(claims).toMatchObject({ voices: false, setup: false, help: false, clip: true });
  }, 60_000);
});

describe('the /tts text limit', () => {
  it('is the same in Discord’s slash option and in /help', async () => {
    const { slashCommandDefinitions } = await import('../../src/discord/commands.ts');
    const { renderHelp } = await import('../../src/core/commands/help.ts');
    const tts = slashCommandDefinitions(COMMANDS).find((c) => c.name === 'tts');
    const text = tts?.options?.find((o) => o.name === 'text') as { max_length?: number } | undefined;
    const help = JSON.stringify(renderHelp(COMMANDS, 'tts'));
    const stated = /`text`[^•]*up to ([\d,]+) characters/.exec(help)?.[1];
    expect(text?.max_length).toBeDefined();
    expect(Number(stated?.replace(/,/g, ''))).toBe(text?.max_length);
  });
});
