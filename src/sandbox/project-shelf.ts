import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputSource } from './outputs.ts';

// The sandbox's projects kept in a folder beside the bot's store. Every console on one checkout runs
// its own sandbox on the same `data/`: without this, a second console (or the next start after Ctrl-C)
// asked its own sandbox for the first one's project, got 404 and failed a job that was fine.
// One file per project, written whole and renamed into place; its ending is published once with a
// hard link, which fails if another process ended it first, so every process reads the same outputs.

/** What the shelf keeps of a project: enough for any process's sandbox to answer for it. */
export interface ShelvedProject<Body extends { projectId: string }> {
  /** The project as GET /projects/{id} answers it (projects.ts). */
  body: Body;
  /** What the outputs are made from, without the caller's key (see `keyHash`). */
  source: OutputSource;
  /** SHA-256 of the API key that created it: the key itself is not written to disk in the clear. */
  keyHash: string;
  webhookUrl: string;
  dueAt: number;
  /** The sandbox origin its output URLs were written with (each process listens on its own port). */
  origin: string;
}

export interface ProjectShelf<Body extends { projectId: string }> {
  put(project: ShelvedProject<Body>): void;
  /** The project as last stored (its ending if it has one), or undefined. */
  get(projectId: string): ShelvedProject<Body> | undefined;
  /**
   * Stores how the project ended, unless another process stored its ending first. Returns the ending
   * that counts and whether it is this one (then this process sends the webhook).
   */
  finish(project: ShelvedProject<Body>): { project: ShelvedProject<Body>; won: boolean };
}

/** Files of projects older than this are removed when a sandbox starts: the bot stops polling long before. */
const KEEP_MS = 7 * 24 * 3600_000;
const ID = /^[0-9a-f]{24}$/;

export function keyHashOf(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export function createProjectShelf<Body extends { projectId: string }>(
  dir: string,
  now: () => number = Date.now,
): ProjectShelf<Body> {
  mkdirSync(dir, { recursive: true });
  prune(dir, now());
  const file = (id: string, part: 'made' | 'ended') => join(dir, `${id}.${part}.json`);
  const temp = (id: string) => join(dir, `.${id}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);

  const read = (path: string): ShelvedProject<Body> | undefined => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as ShelvedProject<Body>;
    } catch {
      return undefined;
    }
  };

  return {
    put(project) {
      const tmp = temp(project.body.projectId);
      writeFileSync(tmp, JSON.stringify(project));
      renameSync(tmp, file(project.body.projectId, 'made'));
    },
    get(projectId) {
      if (!ID.test(projectId)) return undefined;
      return read(file(projectId, 'ended')) ?? read(file(projectId, 'made'));
    },
    finish(project) {
      const id = project.body.projectId;
      const tmp = temp(id);
      writeFileSync(tmp, JSON.stringify(project));
      try {
        linkSync(tmp, file(id, 'ended'));
        return { project, won: true };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        return { project: read(file(id, 'ended')) ?? project, won: false };
      } finally {
        rmSync(tmp, { force: true });
      }
    },
  };
}

function prune(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by another process's prune.
    }
  }
}
