import { randomBytes } from 'node:crypto';

/** Makes ObjectId-style ids: 24 hex digits whose first 8 are the creation time in Unix seconds. */
export interface IdFactory {
  next(): string;
}

/** Seconds since the epoch encoded in an id's first 8 hex digits. */
export function idTimestampSeconds(id: string): number {
  return Number.parseInt(id.slice(0, 8), 16);
}

export function createIdFactory(now: () => number = Date.now): IdFactory {
  // Like MongoDB: 4 bytes of time, 5 bytes random per process, 3 bytes of counter.
  const processPart = randomBytes(5).toString('hex');
  let counter = randomBytes(3).readUIntBE(0, 3);
  return {
    next() {
      counter = (counter + 1) % 0x1000000;
      const seconds = Math.floor(now() / 1000) >>> 0;
      return seconds.toString(16).padStart(8, '0') + processPart + counter.toString(16).padStart(6, '0');
    },
  };
}
