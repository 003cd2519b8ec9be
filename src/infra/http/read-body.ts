// Reading a request body with a ceiling, shared by every listener (the webhook/health server and
// Discord's HTTP interactions): a body over the limit is refused as it arrives, never buffered whole.
import type { IncomingMessage } from 'node:http';

/** The body is larger than the listener accepts: answer 413. */
export class TooLarge extends Error {}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new TooLarge());
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
