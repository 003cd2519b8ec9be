import { describe, expect, it } from 'vitest';
import { createdResponseSchema, projectSchema } from '../../src/core/media/schemas.ts';
import { CREATE_EXAMPLES } from './doc-examples.ts';
import { call, sandboxForTest, waitFor } from './helpers.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function download(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function completedOutputs(kind: 'clip' | 'tts') {
  const sandbox = await sandboxForTest({ jobMs: 10 });
  const created = await call(sandbox, 'POST', `/${kind}`, { body: CREATE_EXAMPLES[kind] });
  const { projectId } = createdResponseSchema.parse(created.body);
  const project = await waitFor(async () => {
    const p = projectSchema.parse((await call(sandbox, 'GET', `/projects/${projectId}`)).body);
    return p.state === 'completed' ? p : undefined;
  });
  return { sandbox, outputs: project.outputs };
}

describe('output links open real files served by the sandbox', () => {
  it('a thumbnail is a 320x180 PNG', async () => {
    const { sandbox, outputs } = await completedOutputs('clip');
    const url = outputs[0]?.thumbnailUrl ?? '';
    expect(url.startsWith(`${sandbox.origin}/`)).toBe(true);
    const png = await download(url);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect(png.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([320, 180]);
  });

  it('a video is an MP4 (ftyp box first, then the movie)', async () => {
    const { outputs } = await completedOutputs('clip');
    const mp4 = await download(outputs[0]?.videoUrl ?? '');
    expect(mp4.status).toBe(200);
    expect(mp4.type).toBe('video/mp4');
    expect(mp4.bytes.subarray(4, 8).toString('ascii')).toBe('ftyp');
    expect(mp4.bytes.includes(Buffer.from('moov'))).toBe(true);
    expect(mp4.bytes.includes(Buffer.from('avc1'))).toBe(true);
  });

  it('speech is a WAV file', async () => {
    const { outputs } = await completedOutputs('tts');
    const wav = await download(outputs[0]?.audioUrl ?? '');
    expect(wav.status).toBe(200);
    expect(wav.type).toBe('audio/wav');
    expect(wav.bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.bytes.readUInt32LE(40)).toBe(wav.bytes.length - 44);
  });

  it('answers HEAD with the size and no body, and 404 for paths that are not files', async () => {
    const sandbox = await sandboxForTest();
    const head = await fetch(`${sandbox.origin}/assets/abc.png`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect((await fetch(`${sandbox.origin}/assets/abc.exe`)).status).toBe(404);
    expect((await fetch(`${sandbox.origin}/assets/../sandbox/posts.png`)).status).toBe(404);
  });
});
