// The app's own messages in English: /help's and the console-only commands' descriptions (derived from their
// table rows, so the English has one home); each language is a file beside this one.
import { AS } from '../commands/console-only.ts';
import { descriptionMessages } from '../commands/describe.ts';
import { HELP } from './help-command.ts';

export const APP_EN: Readonly<Record<string, string>> = descriptionMessages([HELP, AS]);
