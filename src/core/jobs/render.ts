import type { ProjectKind } from '../media/enums.ts';
import type { Output } from '../media/schemas.ts';
import { type Card, type Control, mention, type OutMessage, truncate } from '../platform/message.ts';
import { followUpControls, MAX_BUTTONS_PER_MESSAGE } from './follow-up-controls.ts';
import type { Job } from './model.ts';

export const KIND_LABEL: Record<ProjectKind, string> = {
  clip: '🎬 Clips',
  ttv: '🎞️ Text to video',
  subtitles: '💬 Subtitles',
  broll: '🎥 B-roll',
  tts: '🔊 Speech',
};

/** What one result is called in "your … is ready" (a singular noun for every kind). */
const RESULT_NOUN: Record<Exclude<ProjectKind, 'clip'>, string> = {
  ttv: 'video',
  subtitles: 'subtitled video',
  broll: 'B-roll video',
  tts: 'speech',
};

export type CardPhase = 'submitting' | 'working' | 'completed' | 'failed' | 'expired';

const PHASE_TEXT: Record<CardPhase, string> = {
  submitting: '⏳ Submitting…',
  working: '⏳ Working on it — results will appear in this thread.',
  completed: '✅ Done — results are in this thread.',
  failed: '❌ Failed — details in this thread.',
  expired: '⌛ No result yet — stopped waiting.',
};

/** The job card: the thread root that shows what was asked and where it stands (and, running, how long). */
export function renderJobCard(job: Job, phase: CardPhase, progress?: string): OutMessage {
  const projects = job.projectIds.filter((p): p is string => p !== null);
  const fields = [
    { name: 'Requested by', value: mention(job.origin.userId), inline: true },
    { name: 'Job', value: `\`${job.id}\``, inline: true },
  ];
  if (projects.length > 0)
    fields.push({ name: 'Project', value: projects.map((p) => `\`${p}\``).join(' '), inline: true });
  if (job.requests.length > 1) fields.push({ name: 'Parts', value: String(job.requests.length), inline: true });
  const tone = phase === 'completed' ? 'success' : phase === 'failed' || phase === 'expired' ? 'error' : 'pending';
  const said = progress ? `${PHASE_TEXT[phase]}\n${progress}` : PHASE_TEXT[phase];
  return {
    text: `${KIND_LABEL[job.kind]} · ${said}`,
    cards: [
      {
        title: `${KIND_LABEL[job.kind]}: ${truncate(job.summary, 200)}`,
        body: said,
        fields,
        tone,
        footer: job.error ? truncate(job.error, 300) : undefined,
      },
    ],
  };
}

/** Opens the publish form for one finished video (src/core/publish/requests/publish-commands.ts). */
export const publishControl = (id: string): Control => ({ kind: 'action', label: 'Publish…', id, style: 'primary' });
const publishId = (job: Job, part: number, i: number) => `publish:${job.id}:${part}:${i}`;

export function clipCard(out: Output, n: number, total: number, publish?: string, more: Control[] = []): Card {
  const info = out.info;
  const fields = [];
  if (info?.viralityScore !== undefined) {
    const reason = info.viralityScoreReason ? ` — ${info.viralityScoreReason}` : '';
    fields.push({ name: 'Virality score', value: `**${info.viralityScore}**/100${reason}` });
  }
  if (info?.tags.length)
    fields.push({ name: 'Tags', value: info.tags.map((t) => `#${t.replace(/^#/, '')}`).join(' ') });
  if (info?.suitablePlatforms.length) fields.push({ name: 'Best on', value: info.suitablePlatforms.join(', ') });
  const controls: Control[] = out.videoUrl ? [{ kind: 'link', label: '▶ Watch', url: out.videoUrl }] : [];
  if (out.videoUrl && publish) controls.push(publishControl(publish));
  controls.push(...more);
  return {
    title: `Reel ${n}/${total}: ${info?.title || 'Untitled'}`,
    url: out.videoUrl,
    body: info?.caption || undefined,
    fields,
    imageUrl: out.thumbnailUrl,
    tone: 'success',
    controls,
  };
}

