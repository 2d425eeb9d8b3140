/**
 * Which tool computes which cost system is derived from the tools' result totals (codegen/cost-systems.ts), and the
 * calculator-page facts in a tool's YAML are checked against it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../codegen/load-catalogue.js';
import { attachCostSystems } from '../../codegen/cost-systems.js';
import { loadGameData } from '../../codegen/data.js';
import { formatProblem } from '../../codegen/problems.js';
import { COST_TOOL_OF_SYSTEM, COST_TOOLS, MATERIAL_NAMES } from '../../generated/cost-systems.js';
import { fixtureRoot, toolYaml } from './fixture-root.js';

const REPO = resolve(import.meta.dirname, '../..');

/** A tool whose result totals are `keys` (integers), with `extra` YAML appended. */
function costToolYaml(name: string, keys: string[], extra = ''): string {
  const totals = `    totals: {type: object, additionalProperties: false, required: [${keys.join(', ')}], properties: {${keys.map((k) => `${k}: {type: integer}`).join(', ')}}}\n`;
  return toolYaml(name, extra).replace('    echo: {type: integer}\n', `    echo: {type: integer}\n${totals}`);
}

function problemsOf(files: Record<string, string>): string[] {
  const root = fixtureRoot(files, { withRealData: true });
  const { catalog, problems } = loadCatalog(root);
  expect(problems.map(formatProblem)).toEqual([]);
  return attachCostSystems(catalog!, loadGameData(root).data!.costs).map(formatProblem);
}

describe('cost systems', () => {
  // Which system each tool computes is pinned once, in test/catalogue-facts.json; here the generated pairs and names
  // must be what the loader derives from the catalogue and the cost tables.
  it('pairs each cost table with the tool whose totals list exactly its materials, as generated', () => {
    const { catalog } = loadCatalog(REPO);
    const { data } = loadGameData(REPO);
    expect(attachCostSystems(catalog!, data!.costs)).toEqual([]);
    const current = catalog!.tools.filter((t) => t.costSystem && t.deprecation === undefined);
    expect(COST_TOOL_OF_SYSTEM).toEqual(Object.fromEntries(current.map((t) => [t.costSystem, t.name])));
    expect(COST_TOOLS).toEqual(catalog!.tools.filter((t) => t.costSystem).map((t) => t.name));
    expect(MATERIAL_NAMES).toEqual(
      Object.fromEntries(data!.costs.flatMap((table) => table.materials.map((m) => [m.key, m.name]))),
    );
    expect(MATERIAL_NAMES.artisans_vision).toBe("Artisan's Vision");
  });

  it('reports a second tool for a cost system', () => {
    expect(
      problemsOf({
        'catalog/tools/echo.yaml': costToolYaml('echo', ['shards']),
        'catalog/tools/more.yaml': costToolYaml('more', ['shards']),
      }),
    ).toEqual([
      'catalog/tools/more.yaml /result/properties/totals: cost system "hero_shards" is already computed by echo; one tool per cost system (deprecate one of them)',
    ]);
  });

  it('lets a deprecated tool compute a system beside its replacement', () => {
    const deprecation =
      'deprecation: {deprecated: "2030-01-01T00:00:00Z", sunset: "2030-06-01", replacement: echo, notice: Use echo instead.}\n';
    expect(
      problemsOf({
        'catalog/tools/echo.yaml': costToolYaml('echo', ['shards']),
        'catalog/tools/more.yaml': costToolYaml('more', ['shards'], deprecation),
      }),
    ).toEqual([]);
  });

  it('reports a calculator page on a tool that computes no cost system, and arguments it does not have', () => {
    expect(
      problemsOf({ 'catalog/tools/echo.yaml': toolYaml('echo', "calculator: {example: {level: '1'}}\n") }),
    ).toEqual([
      'catalog/tools/echo.yaml /calculator: only a cost tool (whose result totals are the materials of a data/costs table) has a calculator page',
    ]);
    expect(
      problemsOf({
        'catalog/tools/echo.yaml': costToolYaml(
          'echo',
          ['shards'],
          "calculator: {example: {level: '1', from: '0'}, level_choices: [to]}\n",
        ),
      }),
    ).toEqual([
      'catalog/tools/echo.yaml /calculator/example/from: "from" is not an argument of echo (arguments: level)',
      'catalog/tools/echo.yaml /calculator/level_choices/0: "to" is not an argument of echo (arguments: level)',
    ]);
  });
});
