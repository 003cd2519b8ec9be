const SAMPLE_RATE = 8000;

/** A mono 16-bit PCM WAV of a sine tone, faded in and out so it does not click. */
export function encodeToneWav(seconds: number, frequencyHz: number): Buffer {
  const samples = Math.round(SAMPLE_RATE * seconds);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.round(SAMPLE_RATE * 0.05);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / SAMPLE_RATE) * envelope * 0.3;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

let tone: Buffer | undefined;

/** The audio every tts output and voice sample points at: one second of A4 (16 KB). */
export function sampleWav(): Buffer {
  tone ??= encodeToneWav(1, 440);
  return tone;
}