export function mediaCard(kind: ProjectKind, out: Output, title: string, publish?: string, more: Control[] = []): Card {
  const controls: Control[] = [];
  if (out.videoUrl) controls.push({ kind: 'link', label: '▶ Watch', url: out.videoUrl });
  if (out.videoUrl && publish) controls.push(publishControl(publish));
  if (out.audioUrl) controls.push({ kind: 'link', label: '🔊 Listen', url: out.audioUrl });
  controls.push(...more);
  return {
    title,
    url: out.videoUrl ?? out.audioUrl,
    body: controls.length > 0 ? undefined : `No media link came back for this ${kind} output.`,
    imageUrl: out.thumbnailUrl,
    tone: 'success',
    controls,
  };
}

/** Where to look again later, for one part. */
export interface PartLabel {
  index: number;
  total: number;
  projectId?: string;
}

/**
 * Follow-up buttons per output, while the message stays within the buttons a platform shows (Discord:
 * 25): Watch and Publish… of every output come first, then follow-ups for as many outputs as fit whole.
 */
function followUps(job: Job, outputs: Output[], part: number): Control[][] {
  if (job.kind === 'tts') return outputs.map(() => []);
  const base = outputs.reduce((n, o) => n + (o.videoUrl ? 2 : 0) + (o.audioUrl ? 1 : 0), 0);
  let room = MAX_BUTTONS_PER_MESSAGE - base;
  return outputs.map((o, i) => {
    const controls = followUpControls(job.id, part, i, o, job.kind === 'clip');
    if (controls.length > room) {
      room = 0;
      return [];
    }
    room -= controls.length;
    return controls;
  });
}

export function renderResult(job: Job, outputs: Output[], part: PartLabel): OutMessage {
  const partText = part.total > 1 ? ` (part ${part.index + 1}/${part.total})` : '';
  const extras = followUps(job, outputs, part.index);
  const cards =
    job.kind === 'clip'
      ? outputs.map((o, i) => clipCard(o, i + 1, outputs.length, publishId(job, part.index, i), extras[i]))
      : outputs.map((o, i) =>
          mediaCard(
            job.kind,
            o,
            `${KIND_LABEL[job.kind]}${partText}${outputs.length > 1 ? ` #${i + 1}` : ''}`,
            publishId(job, part.index, i),
            extras[i],
          ),
        );
  const what =
    job.kind === 'clip'
      ? `your ${outputs.length} reel${outputs.length === 1 ? ' is' : 's are'} ready`
      : `your ${RESULT_NOUN[job.kind]}${partText} is ready`;
  // Platforms cut long captions to fit their limits; /project shows a project again in full.
  const more = part.projectId ? `\nAll details again: \`/project ${part.projectId}\`` : '';
  // Parts are posted in order: one notification, with the last part, instead of one per part.
  const last = part.index + 1 >= part.total;
  const who = last ? `${mention(job.origin.userId)} ` : '';
  const said = last ? what : what.charAt(0).toUpperCase() + what.slice(1);
  return {
    text: `${who}${said}: ${truncate(job.summary, 120)}${more}`,
    cards,
  };
}

export const retryControl = (jobId: string): Control => ({
  kind: 'action',
  label: '↻ Retry',
  id: `retry:${jobId}`,
  style: 'primary',
});

export function renderFailure(job: Job, error: string, part?: PartLabel): OutMessage {
  const partText = part && part.total > 1 ? ` (part ${part.index + 1}/${part.total})` : '';
  return {
    text: `${mention(job.origin.userId)} ${KIND_LABEL[job.kind]}${partText} failed: ${truncate(error, 1500)}`,
    cards: [{ title: `Job ${job.id} failed`, body: truncate(error, 1500), tone: 'error' }],
    controls: [retryControl(job.id)],
  };
}

export function renderExpired(job: Job, hours: number): OutMessage {
  const ids = job.projectIds.filter(Boolean).map((p) => `\`/project ${p}\``);
  return {
    text: `${mention(job.origin.userId)} no result for job \`${job.id}\` after ${hours} h, so I stopped waiting. The project may still finish: check it later with ${ids.join(', ') || '/project'}.`,
    controls: [retryControl(job.id)],
  };
}
