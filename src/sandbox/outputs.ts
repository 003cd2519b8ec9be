import type { ProjectKind } from '../core/media/enums.ts';
import { assetUrl } from './assets.ts';
import { type ClipInfo, clipInfo } from './clip-info.ts';

/** One output item, per kind as the docs list them. */
export type SandboxOutput =
  | { id: string; videoUrl: string; thumbnailUrl: string; info: ClipInfo }
  | { id: string; videoUrl: string; thumbnailUrl: string }
  | { id: string; audioUrl: string }
  | { id: string; videoUrl: string };

/** What the outputs depend on, read from the validated request. */
export interface OutputSource {
  kind: ProjectKind;
  /** videoUrl, script or prompt: what the clip metadata is derived from. */
  source: string;
  reelsCount?: number | undefined;
  keywords?: readonly string[] | undefined;
}

/** The docs' default number of reels per clip project. */
export const DEFAULT_REELS_COUNT = 3;

/** The outputs of a completed project; every URL points at a file the sandbox serves at `origin`. */
export function buildOutputs(input: OutputSource, origin: string, nextId: () => string): SandboxOutput[] {
  switch (input.kind) {
    case 'clip':
      return Array.from({ length: input.reelsCount ?? DEFAULT_REELS_COUNT }, (_, i) => {
        const id = nextId();
        return {
          id,
          videoUrl: assetUrl(origin, id, 'mp4'),
          thumbnailUrl: assetUrl(origin, id, 'png'),
          info: clipInfo(input.source, i, input.keywords),
        };
      });
    case 'subtitles':
    case 'broll': {
      const id = nextId();
      return [{ id, videoUrl: assetUrl(origin, id, 'mp4'), thumbnailUrl: assetUrl(origin, id, 'png') }];
    }
    case 'tts': {
      const id = nextId();
      return [{ id, audioUrl: assetUrl(origin, id, 'wav') }];
    }
    case 'ttv': {
      const id = nextId();
      return [{ id, videoUrl: assetUrl(origin, id, 'mp4') }];
    }
  }
}
