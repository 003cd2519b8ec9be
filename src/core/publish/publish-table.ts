// How /publish and /scheduled are described in the command table: their options, limits and usage.

import { type CommandSpec, url } from '../commands/spec.ts';
import { PRIVACY_VALUES } from '../media/enums.ts';

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
