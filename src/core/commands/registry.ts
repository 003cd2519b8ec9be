// The one list of what the bot answers: every command of the table with its handler, every button verb
// and every form. A feature adds a command by adding its spec to the table and its handler here (the
// type below refuses a table command without a handler, or a handler without a table entry), and a
// button or form by adding one definition to ACTIONS or FORMS.

import { setup, setupKeyForceForm, setupKeyForm } from '../channels/setup-command.ts';
import { FOLLOW_UP_ACTIONS } from '../jobs/follow-up-commands.ts';
import { help, jobs, project } from '../jobs/info-commands.ts';
import { retryAction } from '../jobs/retry-command.ts';
import { tts, ttv } from '../jobs/speech-commands.ts';
import { broll, clip, subtitles } from '../jobs/video-commands.ts';
import { approvalsCommand, approveFromListAction } from '../publish/approvals-command.ts';
import { PUBLISH_FORMS, publishCardAction, publishCommand, publishResultAction } from '../publish/publish-commands.ts';
import { scheduledCommand } from '../publish/scheduled.ts';
import { socialKeyForm } from '../publish/setup-socials.ts';
import {
  useVoiceAction,
  voices,
  voicesFilterAction,
  voicesPageAction,
  voicesShareAction,
} from '../voices/voices-command.ts';
import { type ActionHandler, type FormHandler, indexBy } from './actions.ts';
import type { CommandHandler } from './handler.ts';
import { COMMANDS, type CommandName } from './table.ts';

/** One handler per command name of the table, and no other: a missing or extra key does not compile. */
export const COMMAND_HANDLERS: { readonly [N in CommandName]: CommandHandler<N> } = {
  clip,
  ttv,
  subtitles,
  broll,
  tts,
  voices,
  project,
  jobs,
  publish: publishCommand,
  scheduled: scheduledCommand,
  approvals: approvalsCommand,
  setup,
  help,
};

export const ACTIONS: readonly ActionHandler[] = [
  retryAction,
  voicesPageAction,
  voicesFilterAction,
  useVoiceAction,
  voicesShareAction,
  publishResultAction,
  publishCardAction,
  approveFromListAction,
  ...FOLLOW_UP_ACTIONS,
];
export const FORMS: readonly FormHandler[] = [setupKeyForm, setupKeyForceForm, socialKeyForm, ...PUBLISH_FORMS];

export interface Registry {
  /** The table, in /help order. */
  readonly specs: typeof COMMANDS;
  command(name: string): CommandHandler | undefined;
  /** The handler of a control id `<verb>:<arg>` (a select adds `:<picked value>`). */
  action(verb: string): ActionHandler | undefined;
  form(id: string): FormHandler | undefined;
}

export function createRegistry(): Registry {
  const handlers = COMMANDS.map((spec) => COMMAND_HANDLERS[spec.name] as CommandHandler);
  const byName = indexBy(handlers, (h) => h.spec.name, 'command');
  const byVerb = indexBy(ACTIONS, (a) => a.verb, 'button verb');
  const byForm = indexBy(FORMS, (f) => f.id, 'form id');
  return {
    specs: COMMANDS,
    command: (name) => byName.get(name.replace(/^\//, '').toLowerCase()),
    action: (verb) => byVerb.get(verb),
    // A form's id may carry what it is about after a colon (`pubedit:<request id>`), like a control id.
    form: (id) => byForm.get(id.split(':')[0] ?? id),
  };
}
