/**
 * The README's tool tables are generated from each tool's YAML `readme` between two markers; codegen reports
 * missing markers, and `--check` names the README when the text between them is stale.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../codegen/generate.js';
import { formatProblem } from '../../codegen/problems.js';
import { checkReadmeMarkers } from '../../codegen/check/readme.js';
import { BEGIN_MARKER, END_MARKER, readmeWithToolTables, toolTables } from '../../codegen/emit/readme.js';
import { fixtureRoot, toolYaml } from './fixture-root.js';

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

  // That the committed README holds the current tables is test/codegen/emit.test.ts's "matches what is committed";
  // that `codegen --check` names a stale one, a whole-project run, is readme-check.ci.test.ts (CI only).
});
