// What a job writes where everyone reads it (its card, its results, failures and progress), in English: the
// channel's language replaces it (`/setup locale=`, else Discord's guild_locale). Each language's version is in
// messages.<language>.ts beside this file.
export const JOB_CARD_EN = {
  'job.kind':
    '{kind, select, clip {🎬 Clips} ttv {🎞️ Text to video} subtitles {💬 Subtitles} broll {🎥 B-roll} other {🔊 Speech}}',
  'job.phase':
    '{phase, select, submitting {⏳ Submitting…} working {⏳ Working on it — results will appear in this thread.} completed {✅ Done — results are in this thread.} failed {❌ Failed — details in this thread.} other {⌛ No result yet — stopped waiting.}}',
  'job.field_requested_by': 'Requested by',
  'job.field_job': 'Job',
  'job.field_project': 'Project',
  'job.field_parts': 'Parts',
  'job.publish': 'Publish…',
  'job.virality': 'Virality score',
  'job.tags': 'Tags',
  'job.best_on': 'Best on',
  'job.watch': '▶ Watch',
  'job.listen': '🔊 Listen',
  'job.untitled': 'Untitled',
  'job.reel_title': 'Reel {n}/{total}: {title}',
  'job.no_media': 'No media link came back for this {kind} output.',
  'job.part': ' (part {n}/{total})',
  'job.reels_ready': 'your {count, plural, one {# reel is} other {# reels are}} ready',
  'job.reels_ready_sentence': 'Your {count, plural, one {# reel is} other {# reels are}} ready',
  'job.result_ready':
    '{kind, select, ttv {your video} subtitles {your subtitled video} broll {your B-roll video} other {your speech}}{part} is ready',
  'job.result_ready_sentence':
    '{kind, select, ttv {Your video} subtitles {Your subtitled video} broll {Your B-roll video} other {Your speech}}{part} is ready',
  'job.result_line': '{said}: {summary}',
  'job.details_again': 'All details again: `/project {id}`',
  'job.retry': '↻ Retry',
  'job.failed_line': '{kind}{part} failed: {error}',
  'job.failed_title': 'Job {id} failed',
  'job.expired':
    'no result for job `{id}` after {hours} h, so I stopped waiting. The project may still finish: check it later with {check}.',
  'job.elapsed': '⏱ {elapsed} elapsed',
  'job.no_estimate':
    '{elapsed} · no estimate yet: no {kind, select, clip {clip} ttv {text-to-video} subtitles {subtitles} broll {B-roll} other {speech}} job has finished in this channel before',
  'job.overdue': '⚠️ {elapsed} · taking more than twice as long as usual here ({usual}). Check it with {check}',
  'job.usually': '{elapsed} · usually ready in {usual}',
} as const;

export type JobCardMessages = typeof JOB_CARD_EN;
