/**
 * tools/call. Protocol errors (-32602) for a missing or unknown tool name; everything about the arguments is a
 * tool failure (`isError: true`) with a message the model can act on. A result or failure is serialised once: the
 * text content is that JSON as a string, and `structuredContent` (2025-06-18+) is the same JSON inline.
 */
import type { DeprecationRule, EndpointMetadata, ToolError, ToolOutcome } from '../../generated/metadata-types.js';
import { canonicalArguments } from '../../shared/keyed-arguments.js';
import { toolAvailability } from '../tool-registry/availability.js';
import type { Registry, RegisteredTool } from '../tool-registry/registry.js';
import type { ToolContext } from '../tools/context.js';
import { checkArguments } from './argument-errors.js';
import { ErrorCode } from './jsonrpc.js';
import { eraOf, hasStructuredContent, type ProtocolVersion } from './protocol-versions.js';

export type CallOutcome =
  /** `toolError`: the result reports the tool's failure (`isError: true`), for metrics and logs. */
  | { kind: 'result'; resultJson: string; toolError: boolean; deprecation?: DeprecationRule }
  | { kind: 'error'; code: ErrorCode; message: string };

/**
 * A failure carries the tool-error document as text and, from 2025-06-18, as structuredContent too: every catalogue
 * tool has an outputSchema, which allows the tool-error document (codegen/emit/protocol.ts, servedOutputSchema), and
 * strict clients refuse a result of such a tool without structuredContent.
 */
function failureJson(error: ToolError, version: ProtocolVersion): string {
  const json = JSON.stringify({ error });
  const content = `"content":[{"type":"text","text":${JSON.stringify(json)}}]`;
  return hasStructuredContent(version)
    ? `{${content},"structuredContent":${json},"isError":true}`
    : `{${content},"isError":true}`;
}

/** Exported for the benchmark of the request's parts (bench/parts.ts). */
export function successJson(value: unknown, version: ProtocolVersion): string {
  const json = JSON.stringify(value);
  const content = `"content":[{"type":"text","text":${JSON.stringify(json)}}]`;
  return hasStructuredContent(version) ? `{${content},"structuredContent":${json}}` : `{${content}}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export class ToolsCall {
  readonly #registry: Registry;
  readonly #endpoint: EndpointMetadata;
  readonly #accountEndpoint: string | undefined;
  constructor(registry: Registry, endpoint: EndpointMetadata) {
    this.#registry = registry;
    this.#endpoint = endpoint;
    this.#accountEndpoint = registry.endpoints.find((e) => e.serves.includes('account'))?.path;
  }

  /** Synchronous unless the tool's handler is asynchronous (the account tools read the store). */
  call(
    params: Record<string, unknown>,
    version: ProtocolVersion,
    context: ToolContext,
  ): CallOutcome | Promise<CallOutcome> {
    const { name } = params;
    if (typeof name !== 'string' || name === '') {
      return {
        kind: 'error',
        code: ErrorCode.InvalidParams,
        message: 'tools/call needs params.name, the name of a tool (see tools/list).',
      };
    }
    if (params.arguments !== undefined && !isPlainObject(params.arguments)) {
      return {
        kind: 'error',
        code: ErrorCode.InvalidParams,
        message: 'params.arguments must be an object of named arguments.',
      };
    }
    const tool = this.#registry.toolsByName.get(name);
    const availability = tool
      ? toolAvailability(tool.metadata, this.#endpoint, this.#registry.rules, context.now)
      : undefined;
    if (!tool || !availability || availability.state !== 'available') {
      return {
        kind: 'error',
        code: ErrorCode.InvalidParams,
        message: this.#unknownToolMessage(
          name,
          tool,
          availability?.state === 'sunset' ? availability.rule : undefined,
          context.now,
        ),
      };
    }
    // "Town Center", "TC" and "town-centre" become town_center before validation, which keeps the strict keys.
    const args = canonicalArguments(tool.metadata.keyedArguments, params.arguments ?? {});
    const inputSchema = tool.listEntries[eraOf(version)].inputSchema as Record<string, unknown>;
    const refused = checkArguments(tool.validateInput, args, inputSchema);
    if (refused) {
      return {
        kind: 'result',
        resultJson: failureJson(refused, version),
        toolError: true,
        ...this.#deprecation(availability.deprecation),
      };
    }
    const finish = (outcome: ToolOutcome<unknown>): CallOutcome => ({
      kind: 'result',
      resultJson: outcome.ok ? successJson(outcome.value, version) : failureJson(outcome.error, version),
      toolError: !outcome.ok,
      ...this.#deprecation(availability.deprecation),
    });
    const outcome = tool.handle(args, context);
    return outcome instanceof Promise ? outcome.then(finish) : finish(outcome);
  }

  #deprecation(rule: DeprecationRule | undefined): { deprecation?: DeprecationRule } {
    return rule ? { deprecation: rule } : {};
  }

  #unknownToolMessage(
    name: string,
    tool: RegisteredTool | undefined,
    sunset: DeprecationRule | undefined,
    now: Date,
  ): string {
    const here = this.#registry.tools
      .filter((t) => toolAvailability(t.metadata, this.#endpoint, this.#registry.rules, now).state === 'available')
      .map((t) => t.metadata.name);
    const list = `Tools on ${this.#endpoint.path}: ${here.join(', ')}.`;
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    if (sunset) {
      const use = sunset.replacement ? ` Use ${sunset.replacement} instead.` : '';
      return `Unknown tool "${shown}": it was removed on ${new Date(sunset.sunsetEpochMs).toISOString().slice(0, 10)}.${use} ${list}`;
    }
    if (tool && this.#accountEndpoint && tool.metadata.availability === 'account') {
      return `Unknown tool "${shown}" on ${this.#endpoint.path}: it reads the signed-in player's data and lives on ${this.#accountEndpoint} (OAuth sign-in required). ${list}`;
    }
    return `Unknown tool "${shown}". ${list}`;
  }
}
