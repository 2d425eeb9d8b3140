/** The validated catalogue and data, as the emitters see them. */
import type { KeyedArgument } from '../shared/keyed-arguments.js';

export type JsonSchema = Record<string, unknown>;

export interface Deprecation {
  deprecated: string;
  sunset: string;
  replacement?: string;
  notice: string;
}

/** One row of generated/deprecations.ts (same shape as the generated DeprecationRule type). */
export interface DeprecationRuleData {
  kind: 'tool' | 'endpoint';
  name: string;
  deprecatedEpochMs: number;
  sunsetEpochMs: number;
  deprecationHeader: string;
  sunsetHeader: string;
  replacement?: string;
  notice: string;
}

/** A tool's behaviour hints (tools/list `annotations`, 2025-03-26 and later), as its YAML declares them. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolExample {
  title: string;
  arguments: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: string; message_includes?: string[] };
}

export interface ToolEntry {
  file: string;
  name: string;
  title: string;
  description: string;
  availability: 'public' | 'account';
  annotations: ToolAnnotations;
  /** The tool's row in the README's tool tables (codegen/readme.ts). */
  readme: { summary: string; arguments: string };
  view?: string;
  deprecation?: Deprecation;
  /** Input schema with every shared fragment inlined. */
  arguments: JsonSchema;
  /** Output schema with every shared fragment inlined. */
  result: JsonSchema;
  examples: ToolExample[];
  /** The tool's page under /calculators (cost tools only). */
  calculator?: { example: Record<string, string>; level_choices?: string[] };
  /** The cost system (data/costs/*.yaml `system`) the tool computes, derived from its result totals (codegen/cost-systems.ts). */
  costSystem?: string;
  /** Arguments whose values are keys read forgivingly, with their aliases (codegen/keyed-arguments.ts). */
  keyedArguments?: Record<string, KeyedArgument>;
}

export interface EndpointEntry {
  file: string;
  path: string;
  title: string;
  description: string;
  instructions: string;
  auth: 'none' | 'oauth';
  serves: ('public' | 'account')[];
  deprecation?: Deprecation;
}

/** One in-page WebMCP tool of the website (catalog/website/<name>.yaml). */
export interface WebsiteToolEntry {
  file: string;
  name: string;
  title: string;
  description: string;
  /** The MCP tool whose contract it shares, when it has one. */
  mcp_tool?: string;
  /** The input schema: its own, or the MCP tool's arguments (with every shared fragment inlined). */
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean };
}

export interface Catalog {
  /** Sorted by name. */
  tools: ToolEntry[];
  /** The website's in-page tools, sorted by name. */
  websiteTools: WebsiteToolEntry[];
  /** Sorted by path. */
  endpoints: EndpointEntry[];
  /** The shared tool-error document schema (catalog/shared/tool-error.yaml). */
  toolError: JsonSchema;
}

export interface CostLevel {
  label: string;
  cost?: Record<string, number>;
  confidence?: string;
  note?: string;
  unknown?: string[];
}

export interface CostLadder {
  key: string;
  title: string;
  aliases?: string[];
  confidence: string;
  confidence_reasons?: { from?: string; to?: string; reason: string }[];
  levels: CostLevel[];
}

export interface CostTable {
  file: string;
  system: string;
  title: string;
  data_as_of: string;
  per?: { singular: string; plural: string; max: number };
  materials: { key: string; name: string }[];
  sources: { id: string; ref: string; covers?: { ladders?: string[]; to?: string } }[];
  notes: string[];
  gaps?: string[];
  ladders: CostLadder[];
  cross_checks: { ladder: string; from: string; to: string; totals: Record<string, number> }[];
}

/** The reference data files by their key in codegen/reference.ts (`REFERENCE_FILES`). */
export type ReferenceFileKey = 'heroes' | 'masters' | 'items' | 'events' | 'tierList';

/** Each reference file's validated document, as authored (the generated types describe it). */
export type ReferenceData = Record<ReferenceFileKey, Record<string, unknown>>;

export interface GameData {
  release: string;
  /** `<release>+<first 8 hex of the SHA-256 of every data file>`. */
  version: string;
  costs: CostTable[];
  /** Absent only in fixture repositories without data/reference/. */
  reference?: ReferenceData;
}
