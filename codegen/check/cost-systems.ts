/**
 * Which tool computes which cost system, derived rather than listed: a cost tool's result `totals` names exactly the
 * material keys of one cost table (data/costs/*.yaml). A tool whose totals fit two tables is ambiguous and reported;
 * a table no tool serves is allowed (its data can come before its tool).
 */
import type { SourceIndex } from '../load/yaml.js';
import type { Catalog, CostTable, ToolEntry } from '../model.js';
import type { Problem } from '../problems.js';

function totalsKeys(tool: ToolEntry): string[] | undefined {
  const totals = (tool.result.properties as Record<string, { properties?: Record<string, unknown> }> | undefined)
    ?.totals;
  return totals?.properties ? Object.keys(totals.properties).sort() : undefined;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/**
 * Sets `costSystem` on every tool that computes one; returns the problems: a tool whose totals fit several systems,
 * and a system computed by two tools that are not deprecated (during a deprecation the old tool and its replacement
 * may both compute it; the one not deprecated is the system's tool).
 */
export function attachCostSystems(catalog: Catalog, costs: readonly CostTable[], sources: SourceIndex): Problem[] {
  const problems: Problem[] = [];
  const current = new Map<string, string>();
  for (const tool of catalog.tools) {
    const keys = totalsKeys(tool);
    if (!keys) continue;
    const matches = costs.filter((table) => sameKeys(keys, table.materials.map((m) => m.key).sort()));
    if (matches.length > 1) {
      problems.push(
        sources.problem(
          tool.file,
          '/result/properties/totals',
          `the totals fit the materials of several cost systems (${matches.map((t) => t.system).join(', ')}); each cost system needs materials of its own`,
        ),
      );
      continue;
    }
    const system = matches[0]?.system;
    if (!system) continue;
    tool.costSystem = system;
    if (tool.deprecation) continue;
    const other = current.get(system);
    if (other) {
      problems.push(
        sources.problem(
          tool.file,
          '/result/properties/totals',
          `cost system "${system}" is already computed by ${other}; one tool per cost system (deprecate one of them)`,
        ),
      );
      continue;
    }
    current.set(system, tool.name);
  }
  for (const tool of catalog.tools) problems.push(...calculatorProblems(tool, sources));
  return problems;
}

/** The tool that computes each cost system (the one not deprecated), by system. */
export function costToolOfSystem(catalog: Catalog): Map<string, string> {
  return new Map(
    catalog.tools.filter((t) => t.costSystem !== undefined && !t.deprecation).map((t) => [t.costSystem!, t.name]),
  );
}

/** A calculator page suggests the labels of the tool's cost table, so only a cost tool has one; its names are arguments. */
function calculatorProblems(tool: ToolEntry, sources: SourceIndex): Problem[] {
  if (!tool.calculator) return [];
  if (!tool.costSystem) {
    return [
      sources.problem(
        tool.file,
        '/calculator',
        'only a cost tool (whose result totals are the materials of a data/costs table) has a calculator page',
      ),
    ];
  }
  const names = Object.keys((tool.arguments.properties as Record<string, unknown> | undefined) ?? {});
  const problems: Problem[] = [];
  const check = (pointer: string, name: string) => {
    if (!names.includes(name))
      problems.push(
        sources.problem(
          tool.file,
          pointer,
          `"${name}" is not an argument of ${tool.name} (arguments: ${names.join(', ')})`,
        ),
      );
  };
  for (const name of Object.keys(tool.calculator.example)) check(`/calculator/example/${name}`, name);
  tool.calculator.level_choices?.forEach((name, i) => check(`/calculator/level_choices/${i}`, name));
  return problems;
}
