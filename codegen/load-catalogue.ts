/**
 * Loads catalog/ and checks it: each file against the catalogue's own schema (catalog/schema/), then the rules
 * that span files. Nothing is emitted unless every check passes; every problem found is reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnySchema, ErrorObject } from 'ajv';
import { ajvErrorPointer, createAjv, describeAjvError } from './ajv.js';
import { checkExamples } from './examples.js';
import { checkModelFacingRules } from './tool-rules.js';
import { FragmentLoader, inlineRefs } from './inline-refs.js';
import { loadYaml, type SourceDocument } from './load.js';
import type { Catalog, Deprecation, EndpointEntry, JsonSchema, ToolEntry, WebsiteToolEntry } from './model.js';
import { pointerOf, type Problem } from './problems.js';
import { checkOrphanViews, checkViewSource } from './views.js';
import { websiteToolOf } from './website.js';
import { extractKeyedArguments } from './keyed-arguments.js';
import { SERVER_FILE, serverFactsOf } from './server-facts.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const VIEW_URI = /^ui:\/\/[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;
const MIN_NOTICE_MS = 90 * 24 * 60 * 60 * 1000;
const ROOT_FORBIDDEN = ['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else'];

export function loadCatalog(root: string): { catalog?: Catalog; problems: Problem[] } {
  const problems: Problem[] = [];
  const ajv = createAjv();
  for (const name of ['tool', 'endpoint', 'website-tool', 'server']) {
    const schema = JSON.parse(readFileSync(join(root, `catalog/schema/${name}.schema.json`), 'utf8')) as AnySchema;
    ajv.addSchema(schema, `${name}.schema.json`);
  }
  const loader = new FragmentLoader(root);

  const tools: ToolEntry[] = [];
  const sources = new Map<string, SourceDocument>();
  for (const file of yamlFiles(root, 'catalog/tools')) {
    const doc = checkedDocument(root, file, 'tool.schema.json', ajv, problems);
    if (!doc) continue;
    const raw = doc.value as Omit<ToolEntry, 'file'>;
    const tool: ToolEntry = {
      ...raw,
      file,
      arguments: inlineRefs(raw.arguments, doc, ['arguments'], loader, problems) as JsonSchema,
      result: inlineRefs(raw.result, doc, ['result'], loader, problems) as JsonSchema,
    };
    const keyed = extractKeyedArguments(tool, doc, problems, root);
    if (keyed) tool.keyedArguments = keyed;
    checkTool(tool, doc, problems);
    sources.set(file, doc);
    checkViewSource(root, tool, doc, problems);
    tools.push(tool);
  }

  const endpoints: EndpointEntry[] = [];
  for (const file of yamlFiles(root, 'catalog/endpoints')) {
    const doc = checkedDocument(root, file, 'endpoint.schema.json', ajv, problems);
    if (!doc) continue;
    const endpoint: EndpointEntry = { ...(doc.value as Omit<EndpointEntry, 'file'>), file };
    if (endpoint.deprecation) checkDeprecation(endpoint.deprecation, doc, problems);
    endpoints.push(endpoint);
  }

  const serverDoc = checkedDocument(root, SERVER_FILE, 'server.schema.json', ajv, problems);
  const server = serverDoc && serverFactsOf(root, serverDoc, endpoints, problems);

  const toolErrorSource = loader.load('catalog/shared/tool-error.yaml');
  let toolError: JsonSchema = {};
  if (Array.isArray(toolErrorSource)) problems.push(...toolErrorSource);
  else toolError = toolErrorSource.value as JsonSchema;

  tools.sort((a, b) => a.name.localeCompare(b.name));
  endpoints.sort((a, b) => a.path.localeCompare(b.path));
  checkAcrossFiles(tools, endpoints, problems);
  checkOrphanViews(root, tools, problems);
  checkSchemasCompile(tools, sources, toolError, problems);
  const websiteTools: WebsiteToolEntry[] = [];
  for (const file of yamlFiles(root, 'catalog/website')) {
    const doc = checkedDocument(root, file, 'website-tool.schema.json', ajv, problems);
    const tool = doc && websiteToolOf(doc, tools, loader, problems);
    if (!doc || !tool) continue;
    checkRootSchema(tool.inputSchema, tool.mcp_tool ? '/mcp_tool' : '/inputSchema', doc, problems);
    websiteTools.push(tool);
  }
  websiteTools.sort((a, b) => a.name.localeCompare(b.name));
  if (problems.length > 0 || !server) return { problems };
  return { catalog: { tools, websiteTools, endpoints, toolError, server }, problems };
}

export function yamlFiles(root: string, folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, folder));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.yaml'))
    .sort()
    .map((n) => `${folder}/${n}`);
}

function checkedDocument(
  root: string,
  file: string,
  schemaId: string,
  ajv: ReturnType<typeof createAjv>,
  problems: Problem[],
): SourceDocument | undefined {
  const loaded = loadYaml(root, file);
  if (!loaded.ok) {
    problems.push(...loaded.problems);
    return undefined;
  }
  const validate = ajv.getSchema(schemaId);
  if (!validate) throw new Error(`schema ${schemaId} not registered`);
  if (!validate(loaded.document.value)) {
    for (const error of relevantErrors(validate.errors ?? [])) {
      problems.push(loaded.document.problem(ajvErrorPointer(error), describeAjvError(error)));
    }
    return undefined;
  }
  return loaded.document;
}

/** Drops the `oneOf` summary errors whose branch errors are already listed. */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if');
  return specific.length > 0 ? specific : errors;
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

