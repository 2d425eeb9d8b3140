/**
 * An endpoint's instructions as served: its text with {cost_tools} replaced by the `instructions` lines of the cost
 * tools it serves, in catalogue order, joined by "; " (codegen/check/instructions.ts checks both sides).
 */
import { COST_TOOLS_PLACEHOLDER, instructionTools } from '../check/instructions.js';
import type { EndpointEntry, ToolEntry } from '../model.js';

export function composeInstructions(endpoint: EndpointEntry, tools: readonly ToolEntry[]): string {
  const lines = instructionTools(endpoint, tools).map((t) => t.instructions!);
  return endpoint.instructions.replace(COST_TOOLS_PLACEHOLDER, () => lines.join('; '));
}
