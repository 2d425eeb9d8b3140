/**
 * The load stage for catalog/: each YAML file parsed (with its positions, codegen/load/yaml.ts) and validated
 * against the catalogue's own schema (catalog/schema/), shared fragments inlined, keyed arguments read. The rules
 * beyond a file's schema are the check stage's (codegen/check/catalogue.ts). What loaded is returned even when a
 * file did not, so one run reports the problems of every file.
 */
import { readdirSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { ajvErrorPointer, ajvWithSchemas, describeAjvError } from '../ajv.js';
import type { Catalog, EndpointEntry, JsonSchema, SchemaFiles, ToolEntry, WebsiteToolEntry } from '../model.js';
import type { Problem } from '../problems.js';
import { FragmentLoader, inlineRefs } from './inline-refs.js';
import { extractKeyedArguments } from './keyed-arguments.js';
import { serverEntryOf, SERVER_FILE, UNREAD_SERVER } from './server.js';
import { websiteToolOf } from './website.js';
import { loadYaml, type SourceDocument, type SourceIndex } from './yaml.js';
import { join } from 'node:path';

export const TOOL_ERROR_FILE = 'catalog/shared/tool-error.yaml';
const SHARED_FOLDER = 'catalog/shared';

/** The catalogue as loaded: never undefined, possibly partial when `problems` is not empty. */
export function readCatalogue(
  root: string,
  schemas: SchemaFiles,
  sources: SourceIndex,
): { catalog: Catalog; problems: Problem[] } {
  const problems: Problem[] = [];
  const ajv = ajvWithSchemas(
    {},
    ['tool', 'endpoint', 'website-tool', 'server'].map((name) => ({
      key: `${name}.schema.json`,
      schema: schemas.catalogue[`${name}.schema.json`]!,
    })),
  );
  const loader = new FragmentLoader(root);

  const tools: ToolEntry[] = [];
  for (const file of yamlFiles(root, 'catalog/tools')) {
    const doc = checkedDocument(root, file, 'tool.schema.json', ajv, sources, problems);
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
    tools.push(tool);
  }
  tools.sort((a, b) => a.name.localeCompare(b.name));

  const endpoints: EndpointEntry[] = [];
  for (const file of yamlFiles(root, 'catalog/endpoints')) {
    const doc = checkedDocument(root, file, 'endpoint.schema.json', ajv, sources, problems);
    if (doc) endpoints.push({ ...(doc.value as Omit<EndpointEntry, 'file'>), file });
  }
  endpoints.sort((a, b) => a.path.localeCompare(b.path));

  const serverDoc = checkedDocument(root, SERVER_FILE, 'server.schema.json', ajv, sources, problems);
  // A catalogue whose server file did not load is returned with its problem; nothing is emitted from it.
  const server = serverDoc ? serverEntryOf(serverDoc.value) : UNREAD_SERVER;

  const toolErrorSource = loader.load(TOOL_ERROR_FILE);
  let toolError: JsonSchema = {};
  if (Array.isArray(toolErrorSource)) problems.push(...toolErrorSource);
  else toolError = sources.add(toolErrorSource).value as JsonSchema;

  const websiteTools: WebsiteToolEntry[] = [];
  for (const file of yamlFiles(root, 'catalog/website')) {
    const doc = checkedDocument(root, file, 'website-tool.schema.json', ajv, sources, problems);
    const tool = doc && websiteToolOf(doc, tools, loader, problems);
    if (tool) websiteTools.push(tool);
  }
  websiteTools.sort((a, b) => a.name.localeCompare(b.name));

  return {
    catalog: { tools, websiteTools, endpoints, toolError, server, shared: sharedFragments(root, loader) },
    problems,
  };
}

/**
 * Every shared fragment (but the tool-error document) with the fragments it uses inlined, for their named types
 * (codegen/emit/shared-types.ts). A fragment that does not load is left out: it is reported where a tool uses it.
 */
export function sharedFragments(root: string, loader = new FragmentLoader(root)): Catalog['shared'] {
  return yamlFiles(root, SHARED_FOLDER).flatMap((file) => {
    if (file === TOOL_ERROR_FILE) return [];
    const source = loader.load(file);
    if (Array.isArray(source)) return [];
    const problems: Problem[] = [];
    const schema = inlineRefs(source.value, source, [], loader, problems) as JsonSchema;
    return problems.length > 0 ? [] : [{ file, schema }];
  });
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
  ajv: ReturnType<typeof ajvWithSchemas>,
  sources: SourceIndex,
  problems: Problem[],
): SourceDocument | undefined {
  const loaded = loadYaml(root, file);
  if (!loaded.ok) {
    problems.push(...loaded.problems);
    return undefined;
  }
  sources.add(loaded.document);
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
