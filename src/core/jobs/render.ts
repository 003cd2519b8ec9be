import type { Translator } from '../i18n/catalogue.ts';
import type { ProjectKind } from '../media/enums.ts';
import type { Output } from '../media/schemas.ts';
import { type Card, type Control, mention, type OutMessage, truncate } from '../platform/message.ts';
import { followUpControls, MAX_BUTTONS_PER_MESSAGE } from './follow-up-controls.ts';
import type { Job } from './model.ts';
import { jobWords } from './words.ts';

/** A kind's label ("🎬 Clips") in `t`'s language; English by default. */
export const kindLabel = (kind: ProjectKind, t: Translator = jobWords(undefined)): string => t.t('job.kind', { kind });

export type CardPhase = 'submitting' | 'working' | 'completed' | 'failed' | 'expired';

/** The job card: the thread root that shows what was asked and where it stands (and, running, how long). */
export function renderJobCard(job: Job, phase: CardPhase, progress?: string): OutMessage {
  // Read by the whole channel: in the channel's language, kept with the job (words.ts).
  const t = jobWords(job.locale);
  const label = kindLabel(job.kind, t);
  const projects = job.projectIds.filter((p): p is string => p !== null);
  const fields = [
    { name: t.t('job.field_requested_by'), value: mention(job.origin.userId), inline: true },
    { name: t.t('job.field_job'), value: `\`${job.id}\``, inline: true },
  ];
  if (projects.length > 0)
    fields.push({ name: t.t('job.field_project'), value: projects.map((p) => `\`${p}\``).join(' '), inline: true });
  if (job.requests.length > 1)
    fields.push({ name: t.t('job.field_parts'), value: String(job.requests.length), inline: true });
  const tone = phase === 'completed' ? 'success' : phase === 'failed' || phase === 'expired' ? 'error' : 'pending';
  const phaseText = t.t('job.phase', { phase });
  const said = progress ? `${phaseText}\n${progress}` : phaseText;
  return {
    text: `${label} · ${said}`,
    cards: [
      {
        title: `${label}: ${truncate(job.summary, 200)}`,
        body: said,
        fields,
        tone,
        footer: job.error ? truncate(job.error, 300) : undefined,
      },
    ],
  };
}

/** Opens the publish form for one finished video (src/core/publish/requests/publish-commands.ts). */
export const publishControl = (id: string, t: Translator = jobWords(undefined)): Control => ({
  kind: 'action',
  label: t.t('job.publish'),
  id,
  style: 'primary',
});
const publishId = (job: Job, part: number, i: number) => `publish:${job.id}:${part}:${i}`;

export function clipCard(
  out: Output,
  n: number,
  total: number,
  publish?: string,
  more: Control[] = [],
  t: Translator = jobWords(undefined),
): Card {
  const info = out.info;
  const fields = [];
  if (info?.viralityScore !== undefined) {
    const reason = info.viralityScoreReason ? ` — ${info.viralityScoreReason}` : '';
    fields.push({ name: t.t('job.virality'), value: `**${info.viralityScore}**/100${reason}` });
  }
  if (info?.tags.length)
    fields.push({ name: t.t('job.tags'), value: info.tags.map((tag) => `#${tag.replace(/^#/, '')}`).join(' ') });
  if (info?.suitablePlatforms.length)
    fields.push({ name: t.t('job.best_on'), value: info.suitablePlatforms.join(', ') });
  const controls: Control[] = out.videoUrl ? [{ kind: 'link', label: t.t('job.watch'), url: out.videoUrl }] : [];
  if (out.videoUrl && publish) controls.push(publishControl(publish, t));
  controls.push(...more);
  return {
    title: t.t('job.reel_title', { n, total, title: info?.title || t.t('job.untitled') }),
    url: out.videoUrl,
    body: info?.caption || undefined,
    fields,
    imageUrl: out.thumbnailUrl,
    tone: 'success',
    controls,
  };
}

