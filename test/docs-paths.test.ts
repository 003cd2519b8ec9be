import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A reader follows a path named in the documentation to the file that does the work: a path that no longer
// exists sends them nowhere, so every `src/`, `test/`, `bench/`, `deploy/` or `.ci/` path the docs name must exist.

const root = join(import.meta.dirname, '..');

const documents = [
  'BENCHMARKS.md',
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A repository path at a word boundary (or after `../` in a relative link), glob characters included. */
const PATH = /(?:^|[^\w.@/-]|\.\.\/)((?:src|test|bench|deploy|\.ci)\/[\w./*{},-]*)/g;

/** The paths a text names: sentence punctuation after a path, and a `:line` suffix, are not part of it. */
function pathsNamedIn(text: string): string[] {
  return [...text.matchAll(PATH)].map((m) => (m[1] ?? '').replace(/(?::\d+)+$/, '').replace(/[.,:;]+$/, ''));
}

const isGlob = (path: string) => /[*{]/.test(path);

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',') source += '|';
    else source += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether a path exists, or for a glob (`publish-*.ts`, `src/core/**`), whether any file matches it. */
function exists(path: string): boolean {
  if (!isGlob(path)) return existsSync(join(root, path));
  const fixed = path.slice(0, path.search(/[*{]/));
  const base = fixed.slice(0, fixed.lastIndexOf('/') + 1);
  if (!existsSync(join(root, base))) return false;
  const pattern = globToRegExp(path.replace(/\/$/, ''));
  const entries = readdirSync(join(root, base), { recursive: true }) as string[];
  return entries.some((entry) => pattern.test(`${base}${entry}`));
}

describe('paths named in the documentation', () => {
  it('are read from the text as a reader sees them', () => {
    expect(
      pathsNamedIn(
        'See `src/core/app/index.ts`, then src/main.ts. Tests: [one](../test/layers.test.ts), ' +
          '`test/contract/behaviours/publish-*.ts`, bench/run.ts:12 and .ci/run; not https://x.dev/src/a.ts or dist/src/b.ts.',
      ),
    ).toEqual([
      'src/core/app/index.ts',
      'src/main.ts',
      'test/layers.test.ts',
      'test/contract/behaviours/publish-*.ts',
      'bench/run.ts',
      '.ci/run',
    ]);
  });

  it('match a file when they are globs', () => {
    expect(exists('test/**/*.test.ts')).toBe(true);
    expect(exists('src/{main,config}.ts')).toBe(true);
    expect(exists('test/**/no-such-file-*.ts')).toBe(false);
  });

  it.each(documents)('exist, for every path %s names', (document) => {
    const missing = pathsNamedIn(readFileSync(join(root, document), 'utf8')).filter((path) => !exists(path));
    expect(missing, `${document} names paths that do not exist`).toEqual([]);
  });
});
