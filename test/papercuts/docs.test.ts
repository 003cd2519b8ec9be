import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBTITLE_TEMPLATES } from '../../src/core/media/enums.ts';
import { SHUTDOWN_BOUND_MS } from '../../src/runtime/closers.ts';

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

/** The documents a reader is given: the README and everything in docs/. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/**
 * Repository paths named in backticks (`src/core/guarantees/once.ts`, `test/contract/`), from the repository root: a
 * renamed file leaves the page that sends a newcomer to it wrong.
 */
function namedPaths(file: string): string[] {
  return [...read(file).matchAll(/`((?:src|test|docs|bench|deploy)\/[\w./-]*)`/g)]
    .map((m) => m[1] ?? '')
    .filter((p) => !p.includes('*'));
}

describe('the documentation', () => {
  it.each(DOCUMENTS)('%s names only repository paths that exist', (file) => {
    const missing = namedPaths(file).filter((p) => !existsSync(join(root, p)));
    expect(missing).toEqual([]);
  });

  it('docs/architecture.md names the files it sends a reader to', () => {
    const named = namedPaths('docs/architecture.md');
    expect(named.length).toBeGreaterThan(30);
    expect(named).toEqual(
      expect.arrayContaining([
        'src/core/guarantees/once.ts',
        'src/core/jobs/settle.ts',
        'src/core/platform/dispatch.ts',
      ]),
    );
  });

  it("the documents name every variable .env.example lists (the bot's in docs/operations.md, the sandbox's in docs/sandbox.md)", () => {
    const listed = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? '');
    expect(listed.length).toBeGreaterThan(20);
    expect(read('README.md')).toContain('(docs/operations.md)');
    const guide = read('docs/operations.md') + read('docs/sandbox.md');
    expect(listed.filter((v) => !guide.includes(`\`${v}\``))).toEqual([]);
  });

  it('README sends readers to the architecture page', () => {
    expect(read('README.md')).toContain('(docs/architecture.md)');
  });

  it.each(DOCUMENTS)('%s links only to files in the repository', (file) => {
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

  it('every document that gives the shutdown bound gives the one the bot keeps', () => {
    const bound = `shutdown bound (${SHUTDOWN_BOUND_MS / 1000} s`;
    for (const file of DOCUMENTS) {
      const given = [
        ...read(file)
          .replaceAll(/\s+/g, ' ')
          .matchAll(/shutdown bound(?: \([^)]*\))?/g),
      ].map((m) => m[0]);
      expect(
        given.filter((g) => !g.startsWith(bound)),
        file,
      ).toEqual([]);
    }
    expect(read('docs/operations.md')).not.toMatch(/exits 0 within 10/);
  });
});
