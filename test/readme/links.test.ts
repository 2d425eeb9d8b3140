/**
 * The README and docs/ stand on their own: every relative link reaches a file of this repository (and, with a
 * `#fragment`, a heading of that file, by GitHub's anchor rules), and no text points outside the repository (a
 * path climbing out of it, or the design documents the project's decisions were first written in).
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

/** Text that points at documents outside the repository (the project states its decisions in its own words). */
const OUTSIDE_POINTERS = [/\.\.\/shared/, /decisions\.md/, /spec §/, /service-spec/];

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
    const lines = text(path).split('\n');
    const outside = lines.flatMap((line, index) =>
      OUTSIDE_POINTERS.some((pattern) => pattern.test(line)) ? [`line ${index + 1}: ${line.trim()}`] : [],
    );
    expect(outside).toEqual([]);
  });
});

function splitTarget(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  if (hash === -1) return [decodeURI(target), undefined];
  return [decodeURI(target.slice(0, hash)), decodeURIComponent(target.slice(hash + 1))];
}
