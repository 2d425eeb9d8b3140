/**
 * The README's tool tables are generated from each tool's YAML `readme` between two markers; codegen reports
 * missing markers, and `--check` names the README when the text between them is stale.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../codegen/generate.js';
import { formatProblem } from '../../codegen/problems.js';
import { checkReadmeMarkers } from '../../codegen/check/readme.js';
import { BEGIN_MARKER, END_MARKER, readmeWithToolTables, toolTables } from '../../codegen/emit/readme.js';
import { fixtureRoot, toolYaml } from './fixture-root.js';

const REPO = resolve(import.meta.dirname, '../..');

describe('README tool tables', () => {
  it('one row per tool from its YAML, grouped by what it is (derived), with the count', () => {
    const { catalog } = loadCatalog(fixtureRoot({ 'catalog/tools/echo.yaml': toolYaml('echo') }));
    expect(toolTables(catalog!)).toBe(
      [
        '**Game reference, on every endpoint** (1):',
        '',
        '| Tool | Returns | Arguments (examples) |',
        '| --- | --- | --- |',
        '| `echo` | Echoes the level it is given. | level 0-3 |',
      ].join('\n'),
    );
  });

  it('replaces only the text between the markers', () => {
    const { catalog } = loadCatalog(fixtureRoot({ 'catalog/tools/echo.yaml': toolYaml('echo') }));
    const readme = `# Title\n\n${BEGIN_MARKER}\nold | table\n${END_MARKER}\n\nAfter.\n`;
    expect(checkReadmeMarkers(readme)).toEqual([]);
    expect(readmeWithToolTables(readme, catalog!)).toBe(
      `# Title\n\n${BEGIN_MARKER}\n${toolTables(catalog!)}\n${END_MARKER}\n\nAfter.\n`,
    );
  });

  it.each([
    ['no markers', '# Title\n', 1],
    ['the end before the begin', `${END_MARKER}\n${BEGIN_MARKER}\n`, 1],
    ['two begin markers', `${BEGIN_MARKER}\n${BEGIN_MARKER}\n${END_MARKER}\n`, 2],
  ])('reports %s, at the marker out of place', (_, readme, line) => {
    expect(checkReadmeMarkers(readme).map(formatProblem)).toEqual([
      `README.md:${line}:1 (document): the tool tables need one "${BEGIN_MARKER}" line followed by one "${END_MARKER}" line; codegen writes the tables between them`,
    ]);
  });

  // That the committed README holds the current tables is test/codegen/emit.test.ts's "matches what is committed".

  it('`codegen --check` fails on a stale table and says so', () => {
    const root = mkdtempSync(join(tmpdir(), 'kingshot-readme-'));
    for (const path of [
      'catalog',
      'data',
      'shared',
      'src',
      'generated',
      'views',
      'site',
      'codegen',
      'tsconfig.json',
      'package.json',
      'README.md',
    ])
      cpSync(join(REPO, path), join(root, path), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    const readme = join(root, 'README.md');
    writeFileSync(
      readme,
      readFileSync(readme, 'utf8').replace('| `hero_widgets_cost` |', '| `hero_widgets_cost_old` |'),
    );
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(join(REPO, 'node_modules/.bin/tsx'), ['codegen/main.ts', '--check'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toBe(
      'generated output is stale:\n  modified: README.md (the tool tables between its GENERATED markers differ from catalog/tools/*.yaml `readme`; edit the YAML, not the table)\nRun `npm run codegen` and commit generated/ and README.md.\n',
    );
  }, 120_000);
});
