import { sampleMp4 } from './mp4.ts';
import { thumbnailPng } from './png.ts';
import { VOICE_SAMPLE_PREFIX } from './voices.ts';
import { sampleWav } from './wav.ts';

// Output and voice-sample files the sandbox serves, so every link it hands out opens: any id gets the
// same small real file (a 320x180 PNG, a 1 s WAV, a 2 s MP4).

export const ASSET_PREFIX = '/assets/';

export type AssetKind = 'mp4' | 'png' | 'wav';

const CONTENT_TYPES: Record<AssetKind, string> = { mp4: 'video/mp4', png: 'image/png', wav: 'audio/wav' };

export interface Asset {
  contentType: string;
  body: Buffer;
}

/** The absolute URL of an output's file, e.g. http://127.0.0.1:4010/assets/<id>.mp4. */
export function assetUrl(origin: string, id: string, kind: AssetKind): string {
  return `${origin}${ASSET_PREFIX}${id}.${kind}`;
}

function assetOf(kind: AssetKind): Asset {
  const body = kind === 'mp4' ? sampleMp4() : kind === 'png' ? thumbnailPng() : sampleWav();
  return { contentType: CONTENT_TYPES[kind], body };
}

// A plain file name: letters, digits, dash, underscore, dot; no path separators.
const ASSET_PATH = /^\/assets\/[\w-]+\.(mp4|png|wav)$/;
const VOICE_PATH = /^\/voices\/[\w.-]+\.wav$/;

/** The file at `path`, or undefined when the path is not an asset path. */
export function findAsset(path: string): Asset | undefined {
  const asset = ASSET_PATH.exec(path);
  if (asset?.[1]) return assetOf(asset[1] as AssetKind);
  if (path.startsWith(VOICE_SAMPLE_PREFIX) && VOICE_PATH.test(path)) return assetOf('wav');
  return undefined;
}
