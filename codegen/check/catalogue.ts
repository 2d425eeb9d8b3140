/**
 * The check stage for catalog/: the rules beyond each file's schema. Each tool's name, root schemas, view URI,
 * deprecation and model-facing text (codegen/check/tool-rules.ts); the rules that span files (names, replacements,
 * endpoints serving every availability, instructions); every schema compiles under Ajv's strict mode and every
 * example fits it (codegen/check/examples.ts). Each problem is made from the document it is about, with its line.
 */
import { createAjv } from '../ajv.js';
import type { SourceDocument, SourceIndex } from '../load/yaml.js';
import type { Catalog, Deprecation, EndpointEntry, JsonSchema, ToolEntry } from '../model.js';
import { pointerOf, type Problem } from '../problems.js';
import { TOOL_ERROR_FILE } from '../load/catalogue.js';
import { checkExamples } from './examples.js';
import { checkModelFacingRules } from './tool-rules.js';
import { checkOrphanViews, checkViewSource, type ViewFolder } from './views.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const VIEW_URI = /^ui:\/\/[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;
const MIN_NOTICE_MS = 90 * 24 * 60 * 60 * 1000;
const ROOT_FORBIDDEN = ['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else'];

export function checkCatalogue(catalog: Catalog, sources: SourceIndex, viewFolders: readonly ViewFolder[]): Problem[] {
  const problems: Problem[] = [];
  for (const tool of catalog.tools) {
    const doc = sources.get(tool.file)!;
    checkTool(tool, doc, problems);
    checkViewSource(tool, doc, viewFolders, problems);
  }
  for (const endpoint of catalog.endpoints)
    if (endpoint.deprecation) checkDeprecation(endpoint.deprecation, sources.get(endpoint.file)!, problems);
  checkAcrossFiles(catalog.tools, catalog.endpoints, sources, problems);
  checkOrphanViews(catalog.tools, viewFolders, problems);
  checkSchemasCompile(catalog.tools, sources, catalog.toolError, problems);
  for (const tool of catalog.websiteTools)
    checkRootSchema(tool.inputSchema, tool.mcp_tool ? '/mcp_tool' : '/inputSchema', sources.get(tool.file)!, problems);
  return problems;
}

function checkTool(tool: ToolEntry, doc: SourceDocument, problems: Problem[]): void {
  const expectedFile = `catalog/tools/${tool.name}.yaml`;
  if (tool.file !== expectedFile) {
    problems.push(doc.problem('/name', `tool "${tool.name}" must live in ${expectedFile} (file name = tool name)`));
  }
  if (!TOOL_NAME.test(tool.name)) {
    problems.push(doc.problem('/name', `tool name must match ${TOOL_NAME.source}`));
  }
  for (const key of ['arguments', 'result'] as const) checkRootSchema(tool[key], `/${key}`, doc, problems);
  if (tool.view !== undefined && !VIEW_URI.test(tool.view)) {
    problems.push(
      doc.problem(
        '/view',
        `view URI "${tool.view}" must look like ui://<app>/<view> (lowercase letters, digits, hyphens)`,
      ),
    );
  }
  if (tool.deprecation) checkDeprecation(tool.deprecation, doc, problems);
  checkModelFacingRules(tool, doc, problems);
}

/** A schema served as a tool's input or output: an object at the root, no combinators or references anywhere a client would choke. */
function checkRootSchema(schema: JsonSchema, pointer: string, doc: SourceDocument, problems: Problem[]): void {
  const key = pointer.slice(1);
  for (const forbidden of ROOT_FORBIDDEN) {
    if (forbidden in schema) {
      problems.push(
        doc.problem(
          `${pointer}/${forbidden}`,
          `"${forbidden}" is not allowed at the root of ${key}: clients reject top-level combinators and references`,
        ),
      );
    }
  }
  if (schema.type !== 'object') problems.push(doc.problem(`${pointer}/type`, 'root must be type: object'));
  findNestedRefs(schema, [key], doc, problems);
}

/**
 * Anywhere in a schema: no local `$ref` (fragments are shared through files and inlined), and no `type` arrays,
 * which clients that map schemas onto a single-type dialect (Gemini's OpenAPI subset, say) reject: `anyOf` of
 * single types says the same portably.
 */
function findNestedRefs(value: unknown, path: (string | number)[], doc: SourceDocument, problems: Problem[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => findNestedRefs(v, [...path, i], doc, problems));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref')
        problems.push(
          doc.problem(
            pointerOf([...path, k]),
            `local $ref "${String(v)}" is not supported: share fragments through catalog/shared/*.yaml`,
          ),
        );
      else if (k === 'type' && Array.isArray(v)) {
        const types = (v as unknown[]).map((t) => `{type: ${String(t)}}`).join(', ');
        problems.push(
          doc.problem(
            pointerOf([...path, k]),
            `a type array is not portable (some clients accept one type only): write anyOf: [${types}]`,
          ),
        );
      } else findNestedRefs(v, [...path, k], doc, problems);
    }
  }
}

