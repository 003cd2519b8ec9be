import type { ProjectKind } from '../media/enums.ts';
import type { Output, Project } from '../media/schemas.ts';
import type { OutMessage } from '../platform/message.ts';
import { clipCard, kindLabel, mediaCard } from './render.ts';

/** Outputs tell the kind of a project the bot did not start (the API does not say). */
export function guessKind(outputs: Output[]): ProjectKind | undefined {
  const first = outputs[0];
  if (!first) return undefined;
  if (first.info) return 'clip';
  if (first.audioUrl) return 'tts';
  if (first.thumbnailUrl) return 'subtitles';
  return first.videoUrl ? 'ttv' : undefined;
}

const STATE_TEXT = { in_progress: '⏳ in progress', completed: '✅ completed', failed: '❌ failed' } as const;

export function renderProject(project: Project, kind?: ProjectKind): OutMessage {
  const k = kind ?? guessKind(project.outputs);
  const head = `Project \`${project.projectId}\`: ${STATE_TEXT[project.state]}${project.state === 'in_progress' ? ` (status “${project.status}”)` : ''}`;
  const times = [
    project.createdAt && `created ${project.createdAt}`,
    project.completedAt && `finished ${project.completedAt}`,
  ].filter(Boolean);
  const cards =
    k === 'clip'
      ? project.outputs.map((o, i) => clipCard(o, i + 1, project.outputs.length))
      : project.outputs.map((o, i) => mediaCard(k ?? 'ttv', o, `${k ? kindLabel(k) : 'Output'} #${i + 1}`));
  if (project.state === 'failed') {
    cards.unshift({ title: 'Failed', body: project.error ?? 'No error message was given.', tone: 'error' });
  }
  return { text: [head, times.join(' · ')].filter(Boolean).join('\n'), cards };
}
