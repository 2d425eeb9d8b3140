/**
 * Runs a public MCP tool for the website exactly as `tools/call` on the public endpoint runs it (the same
 * argument validation, handler and error messages), and hands back the MCP result: the in-page search_database
 * and the calculator pages show what an assistant gets.
 */
import type { ToolError } from '../../generated/metadata-types.js';
import type { Registry } from '../tool-registry/registry.js';
import { LATEST_PROTOCOL_VERSION } from '../mcp/protocol-versions.js';
import { ToolsCall } from '../mcp/tools-call.js';

/** A tools/call result as the latest protocol version shapes it. */
export interface McpToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export type ToolRun =
  | { ok: true; result: McpToolResult; value: Record<string, unknown> }
  | { ok: false; result: McpToolResult; error: ToolError };

export interface ToolRunner {
  /** The tool's result for these arguments; the tool must be a public one (the caller's choice, not the visitor's). */
  run(name: string, args: Record<string, unknown>, now: Date): ToolRun;
}

export function publicToolRunner(registry: Registry, baseUrl: string): ToolRunner {
  const endpoint = registry.endpoints.find((e) => e.auth === 'none');
  if (!endpoint) throw new Error('the catalogue has no public endpoint');
  const call = new ToolsCall(registry, endpoint);
  return {
    run(name, args, now) {
      const outcome = call.call({ name, arguments: args }, LATEST_PROTOCOL_VERSION, {
        now,
        baseUrl,
        endpoint: endpoint.path,
      });
      // Public tools are synchronous (only the account tools read the store).
      if (outcome instanceof Promise) throw new Error(`${name} is not a synchronous public tool`);
      if (outcome.kind === 'error') throw new Error(`${name}: ${outcome.message}`);
      const result = JSON.parse(outcome.resultJson) as McpToolResult;
      if (result.isError)
        return { ok: false, result, error: (JSON.parse(result.content[0]!.text) as { error: ToolError }).error };
      return { ok: true, result, value: result.structuredContent! };
    },
  };
}
