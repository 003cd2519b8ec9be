// How the commands that make something (and /project, /jobs) are described in the command table.
import { type CommandSpec, type OptionSpec, url } from '../commands/spec.ts';
import {
  BROLL_FREQUENCIES,
  BROLL_TYPES,
  SUBTITLE_FONT_SIZES,
  SUBTITLE_POSITIONS,
  VISUAL_STYLES,
} from '../media/enums.ts';
import { MAX_SCRIPT_CHARS } from '../voices/split-script.ts';
import { voiceOption } from '../voices/table.ts';

/** The subtitle style options of every command that burns subtitles. */
const subtitleOptionSpecs: OptionSpec[] = [
  { name: 'template', description: 'Subtitle style', type: 'string', source: 'template', aliases: ['style'] },
  { name: 'position', description: 'Where subtitles sit', type: 'string', choices: SUBTITLE_POSITIONS },
  { name: 'size', description: 'Subtitle font size', type: 'string', choices: SUBTITLE_FONT_SIZES },
];

export const CLIP: CommandSpec<'clip'> = {
  name: 'clip',
  description: 'Cut a long video into short clips',
  usage: '/clip https://youtu.be/… language=french reels=3 duration=15-45 template=beast hook',
  options: [
    url('long video'),
    { name: 'language', description: 'Spoken language', type: 'string', source: 'clip_language', aliases: ['lang'] },
    { name: 'reels', description: 'How many clips to make', type: 'integer', min: 1, max: 10 },
    { name: 'duration', description: 'Clip length range in seconds, min-max (default 10-30)', type: 'string' },
    { name: 'prompt', description: 'What the clips should focus on', type: 'string', maxLength: 1000 },
    { name: 'keywords', description: 'Comma-separated keywords to look for', type: 'string', maxLength: 500 },
    ...subtitleOptionSpecs,
    { name: 'broll_type', description: 'B-roll source', type: 'string', choices: BROLL_TYPES },
    { name: 'broll_frequency', description: 'How often B-roll appears', type: 'string', choices: BROLL_FREQUENCIES },
    { name: 'music_url', description: 'Background music file (omit to generate music)', type: 'url' },
    { name: 'music_volume', description: 'Music volume, 0.0 to 1.0 (default 0.5)', type: 'number', min: 0, max: 1 },
    { name: 'music_fade_in', description: 'Music fade-in seconds (default 0.5)', type: 'number', min: 0, max: 30 },
    { name: 'music_fade_out', description: 'Music fade-out seconds (default 0.5)', type: 'number', min: 0, max: 30 },
    { name: 'hook', description: 'Add an attention hook at the start', type: 'boolean', flag: true },
    { name: 'remove_fillers', description: 'Remove filler words', type: 'boolean', flag: true },
    { name: 'remove_silences', description: 'Remove silent parts', type: 'boolean', flag: true },
    { name: 'music', description: 'Add background music', type: 'boolean', flag: true },
    { name: 'broll', description: 'Add B-roll footage', type: 'boolean', flag: true },
  ],
};

export const TTV: CommandSpec<'ttv'> = {
  name: 'ttv',
  description: 'Turn a script (or a prompt) into a video',
  usage: '/ttv script="Three tips for better sleep…" voice=Jenny style=anime music',
  options: [
    {
      name: 'script',
      description: 'The words of the video',
      type: 'string',
      positional: true,
      rest: true,
      maxLength: 4000,
    },
    {
      name: 'prompt',
      description: 'Or: what the video is about (the script is written for you)',
      type: 'string',
      maxLength: 1000,
    },
    voiceOption,
    { name: 'style', description: 'Visual style', type: 'string', choices: VISUAL_STYLES, aliases: ['visual_style'] },
    { ...subtitleOptionSpecs[0], aliases: ['subtitles'] } as OptionSpec,
    subtitleOptionSpecs[1] as OptionSpec,
    subtitleOptionSpecs[2] as OptionSpec,
    { name: 'music', description: 'Add background music', type: 'boolean', flag: true },
  ],
};

export const SUBTITLES: CommandSpec<'subtitles'> = {
  name: 'subtitles',
  description: 'Burn subtitles into a video',
  usage: '/subtitles https://… language=spanish template=pulse',
  options: [
    url('video'),
    {
      name: 'language',
      description: 'Spoken language',
      type: 'string',
      source: 'subtitle_language',
      aliases: ['lang'],
    },
    ...subtitleOptionSpecs,
  ],
};

export const BROLL: CommandSpec<'broll'> = {
  name: 'broll',
  description: 'Add B-roll footage to a video',
  usage: '/broll https://…',
  options: [url('video')],
};

export const TTS: CommandSpec<'tts'> = {
  name: 'tts',
  description: 'Make speech from text',
  usage: '/tts Jenny Welcome to the show! (or: /tts voice=Jenny prompt="a warm welcome")',
  options: [
    { ...voiceOption, positional: true },
    {
      name: 'text',
      description: 'The words to speak',
      type: 'string',
      positional: true,
      rest: true,
      maxLength: MAX_SCRIPT_CHARS,
    },
    { name: 'prompt', description: 'Or: what to say (the script is written for you)', type: 'string', maxLength: 1000 },
  ],
};

export const PROJECT: CommandSpec<'project'> = {
  name: 'project',
  description: 'Show the status and outputs of a project',
  usage: '/project 6650f1c2a1b2c3d4e5f60718',
  options: [
    { name: 'id', description: 'Project id (24 hex digits)', type: 'string', required: true, positional: true },
  ],
};

export const JOBS: CommandSpec<'jobs'> = {
  name: 'jobs',
  description: "List this channel's jobs that are still running",
  usage: '/jobs',
  ephemeral: true,
  options: [],
};
