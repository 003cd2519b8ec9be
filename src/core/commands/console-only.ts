// Commands only the terminal console knows: its adapter (src/console/adapter.ts) answers them before the
// bot sees the line, so they are not in the command table (Discord and Slack must not register them).
// /help lists them on the console, and names where they work everywhere else.
import type { Translator } from '../i18n/catalogue.ts';
import { PSEUDO_LOCALE } from '../i18n/locales.ts';
import { describeCommand } from './describe.ts';
import { ENGLISH } from './framework-messages.ts';
import type { CommandSpec } from './spec.ts';

export const AS: CommandSpec<'as'> = {
  name: 'as',
  description: 'Act as another member, who may not configure the bot (to try approvals alone)',
  usage: '/as bea · /as alone to be yourself again',
  ephemeral: true,
  options: [
    {
      name: 'name',
      description: 'Who to act as (letters and digits); leave it out to be yourself again',
      type: 'string',
      positional: true,
      maxLength: 32,
    },
  ],
};

export const CONSOLE_ONLY_COMMANDS: readonly CommandSpec[] = [AS];

/** What /help answers on Discord or Slack when asked about a console-only command. */
export function consoleOnlyNote(spec: CommandSpec, t: Translator = ENGLISH): string {
  const said = describeCommand(t, spec);
  // Mid-sentence in English ("(act as …)") and in the pseudo-English made from it, whose first letter comes after
  // its bracket; other languages keep their own capitals (German nouns).
  const english = t.locale === 'en' || t.locale === PSEUDO_LOCALE;
  const description = english ? said.replace(/\p{L}/u, (c) => c.toLowerCase()) : said;
  return t.t('help.console_only', { name: spec.name, description });
}