export function mediaCard(
  kind: ProjectKind,
  out: Output,
  title: string,
  publish?: string,
  more: Control[] = [],
  t: Translator = jobWords(undefined),
): Card {
  const controls: Control[] = [];
  if (out.videoUrl) controls.push({ kind: 'link', label: t.t('job.watch'), url: out.videoUrl });
  if (out.videoUrl && publish) controls.push(publishControl(publish, t));
  if (out.audioUrl) controls.push({ kind: 'link', label: t.t('job.listen'), url: out.audioUrl });
  controls.push(...more);
  return {
    title,
    url: out.videoUrl ?? out.audioUrl,
    body: controls.length > 0 ? undefined : t.t('job.no_media', { kind }),
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
function followUps(job: Job, outputs: Output[], part: number, t: Translator): Control[][] {
  if (job.kind === 'tts') return outputs.map(() => []);
  const base = outputs.reduce((n, o) => n + (o.videoUrl ? 2 : 0) + (o.audioUrl ? 1 : 0), 0);
  let room = MAX_BUTTONS_PER_MESSAGE - base;
  return outputs.map((o, i) => {
    const controls = followUpControls(job.id, part, i, o, job.kind === 'clip', t);
    if (controls.length > room) {
      room = 0;
      return [];
    }
    room -= controls.length;
    return controls;
  });
}

export function renderResult(job: Job, outputs: Output[], part: PartLabel): OutMessage {
  const t = jobWords(job.locale);
  const partText = part.total > 1 ? t.t('job.part', { n: part.index + 1, total: part.total }) : '';
  const extras = followUps(job, outputs, part.index, t);
  const cards =
    job.kind === 'clip'
      ? outputs.map((o, i) => clipCard(o, i + 1, outputs.length, publishId(job, part.index, i), extras[i], t))
      : outputs.map((o, i) =>
          mediaCard(
            job.kind,
            o,
            `${kindLabel(job.kind, t)}${partText}${outputs.length > 1 ? ` #${i + 1}` : ''}`,
            publishId(job, part.index, i),
            extras[i],
            t,
          ),
        );
  // Parts are posted in order: one notification, with the last part, instead of one per part.
  const last = part.index + 1 >= part.total;
  const said =
    job.kind === 'clip'
      ? t.t(last ? 'job.reels_ready' : 'job.reels_ready_sentence', { count: outputs.length })
      : t.t(last ? 'job.result_ready' : 'job.result_ready_sentence', { kind: job.kind, part: partText });
  // Platforms cut long captions to fit their limits; /project shows a project again in full.
  const more = part.projectId ? `\n${t.t('job.details_again', { id: part.projectId })}` : '';
  const who = last ? `${mention(job.origin.userId)} ` : '';
  return {
    text: `${who}${t.t('job.result_line', { said, summary: truncate(job.summary, 120) })}${more}`,
    cards,
  };
}

export const retryControl = (jobId: string, t: Translator = jobWords(undefined)): Control => ({
  kind: 'action',
  label: t.t('job.retry'),
  id: `retry:${jobId}`,
  style: 'primary',
});

export function renderFailure(job: Job, error: string, part?: PartLabel): OutMessage {
  const t = jobWords(job.locale);
  const partText = part && part.total > 1 ? t.t('job.part', { n: part.index + 1, total: part.total }) : '';
  const said = t.t('job.failed_line', { kind: kindLabel(job.kind, t), part: partText, error: truncate(error, 1500) });
  return {
    text: `${mention(job.origin.userId)} ${said}`,
    cards: [{ title: t.t('job.failed_title', { id: job.id }), body: truncate(error, 1500), tone: 'error' }],
    controls: [retryControl(job.id, t)],
  };
}

export function renderExpired(job: Job, hours: number): OutMessage {
  const t = jobWords(job.locale);
  const ids = job.projectIds.filter(Boolean).map((p) => `\`/project ${p}\``);
  const said = t.t('job.expired', { id: job.id, hours, check: ids.join(', ') || '/project' });
  return { text: `${mention(job.origin.userId)} ${said}`, controls: [retryControl(job.id, t)] };
}
