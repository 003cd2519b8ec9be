import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The first-answer protocol (refuse / open a form / acknowledge then run) is interpreted in one place,
// the core's dispatch: an adapter that calls the Bot's prepare* or reads a Prepared itself would have
// its own error handling and its own apology again.

const root = join(import.meta.dirname, '../../../src');
const ADAPTERS = ['discord', 'slack', 'console'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const PROTOCOL = /\.prepare(Action|Modal)?\(|kind === '(run|modal|error)'|\bPrepared\b|\bSORRY\b/;

describe('adapters', () => {
  it('leave the first answer and errors to the dispatch', () => {
    const offending = ADAPTERS.flatMap((a) => files(join(root, a)))
      .filter((path) => PROTOCOL.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(offending).toEqual([]);
  });
});
