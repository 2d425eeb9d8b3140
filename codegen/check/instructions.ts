/**
 * The endpoints' instructions (the initialize result) name the cost tools through the tools' own lines: each cost
 * tool's YAML carries `instructions`, the line the instructions say about it, and an endpoint's text says
 * {cost_tools} where codegen/emit/instructions.ts writes the lines of the cost tools it serves. Runs after
 * codegen/check/cost-systems.ts, which decides which tools are cost tools.
 */
import type { SourceIndex } from '../load/yaml.js';
import type { Catalog, EndpointEntry, ToolEntry } from '../model.js';
import type { Problem } from '../problems.js';

export const COST_TOOLS_PLACEHOLDER = '{cost_tools}';

/** The cost tools whose lines an endpoint's instructions carry: served there, not deprecated, in catalogue order. */
export function instructionTools(endpoint: EndpointEntry, tools: readonly ToolEntry[]): ToolEntry[] {
  return tools.filter((t) => t.costSystem !== undefined && !t.deprecation && endpoint.serves.includes(t.availability));
}

export function checkInstructionLines(catalog: Catalog, sources: SourceIndex): Problem[] {
  const problems: Problem[] = [];
  for (const tool of catalog.tools) {
    if (tool.costSystem !== undefined && tool.instructions === undefined)
      problems.push(
        sources.problem(
          tool.file,
          '',
          `a cost tool needs \`instructions\`: the line the endpoints' instructions say about it, starting with its name (e.g. "${tool.name} takes levels 0-10")`,
        ),
      );
    if (tool.costSystem === undefined && tool.instructions !== undefined)
      problems.push(
        sources.problem(
          tool.file,
          '/instructions',
          `only a cost tool (whose result totals are the materials of a data/costs table) has a line in the endpoints' instructions; describe this tool in the endpoint's own text`,
        ),
      );
    if (tool.instructions !== undefined && !tool.instructions.startsWith(`${tool.name} `))
      problems.push(
        sources.problem(tool.file, '/instructions', `the line must start with the tool's name: "${tool.name} …"`),
      );
  }
  for (const endpoint of catalog.endpoints) {
    const count = endpoint.instructions.split(COST_TOOLS_PLACEHOLDER).length - 1;
    const served = instructionTools(endpoint, catalog.tools).length;
    if (served > 0 && count !== 1)
      problems.push(
        sources.problem(
          endpoint.file,
          '/instructions',
          `the instructions must say ${COST_TOOLS_PLACEHOLDER} once, where the lines of the ${served} cost tools served here go (found ${count})`,
        ),
      );
    if (served === 0 && count > 0)
      problems.push(
        sources.problem(
          endpoint.file,
          '/instructions',
          `the instructions say ${COST_TOOLS_PLACEHOLDER}, but no cost tool is served here`,
        ),
      );
  }
  return problems;
}
