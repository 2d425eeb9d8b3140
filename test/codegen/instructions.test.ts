/**
 * The endpoints' instructions (the initialize result) are composed from the catalogue: each cost tool's YAML carries
 * `instructions`, its line, and an endpoint's text says {cost_tools} where the lines of the cost tools it serves go,
 * in catalogue order. Codegen refuses a cost tool without its line, a line on another tool, a line that does not
 * start with the tool's name, and an endpoint without the place for the lines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAndCheck } from '../../codegen/generate.js';
import { formatProblem } from '../../codegen/problems.js';
import { ENDPOINTS } from '../../generated/endpoints.js';
import { COST_ENDPOINT_YAML, costToolYaml, ENDPOINT_YAML, fixtureRoot, REPO, toolYaml } from './fixture-root.js';

const { model } = loadAndCheck(REPO);
const catalog = model!.catalog;

/** The cost tools in catalogue order, as test/catalogue-facts.json pins them (a new one changes only that file). */
const facts = JSON.parse(readFileSync(join(REPO, 'test/catalogue-facts.json'), 'utf8')) as {
  tools: Record<string, { cost_system?: string }>;
};
const PINNED_COST_TOOLS = Object.entries(facts.tools)
  .filter(([name, tool]) => tool.cost_system !== undefined && !catalog.tools.find((t) => t.name === name)?.deprecation)
  .map(([name]) => name);

describe('instructions composed from the cost tools’ lines', () => {
  it.each(ENDPOINTS.map((e) => [e.path, e] as const))(
    '%s: holds each cost tool’s line, in catalogue order, and no placeholder',
    (_, endpoint) => {
      const costTools = catalog.tools.filter((t) => t.costSystem !== undefined && !t.deprecation);
      expect(costTools.map((t) => t.name)).toEqual(PINNED_COST_TOOLS);
      const positions = costTools.map((t) => endpoint.instructions.indexOf(t.instructions!));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(endpoint.instructions).toContain(`sources: ${costTools.map((t) => t.instructions).join('; ')}.`);
      expect(endpoint.instructions).not.toContain('{cost_tools}');
    },
  );

  it('every line starts with its tool’s name', () => {
    for (const tool of catalog.tools.filter((t) => t.instructions !== undefined))
      expect(tool.instructions!.startsWith(`${tool.name} `), tool.name).toBe(true);
  });
});

function problemsOf(files: Record<string, string>): string[] {
  return loadAndCheck(fixtureRoot(files, { withRealData: true })).problems.map(formatProblem);
}

const lineOf = (text: string, part: string) => text.split('\n').findIndex((l) => l.includes(part)) + 1;

describe('refused lines and endpoints', () => {
  it('a fixture with a cost tool and its line composes cleanly', () => {
    expect(
      problemsOf({
        'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML,
        'catalog/tools/echo.yaml': costToolYaml('echo', ['shards']),
      }),
    ).toEqual([]);
  });

  it('a cost tool without its line', () => {
    const yaml = costToolYaml('echo', ['shards']).replace('instructions: echo takes levels 0-3\n', '');
    expect(problemsOf({ 'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML, 'catalog/tools/echo.yaml': yaml })).toEqual([
      'catalog/tools/echo.yaml:1:1 (document): a cost tool needs `instructions`: the line the endpoints\' instructions say about it, starting with its name (e.g. "echo takes levels 0-10")',
    ]);
  });

  it('a line on a tool that computes no cost', () => {
    const yaml = toolYaml('echo', 'instructions: echo takes levels 0-3\n');
    expect(problemsOf({ 'catalog/tools/echo.yaml': yaml })).toEqual([
      `catalog/tools/echo.yaml:${lineOf(yaml, 'instructions:')}:1 /instructions: only a cost tool (whose result totals are the materials of a data/costs table) has a line in the endpoints' instructions; describe this tool in the endpoint's own text`,
    ]);
  });

  it('a line that does not start with the tool’s name', () => {
    const yaml = costToolYaml('echo', ['shards']).replace('instructions: echo takes', 'instructions: shards takes');
    expect(problemsOf({ 'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML, 'catalog/tools/echo.yaml': yaml })).toEqual([
      `catalog/tools/echo.yaml:${lineOf(yaml, 'instructions:')}:1 /instructions: the line must start with the tool's name: "echo …"`,
    ]);
  });

  it('an endpoint serving cost tools without the place for their lines', () => {
    expect(problemsOf({ 'catalog/tools/echo.yaml': costToolYaml('echo', ['shards']) })).toEqual([
      `catalog/endpoints/mcp.yaml:${lineOf(ENDPOINT_YAML, 'instructions:')}:1 /instructions: the instructions must say {cost_tools} once, where the lines of the 1 cost tools served here go (found 0)`,
    ]);
  });

  it('an endpoint with the place for lines but no cost tool', () => {
    expect(
      problemsOf({ 'catalog/endpoints/mcp.yaml': COST_ENDPOINT_YAML, 'catalog/tools/echo.yaml': toolYaml('echo') }),
    ).toEqual([
      `catalog/endpoints/mcp.yaml:${lineOf(COST_ENDPOINT_YAML, 'instructions:')}:1 /instructions: the instructions say {cost_tools}, but no cost tool is served here`,
    ]);
  });
});
