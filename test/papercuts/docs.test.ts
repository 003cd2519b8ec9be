import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBTITLE_TEMPLATES } from '../../src/core/media/enums.ts';

// The repository stands on its own: every document a reader is sent to is in it.

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Relative Markdown links, and `path.md` mentions in backticks, of one document. */
function referencedFiles(file: string): string[] {
  const text = read(file);
  const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? '');
  const mentions = [...text.matchAll(/`([\w./-]+\.md)`/g)].map((m) => m[1] ?? '');
  return [...links, ...mentions].filter((l) => l && !/^[a-z]+:/i.test(l)).map((l) => join(dirname(file), l));
}

describe('the documentation', () => {
  it.each(['README.md', 'docs/media-api.md'])('%s links only to files in the repository', (file) => {
    const missing = referencedFiles(file).filter((f) => !existsSync(join(root, f)));
    expect(missing).toEqual([]);
  });

  it('README sends readers to the media API document kept in docs/', () => {
    expect(read('README.md')).toContain('(docs/media-api.md)');
  });

  it('docs/media-api.md names every subtitle template the bot offers', () => {
    const doc = read('docs/media-api.md');
    expect(SUBTITLE_TEMPLATES.filter((t) => !doc.includes(t))).toEqual([]);
  });
});
