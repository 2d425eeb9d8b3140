/**
 * Which tool computes which cost system is derived from the tools' result totals (codegen/check/cost-systems.ts), and the
 * calculator-page facts in a tool's YAML are checked against it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAndCheck, loadCatalog } from '../../codegen/generate.js';
import { formatProblem } from '../../codegen/problems.js';
import { COST_TOOL_OF_SYSTEM, COST_TOOLS, MATERIAL_NAMES } from '../../generated/cost-systems.js';
import { COST_ENDPOINT_YAML, costToolYaml, ENDPOINT_YAML, fixtureRoot, toolYaml } from './fixture-root.js';

const REPO = resolve(import.meta.dirname, '../..');

/** Served on the endpoint whose instructions have a place for the cost tools' lines, unless `files` give another. */
function problemsOf(files: Record<string, string>): string[] {
  const root = fixtureRoot({ 'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML, ...files }, { withRealData: true });
  expect(loadCatalog(root).problems.map(formatProblem)).toEqual([]);
  return loadAndCheck(root).problems.map(formatProblem);
}

describe('cost systems', () => {
  // Which system each tool computes is pinned once, in test/catalogue-facts.json; here the generated pairs and names
  // must be what the loader derives from the catalogue and the cost tables.
  it('pairs each cost table with the tool whose totals list exactly its materials, as generated', () => {
    const { model, problems } = loadAndCheck(REPO);
    expect(problems).toEqual([]);
    const { catalog, data } = model!;
    const current = catalog.tools.filter((t) => t.costSystem && t.deprecation === undefined);
    expect(COST_TOOL_OF_SYSTEM).toEqual(Object.fromEntries(current.map((t) => [t.costSystem, t.name])));
    expect(COST_TOOLS).toEqual(catalog.tools.filter((t) => t.costSystem).map((t) => t.name));
    expect(MATERIAL_NAMES).toEqual(
      Object.fromEntries(data.costs.flatMap((table) => table.materials.map((m) => [m.key, m.name]))),
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
      'catalog/tools/more.yaml:17:5 /result/properties/totals: cost system "hero_shards" is already computed by echo; one tool per cost system (deprecate one of them)',
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
      problemsOf({
        'catalog/endpoints/mcp.yaml': ENDPOINT_YAML,
        'catalog/tools/echo.yaml': toolYaml('echo', "calculator: {example: {level: '1'}}\n"),
      }),
    ).toEqual([
      'catalog/tools/echo.yaml:23:1 /calculator: only a cost tool (whose result totals are the materials of a data/costs table) has a calculator page',
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
      'catalog/tools/echo.yaml:25:36 /calculator/example/from: "from" is not an argument of echo (arguments: level)',
      'catalog/tools/echo.yaml:25:64 /calculator/level_choices/0: "to" is not an argument of echo (arguments: level)',
    ]);
  });
});
