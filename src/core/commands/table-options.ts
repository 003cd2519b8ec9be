// Options several commands of the table share: a URL to work on, the subtitle style, the voice, and
// the approval policy /setup sets.
import { SUBTITLE_FONT_SIZES, SUBTITLE_POSITIONS } from '../media/enums.ts';
import type { OptionSpec } from './spec.ts';

/** The approval policy of /setup (src/core/publish/policy.ts reads them). */
export const POLICY_OPTION_SPECS: OptionSpec[] = [
  {
    name: 'approvals',
    description: 'Approvals a publish request needs (0 = none; default 1)',
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
];

export const url = (what: string): OptionSpec => ({
  name: 'url',
  description: `Link to the ${what} (http or https)`,
  type: 'url',
  required: true,
  positional: true,
});

export const subtitleOptions: OptionSpec[] = [
  { name: 'template', description: 'Subtitle style', type: 'string', source: 'template', aliases: ['style'] },
  { name: 'position', description: 'Where subtitles sit', type: 'string', choices: SUBTITLE_POSITIONS },
  { name: 'size', description: 'Subtitle font size', type: 'string', choices: SUBTITLE_FONT_SIZES },
];

export const voice: OptionSpec = {
  name: 'voice',
  description: 'Voice name or id (see /voices)',
  type: 'string',
  source: 'voice',
};
