// What the jobs feature says besides its cards, in English: private answers and refusals (/jobs, /project's
// refusals, Retry, the follow-up buttons, the Home tab's section: the reader's language, `ctx.t`), and the public
// lines beside a job's card (/project's answer, a follow-up's or a retry's title, a progress reply, why a job
// failed: the channel's language, `jobWords(job.locale)` or `ctx.translator(await ctx.channelLocale())`). Each
// language's version is in messages.<language>.ts beside this file.
export const JOB_ANSWERS_EN = {
  'jobs.ago': '{unit, select, s {{n} s ago} min {{n} min ago} h {{n} h ago} other {{n} d ago}}',
  'jobs.line': '• {kind} `{id}` — {summary} · asked by {who} {ago}',
  'jobs.line_projects': ' · project {projects}',
  'jobs.none': 'No jobs are running in this channel. Start one with `/clip`, `/ttv`, `/subtitles`, `/broll` or `/tts`.',
  'jobs.heading': '**{count, plural, one {# job} other {# jobs}} running here**',
  'jobs.budget': 'Request budget: {budget}.',
  'jobs.home_title': 'Your running jobs ({count})',
  'jobs.home_line': '• {kind} `{id}` — {summary} · started {ago}',
  'jobs.home_card': 'card',
  'jobs.home_none': 'No job of yours is running.',
  'project.not_an_id':
    "''{id}'' is not a project id: ids are 24 hexadecimal characters, like 6650f1c2a1b2c3d4e5f60718.",
  'project.unknown':
    'No project `{id}` is known here. /project shows the projects of jobs run in this workspace (kept 30 days), from channels you can see; with a channel’s own API key (`/setup key`), also any project of that key.',
  'project.head':
    'Project `{id}`: {state, select, in_progress {⏳ in progress (status “{status}”)} completed {✅ completed} other {❌ failed}}',
  'project.created': 'created {at}',
  'project.finished': 'finished {at}',
  'project.output': 'Output #{n}',
  'project.failed': 'Failed',
  'project.no_error': 'No error message was given.',
  'job.retry_unknown': 'No job `{id}` of this channel can be retried (jobs are kept 30 days). Run the command again.',
  'job.retry_running': 'Job `{id}` is still running; its results will appear in its thread.',
  'job.retry_summary': '{summary} (retry of {id})',
  'job.still_working': 'Still working on job `{id}`. {line}',
  'job.voice_gone':
    "This channel's default voice ({id}) is no longer in the voice list. Give one with voice=…, or pick a new default with /voices.",
  'job.say_what': 'Say what to speak: {usage}',
  'job.text_or_prompt': 'Give either the text to speak or prompt=…, not both.',
  'job.script_missing': "Give the video's script, or prompt=… to have one written: {usage}",
  'job.script_or_prompt': 'Give either a script or prompt=…, not both.',
  'job.default_voice': 'default voice',
  'job.channel_default_voice': 'channel default voice {voice}',
  'job.parts_note': '{count, plural, one { · # part} other { · # parts}}',
  'job.reels_note': '{count, plural, one {# reel} other {# reels}}',
  'job.template_note': 'template {template}',
  'job.hook_note': 'hook',
  'job.duration_shape': "duration ''{duration}'' should look like min-max in seconds, e.g. {example} or 15-45",
  'job.duration_order': "duration ''{duration}'': the first number must be at least 1 and smaller than the second",
  'job.duration_long':
    "duration ''{duration}'': clips longer than 600 seconds are not short clips; pick a smaller maximum",
  'job.card_not_posted': 'The job card could not be posted.',
  'job.store_away':
    'Storage is unavailable for the moment: this job goes on once it is back; no need to send it again.',
  'job.stopped_before_card': 'The bot stopped before the job card was posted.',
  'job.may_exist':
    'It may have created the project anyway: if it did, the result will still be posted here when it is ready. Retrying now may create a second project.',
  'job.interrupted': 'The bot stopped while it was asking the media API to create the project. {mayExist}',
  'job.creation_server': 'The media API had a problem ({status}) while creating the project. {mayExist}',
  'job.creation_silent':
    'The media API did not answer while creating the project (network error or timeout). {mayExist}',
  'job.lost_project':
    "The media API no longer knows project {id} (404): it may have been removed, or this channel's API key changed since the job started.",
  'job.failure_no_message': 'The media API reported a failure without a message.',
  'followup.subtitles': '💬 Subtitles',
  'followup.broll': '🎥 B-roll',
  'followup.tts': '🔊 Speak caption',
  'followup.no_caption': 'This reel has no caption to speak.',
  'followup.no_default_voice':
    'This channel has no default voice, so I cannot tell whose voice should speak the caption. Pick one with /voices (Use as default) or `/setup voice=…`, then click Speak caption again.',
  'followup.no_video': 'This result has no video to work on.',
  'followup.not_here':
    'That result is not from this channel, or is too old (results are kept 30 days). Start the job again.',
  'followup.already':
    'The {kind, select, subtitles {subtitles} broll {B-roll} other {speech}} of that result is already on its way: its card is in this thread.',
  'followup.summary':
    '{kind, select, subtitles {subtitles} broll {B-roll} other {speech}} of {source, select, reel {reel {n}} part {part {n}} output {output {n}} ttv {the video} subtitles {the subtitled video} broll {the B-roll video} other {the result}} of job {id}',
  'followup.voice_gone':
    "This channel's default voice ({id}) is no longer in the voice list. Pick a new default with /voices (Use as default), then click Speak caption again.",
  'followup.read_by_default': "read by {voice}, the channel's default voice",
  'followup.read_by_other': '{language} caption read by {voice}, not the default {default}',
} as const;
