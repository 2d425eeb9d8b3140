/**
 * The README's tool tables are generated from each tool's YAML `readme` between two markers; codegen reports
 * missing markers, and `--check` names the README when the text between them is stale.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../codegen/load-catalogue.js';
import { formatProblem } from '../../codegen/problems.js';
import { BEGIN_MARKER, END_MARKER, readmeWithToolTables, toolTables } from '../../codegen/readme.js';
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
    const root = fixtureRoot({
      'catalog/tools/echo.yaml': toolYaml('echo'),
      'README.md': `# Title\n\n${BEGIN_MARKER}\nold | table\n${END_MARKER}\n\nAfter.\n`,
    });
    const { catalog } = loadCatalog(root);
    const outcome = readmeWithToolTables(root, catalog!);
    expect(outcome).toEqual({
      kind: 'text',
      text: `# Title\n\n${BEGIN_MARKER}\n${toolTables(catalog!)}\n${END_MARKER}\n\nAfter.\n`,
    });
  });

  it.each([
    ['no markers', '# Title\n'],
    ['the end before the begin', `${END_MARKER}\n${BEGIN_MARKER}\n`],
    ['two begin markers', `${BEGIN_MARKER}\n${BEGIN_MARKER}\n${END_MARKER}\n`],
  ])('reports %s', (_, readme) => {
    const root = fixtureRoot({ 'catalog/tools/echo.yaml': toolYaml('echo'), 'README.md': readme });
    const outcome = readmeWithToolTables(root, loadCatalog(root).catalog!);
    expect(outcome.kind === 'problem' && formatProblem(outcome.problem)).toBe(
      `README.md (document): the tool tables need one "${BEGIN_MARKER}" line followed by one "${END_MARKER}" line; codegen writes the tables between them`,
    );
  });

  // That the committed README holds the current tables is test/codegen/emit.test.ts's "matches what is committed";
  // that `codegen --check` names a stale one, a whole-project run, is readme-check.ci.test.ts (CI only).
});
