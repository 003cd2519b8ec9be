import type { Translator } from '../i18n/catalogue.ts';
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

/** A project as /project shows it to the channel, in `t`'s language (the channel's); the API's words as it wrote them. */
export function renderProject(project: Project, kind: ProjectKind | undefined, t: Translator): OutMessage {
  const k = kind ?? guessKind(project.outputs);
  const head = t.t('project.head', { id: project.projectId, state: project.state, status: project.status });
  const times = [
    project.createdAt && t.t('project.created', { at: project.createdAt }),
    project.completedAt && t.t('project.finished', { at: project.completedAt }),
  ].filter(Boolean);
  const cards =
    k === 'clip'
      ? project.outputs.map((o, i) => clipCard(o, i + 1, project.outputs.length, undefined, [], t))
      : project.outputs.map((o, i) =>
          mediaCard(
            k ?? 'ttv',
            o,
            k ? `${kindLabel(k, t)} #${i + 1}` : t.t('project.output', { n: String(i + 1) }),
            undefined,
            [],
            t,
          ),
        );
  if (project.state === 'failed') {
    cards.unshift({ title: t.t('project.failed'), body: project.error ?? t.t('project.no_error'), tone: 'error' });
  }
  return { text: [head, times.join(' · ')].filter(Boolean).join('\n'), cards };
}
