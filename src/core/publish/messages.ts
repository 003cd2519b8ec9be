// The publish feature's messages in English: its commands' descriptions and what it adds to /setup (from its
// table, where their English lives). Each language is a file beside this one; feature.ts mounts them.
import { descriptionMessages, optionMessages } from '../commands/describe.ts';
import { APPROVALS, PUBLISH, SCHEDULED, SETUP_PUBLISHING_OPTIONS, SOCIALS_ACTION } from './publish-table.ts';

export const PUBLISH_EN: Readonly<Record<string, string>> = {
  ...descriptionMessages([PUBLISH, SCHEDULED, APPROVALS]),
  ...optionMessages('setup', SETUP_PUBLISHING_OPTIONS),
  [`setup.action.${SOCIALS_ACTION.word}`]: SOCIALS_ACTION.description,
};
