// How /publish, /scheduled and /approvals are described in the command table, and what publishing adds to /setup.

import { type CommandSpec, type OptionSpec, url } from '../commands/spec.ts';
import { PRIVACY_VALUES } from '../media/enums.ts';
import { SOCIAL_PLATFORMS } from './accounts/caption-limits.ts';

export const PUBLISH: CommandSpec<'publish'> = {
  name: 'publish',
  description: 'Ask the team to approve a video, then post it to social accounts',
  usage: '/publish https://… accounts=a,b title="…" description="…" privacy=unlisted schedule="tomorrow 18:00"',
  options: [
    url('video'),
    {
      name: 'accounts',
      description: 'Account names, comma-separated (see /setup socials)',
      type: 'string',
      maxLength: 500,
    },
    { name: 'title', description: 'Post title', type: 'string', maxLength: 500 },
    { name: 'description', description: 'Post description (caption)', type: 'string', maxLength: 5000 },
    { name: 'privacy', description: 'public (default), private or unlisted', type: 'string', choices: PRIVACY_VALUES },
    {
      name: 'schedule',
      description: 'now (default) or a time: tomorrow 6pm, in 2 hours, 2026-12-01 18:00',
      type: 'string',
      maxLength: 100,
    },
  ],
};

export const SCHEDULED: CommandSpec<'scheduled'> = {
  name: 'scheduled',
  description: 'Publish requests waiting for approval or their time, and the last published',
  usage: '/scheduled',
  ephemeral: true,
  options: [],
};

export const APPROVALS: CommandSpec<'approvals'> = {
  name: 'approvals',
  description: 'Publish requests waiting for your approval, across the channels you can see, and your own',
  usage: '/approvals',
  ephemeral: true,
  options: [],
};

/** The /setup action word publishing adds (`/setup socials`) and how /help explains it. */
export const SOCIALS_ACTION = { word: 'socials', description: 'socials (social accounts)' } as const;

/** What publishing adds to /setup: the social accounts (`/setup socials add <name>`) and the approval policy (policy.ts reads it). */
export const SETUP_PUBLISHING_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'change',
    description: 'With socials: add or remove',
    type: 'string',
    choices: ['add', 'remove'],
    positional: true,
  },
  { name: 'name', description: 'With socials: the account name', type: 'string', positional: true, maxLength: 32 },
  {
    name: 'platform',
    description: 'With socials add: the account platform',
    type: 'string',
    choices: SOCIAL_PLATFORMS,
  },
  {
    name: 'approvals',
    description: 'Members who must approve (0 = none; default 1); a reviewer link counts for its inviter',
    type: 'integer',
    min: 0,
    max: 20,
  },
  {
    name: 'self_approve',
    description: 'May people approve their own requests? (default no)',
    type: 'string',
    choices: ['yes', 'no'],
  },
  {
    name: 'approval_expiry',
    description: 'How long approvals last: 72h, 3d (default 72h)',
    type: 'string',
    maxLength: 10,
  },
  {
    name: 'approvers',
    description: 'anyone (default), or members / roles who may approve',
    type: 'string',
    maxLength: 500,
  },
  {
    name: 'timezone',
    description: 'IANA time zone for schedules, e.g. Europe/Paris (default UTC)',
    type: 'string',
    maxLength: 60,
  },
  {
    name: 'remind',
    description: 'Remind approvers after a request waits: 30m, 4h, 1d (default 1d) or off',
    type: 'string',
    maxLength: 10,
  },
  {
    name: 'outside_review',
    description: 'required: also wait for one outside reviewer’s approval (any link); optional (default)',
    type: 'string',
    choices: ['required', 'optional'],
  },
];
