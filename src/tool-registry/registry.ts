/**
 * The catalogue as the server uses it: generated metadata, tools/list entries and validators joined with the
 * hand-written handlers. Tests build registries of their own (a deprecated fixture tool, say) with the same shape.
 */
import type {
  DeprecationRule,
  EndpointMetadata,
  ToolListEra,
  ToolMetadata,
  ToolOutcome,
} from '../../generated/metadata-types.js';
import { DEPRECATION_RULES } from '../../generated/deprecations.js';
import { ENDPOINTS } from '../../generated/endpoints.js';
import { TOOL_LIST_ENTRIES } from '../../generated/tools-list.js';
import { TOOLS, type ToolName } from '../../generated/tools/index.js';
import { inputValidators, type Validator } from '../../generated/validators/input.js';
import type { ToolContext } from '../tools/context.js';
import { toolHandlers } from '../tools/handlers.js';
import { DeprecationRules } from './availability.js';

export interface RegisteredTool {
  readonly metadata: ToolMetadata;
  readonly listEntries: Readonly<Record<ToolListEra, Readonly<Record<string, unknown>>>>;
  readonly validateInput: Validator;
  /** Called with arguments that passed `validateInput`; the handler reads them as its tool's generated input type. */
  readonly handle: (
    input: Readonly<Record<string, unknown>>,
    context: ToolContext,
  ) => ToolOutcome<unknown> | Promise<ToolOutcome<unknown>>;
}

export interface Registry {
  /** Sorted by name, in code-point order. */
  readonly tools: readonly RegisteredTool[];
  readonly toolsByName: ReadonlyMap<string, RegisteredTool>;
  readonly endpoints: readonly EndpointMetadata[];
  readonly rules: DeprecationRules;
}

export function createRegistry(
  tools: readonly RegisteredTool[],
  endpoints: readonly EndpointMetadata[],
  rules: readonly DeprecationRule[],
): Registry {
  // Code points, not localeCompare: the same order on every machine whatever its locale, and no ICU collator loaded
  // at start (about 18 ms) for names the catalogue keeps to ASCII.
  const sorted = [...tools].sort((a, b) =>
    a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0,
  );
  return {
    tools: sorted,
    toolsByName: new Map(sorted.map((t) => [t.metadata.name, t])),
    endpoints,
    rules: new DeprecationRules(rules),
  };
}

/** The registry of the real catalogue. */
export function registryFromCatalogue(): Registry {
  const tools = TOOLS.map((metadata): RegisteredTool => {
    const name = metadata.name as ToolName;
    return {
      metadata,
      listEntries: TOOL_LIST_ENTRIES[name],
      validateInput: inputValidators[name],
      // The one place a tool's arguments meet its input type: tools-call.ts passes only what validateInput accepted.
      handle: toolHandlers[name].bind(toolHandlers) as RegisteredTool['handle'],
    };
  });
  return createRegistry(tools, ENDPOINTS, DEPRECATION_RULES);
}
