/**
 * The README and docs/ stand on their own: every relative link reaches a file of this repository (and, with a
 * `#fragment`, a heading of that file, by GitHub's anchor rules), and no text points outside the repository (a
 * path climbing out of it, the design documents the project's decisions were first written in, the research notes
 * the game data was transcribed from, or the tracker's issues). The source's comments follow the same rule.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, linksOf } from './markdown-links.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The documents a reader of the repository reads: the front page, the benchmarks and every page under docs/. */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', 'BENCHMARKS.md', ...docs];
}

/**
 * Text that points at documents outside the repository (the project states its decisions in its own words, and
 * names a measurement or a rule by what it is, not by the tracker issue that asked for it).
 */
const OUTSIDE_DOCUMENTS = [
  /decisions\.md/,
  /spec §/,
  /service-spec/,
  /\boauth\.md/,
  /mcp-testing\.md/,
  /shared\/gamedata/,
  /\bissues? \d+/i,
];
/** In the documents also a path climbing out of the repository into a `shared` folder beside it. */
const OUTSIDE_POINTERS = [/\.\.\/shared/, ...OUTSIDE_DOCUMENTS];

/** The TypeScript of the folders whose comments must stand on their own (`../shared/` is the project's own there). */
const SOURCE_FOLDERS = ['src', 'shared', 'codegen', 'test'];
/**
 * The checks' own tests name the patterns they look for. test/site/calculator-pages.test.ts still cites the research
 * notes by a path outside the repository in its opening comment; it is being rewritten on another branch, which
 * should fix that line and remove it from this list.
 */
const SOURCE_EXCEPTIONS = ['test/readme/'];

function sources(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
      .filter((path) => !SOURCE_EXCEPTIONS.some((exception) => path.startsWith(exception))),
  );
}

function linesMatching(path: string, patterns: readonly RegExp[]): string[] {
  return text(path)
    .split('\n')
    .flatMap((line, index) =>
      patterns.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
    );
}

const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('README and docs/ links', () => {
  const paths = documents();

  it('reads the front page, the benchmarks and the topic pages', () => {
    expect(paths).toContain('docs/configuration-and-operations.md');
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  it.each(paths)('%s: every relative link reaches a file of the repository and an existing heading', (path) => {
    const broken: string[] = [];
    for (const link of linksOf(text(path))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue; // https:, mailto: — outside links are fine as links
      const [file, fragment] = splitTarget(link.target);
      const targetPath = file === '' ? path : relative(ROOT, resolve(ROOT, dirname(path), file));
      const where = `line ${link.line}: ${link.target}`;
      if (targetPath.startsWith('..') || targetPath.split(sep).includes('..')) {
        broken.push(`${where} leaves the repository`);
        continue;
      }
      if (!existsSync(join(ROOT, targetPath))) {
        broken.push(`${where} names no file`);
        continue;
      }
      if (fragment === undefined) continue;
      if (statSync(join(ROOT, targetPath)).isDirectory() || !targetPath.endsWith('.md')) {
        broken.push(`${where} has an anchor on a file that has no headings`);
      } else if (!anchorsOf(text(targetPath)).has(fragment)) {
        broken.push(`${where} names no heading of ${targetPath}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(paths)('%s: nothing points outside the repository', (path) => {
    expect(linesMatching(path, OUTSIDE_POINTERS)).toEqual([]);
  });
});

describe('comments in src/, shared/, codegen/ and test/', () => {
  it('point to nothing outside the repository', () => {
    const files = sources();
    expect(files).toContain('src/auth/bearer.ts');
    expect(files).toContain('codegen/generate.ts');
    expect(files.flatMap((path) => linesMatching(path, OUTSIDE_DOCUMENTS))).toEqual([]);
  });
});

function splitTarget(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  if (hash === -1) return [decodeURI(target), undefined];
  return [decodeURI(target.slice(0, hash)), decodeURIComponent(target.slice(hash + 1))];
}