function checkAcrossFiles(tools: ToolEntry[], endpoints: EndpointEntry[], problems: Problem[]): void {
  const byName = new Map<string, ToolEntry>();
  for (const tool of tools) {
    const other = byName.get(tool.name);
    if (other)
      problems.push({
        file: tool.file,
        pointer: '/name',
        message: `duplicate tool name "${tool.name}" (also in ${other.file})`,
      });
    byName.set(tool.name, tool);
  }
  for (const tool of tools) {
    const replacement = tool.deprecation?.replacement;
    if (replacement !== undefined && !byName.has(replacement)) {
      problems.push({
        file: tool.file,
        pointer: '/deprecation/replacement',
        message: `replacement "${replacement}" is not a tool in the catalogue`,
      });
    }
    if (replacement === tool.name) {
      problems.push({ file: tool.file, pointer: '/deprecation/replacement', message: 'a tool cannot replace itself' });
    }
    if (!endpoints.some((e) => e.serves.includes(tool.availability))) {
      problems.push({
        file: tool.file,
        pointer: '/availability',
        message: `no endpoint serves "${tool.availability}" tools`,
      });
    }
  }
  const paths = new Set<string>();
  for (const endpoint of endpoints) {
    if (paths.has(endpoint.path))
      problems.push({ file: endpoint.file, pointer: '/path', message: `duplicate endpoint path ${endpoint.path}` });
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
      problems.push({
        file: endpoint.file,
        pointer: '/instructions',
        message: `the instructions do not name ${unnamed.map((t) => t.name).join(', ')}, served here and not on every endpoint; say what each is for`,
      });
    }
  }
  for (const endpoint of endpoints) {
    const replacement = endpoint.deprecation?.replacement;
    if (replacement !== undefined && !paths.has(replacement)) {
      problems.push({
        file: endpoint.file,
        pointer: '/deprecation/replacement',
        message: `replacement "${replacement}" is not an endpoint path in the catalogue`,
      });
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
 * comma into stray keys) without format support, and every example must fit (codegen/examples.ts). The tool-error
 * document too.
 */
function checkSchemasCompile(
  tools: ToolEntry[],
  sources: ReadonlyMap<string, SourceDocument>,
  toolError: JsonSchema,
  problems: Problem[],
): void {
  const ajv = createAjv({ formats: false });
  try {
    ajv.compile(toolError);
  } catch (error) {
    problems.push({ file: 'catalog/shared/tool-error.yaml', pointer: '', message: compileProblem(error) });
  }
  for (const tool of tools) {
    const compiled: Partial<Record<'arguments' | 'result', ReturnType<typeof ajv.compile>>> = {};
    for (const key of ['arguments', 'result'] as const) {
      try {
        compiled[key] = ajv.compile(tool[key]);
      } catch (error) {
        problems.push({ file: tool.file, pointer: `/${key}`, message: compileProblem(error) });
      }
    }
    const doc = sources.get(tool.file);
    if (doc) checkExamples(tool, doc, ajv, compiled.arguments, problems);
  }
}
