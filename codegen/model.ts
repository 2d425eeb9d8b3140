/**
 * The validated catalogue and data, as the emitters see them. The shapes the catalogue's and the data's schemas
 * define are their compiled types (generated/metadata-types.ts, generated/data/types.ts), imported for their types
 * alone: one definition each, the schema.
 */
import type { CostTable as CostTableDocument } from '../generated/data/types.js';
import type {
  CalculatorPage,
  Deprecation,
  DeprecationRule,
  EndpointMetadata,
  ReadmeRow,
  ToolAnnotations,
  ToolExample,
  ToolMetadata,
  WebsiteTool,
} from '../generated/metadata-types.js';
import type { KeyedArgument } from '../shared/keyed-arguments.js';
import type { ServerFacts } from '../shared/discovery-documents.js';

export type {
  CalculatorPage,
  Deprecation,
  DeprecationRule,
  EndpointMetadata,
  ReadmeRow,
  ToolAnnotations,
  ToolExample,
  ToolMetadata,
  WebsiteTool,
};

export type JsonSchema = Record<string, unknown>;

/**
 * A tool of catalog/tools/: the fields its metadata shares (`costSystem` is derived from the result's totals by
 * codegen/check/cost-systems.ts), the rest of its YAML (typed by catalog/schema/tool.schema.json's definitions), and the
 * keyed arguments codegen reads from its arguments.
 */
export interface ToolEntry extends Pick<
  ToolMetadata,
  'name' | 'title' | 'description' | 'availability' | 'view' | 'deprecation' | 'costSystem'
> {
  file: string;
  annotations: ToolAnnotations;
  /** The tool's row in the README's tool tables (codegen/emit/readme.ts). */
  readme: ReadmeRow;
  /** A cost tool's line in the endpoints' instructions (codegen/check/instructions.ts, codegen/emit/instructions.ts). */
  instructions?: string;
  /** Input schema with every shared fragment inlined. */
  arguments: JsonSchema;
  /** Output schema with every shared fragment inlined. */
  result: JsonSchema;
  examples: ToolExample[];
  /** The tool's page under /calculators (cost tools only). */
  calculator?: CalculatorPage;
  /** Arguments whose values are keys read forgivingly, with their aliases (codegen/load/keyed-arguments.ts). */
  keyedArguments?: Record<string, KeyedArgument>;
}

/** An endpoint of catalog/endpoints/: its metadata as the service reads it, and the file it comes from. */
export interface EndpointEntry extends Omit<EndpointMetadata, 'source'> {
  file: string;
}

/** One in-page WebMCP tool of the website (catalog/website/<name>.yaml), as its schema types it, and its file. */
export interface WebsiteToolEntry extends Omit<WebsiteTool, 'inputSchema'> {
  file: string;
  /** The input schema: its own, or the MCP tool's arguments (with every shared fragment inlined). */
  inputSchema: JsonSchema;
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
  /** The shared fragments of catalog/shared/ (but the tool-error document), each with the fragments it uses inlined. */
  shared: { file: string; schema: JsonSchema }[];
  /** Who the server is (catalog/server.yaml). */
  server: ServerEntry;
}

/** catalog/server.yaml: the server's facts, and the origin the committed discovery documents are built for. */
export interface ServerEntry extends ServerFacts {
  exampleOrigin: string;
}

/** A cost table of data/costs/ (schema data/schema/cost-table.schema.json) and the file it was read from. */
export interface CostTable extends CostTableDocument {
  file: string;
}

/** The reference data files by their key in codegen/load/reference.ts (`REFERENCE_FILES`). */
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

/** The JSON Schemas of catalog/schema/ and data/schema/ by file name, read once by the load stage. */
export interface SchemaFiles {
  catalogue: Record<string, JsonSchema>;
  data: Record<string, JsonSchema>;
  /** The published schemas the discovery documents must fit (catalog/schema/published/), by file name. */
  published: Record<string, JsonSchema>;
}

/** An icon of catalog/icons/: its file name and its SVG text. */
export interface IconFile {
  name: string;
  text: string;
}

/** Everything the load stage read, as the check stage sees it. */
export interface Model {
  catalog: Catalog;
  data: GameData;
  schemas: SchemaFiles;
  icons: IconFile[];
  /** The player-data schema (catalog/player-data.schema.yaml); absent in fixture roots without it. */
  playerData?: JsonSchema;
  /** README.md's text; absent in fixture roots without one. */
  readme?: string;
}

/** What the build stage bundled, before anything is emitted. */
export interface Built {
  /** Each view's script and stylesheet, by view name (codegen/emit/views.ts inlines them into its document). */
  views: ReadonlyMap<string, { js: string; css: string }>;
  /** The site script and its stylesheet; absent for a catalogue without in-page tools. */
  site?: { js: string; css: string };
}

/** What every emitter is given: the checked model and the bundles. Emitters read nothing else. */
export interface EmitInput extends Model {
  built: Built;
}

/** One output file: repository-relative path and its full text. */
export type EmittedFiles = Map<string, string>;
