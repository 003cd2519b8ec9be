import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

export type Rgb = readonly [number, number, number];

/** A truecolour (8-bit RGB) PNG whose pixels come from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // Bytes 10-12 stay 0: deflate compression, adaptive filtering, no interlace.
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter type None for every scanline
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw.writeUInt8(r, y * stride + 1 + x * 3);
      raw.writeUInt8(g, y * stride + 2 + x * 3);
      raw.writeUInt8(b, y * stride + 3 + x * 3);
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let thumbnail: Buffer | undefined;

/** The 320x180 (16:9) thumbnail every sandbox output points at: a blue-to-violet diagonal gradient. */
export function thumbnailPng(): Buffer {
  thumbnail ??= encodePng(320, 180, (x, y) => {
    const t = (x / 319 + y / 179) / 2;
    return [Math.round(30 + 110 * t), Math.round(144 - 100 * t), Math.round(255 - 40 * t)];
  });
  return thumbnail;
}