function checkDeprecation(deprecation: Deprecation, doc: SourceDocument, problems: Problem[]): void {
  const deprecated = Date.parse(deprecation.deprecated);
  const sunset = Date.parse(`${deprecation.sunset}T00:00:00Z`);
  if (Number.isNaN(deprecated)) problems.push(doc.problem('/deprecation/deprecated', 'not a valid RFC 3339 date-time'));
  if (Number.isNaN(sunset)) problems.push(doc.problem('/deprecation/sunset', 'not a valid date (YYYY-MM-DD)'));
  if (!Number.isNaN(deprecated) && !Number.isNaN(sunset) && sunset - deprecated < MIN_NOTICE_MS) {
    const days = Math.floor((sunset - deprecated) / 86_400_000);
    problems.push(
      doc.problem(
        '/deprecation/sunset',
        `sunset ${deprecation.sunset} is ${days} days after the deprecation; at least 90 days of notice are required`,
      ),
    );
  }
}

function checkAcrossFiles(
  tools: readonly ToolEntry[],
  endpoints: readonly EndpointEntry[],
  sources: SourceIndex,
  problems: Problem[],
): void {
  const byName = new Map<string, ToolEntry>();
  for (const tool of tools) {
    const other = byName.get(tool.name);
    if (other)
      problems.push(sources.problem(tool.file, '/name', `duplicate tool name "${tool.name}" (also in ${other.file})`));
    byName.set(tool.name, tool);
  }
  for (const tool of tools) {
    const replacement = tool.deprecation?.replacement;
    if (replacement !== undefined && !byName.has(replacement)) {
      problems.push(
        sources.problem(
          tool.file,
          '/deprecation/replacement',
          `replacement "${replacement}" is not a tool in the catalogue`,
        ),
      );
    }
    if (replacement === tool.name) {
      problems.push(sources.problem(tool.file, '/deprecation/replacement', 'a tool cannot replace itself'));
    }
    if (!endpoints.some((e) => e.serves.includes(tool.availability))) {
      problems.push(sources.problem(tool.file, '/availability', `no endpoint serves "${tool.availability}" tools`));
    }
  }
  const paths = new Set<string>();
  for (const endpoint of endpoints) {
    if (paths.has(endpoint.path))
      problems.push(sources.problem(endpoint.file, '/path', `duplicate endpoint path ${endpoint.path}`));
    paths.add(endpoint.path);
  }
  // What an endpoint adds over the others is what its instructions must introduce: a model reads them first, and
  // the account endpoint once served three tools its instructions never named.
  for (const endpoint of endpoints) {
    const own = tools.filter(
      (t) => endpoint.serves.includes(t.availability) && !endpoints.every((e) => e.serves.includes(t.availability)),
    );
    const unnamed = own.filter((t) => !new RegExp(`\\b${t.name}\\b`).test(endpoint.instructions));
    if (unnamed.length > 0) {
      problems.push(
        sources.problem(
          endpoint.file,
          '/instructions',
          `the instructions do not name ${unnamed.map((t) => t.name).join(', ')}, served here and not on every endpoint; say what each is for`,
        ),
      );
    }
  }
  for (const endpoint of endpoints) {
    const replacement = endpoint.deprecation?.replacement;
    if (replacement !== undefined && !paths.has(replacement)) {
      problems.push(
        sources.problem(
          endpoint.file,
          '/deprecation/replacement',
          `replacement "${replacement}" is not an endpoint path in the catalogue`,
        ),
      );
    }
  }
}

function compileProblem(error: unknown): string {
  const message = (error as Error).message;
  if (/unknown format/.test(message)) {
    return `schema does not compile: ${message}. Tool schemas cannot use "format" (the precompiled validators carry no format code); state the format in the description`;
  }
  return `schema does not compile: ${message}`;
}

/**
 * Every tool schema must compile under Ajv's strict mode (catches misspelt keywords, and YAML flow maps split by a
 * comma into stray keys) without format support, and every example must fit (codegen/check/examples.ts). The tool-error
 * document too.
 */
function checkSchemasCompile(
  tools: readonly ToolEntry[],
  sources: SourceIndex,
  toolError: JsonSchema,
  problems: Problem[],
): void {
  const ajv = createAjv({ formats: false });
  try {
    ajv.compile(toolError);
  } catch (error) {
    problems.push(sources.problem(TOOL_ERROR_FILE, '', compileProblem(error)));
  }
  for (const tool of tools) {
    const compiled: Partial<Record<'arguments' | 'result', ReturnType<typeof ajv.compile>>> = {};
    for (const key of ['arguments', 'result'] as const) {
      try {
        compiled[key] = ajv.compile(tool[key]);
      } catch (error) {
        problems.push(sources.problem(tool.file, `/${key}`, compileProblem(error)));
      }
    }
    const doc = sources.get(tool.file);
    if (doc) checkExamples(tool, doc, ajv, compiled.arguments, problems);
  }
}
