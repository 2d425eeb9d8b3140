/**
 * The protocol-facing tables: tools/list entries per protocol era (one module per tool, and an index), the accepted
 * `params.name` values per endpoint, endpoint metadata, and the Deprecation/Sunset rules with their header values
 * formatted once.
 */
import type { Catalog, Deprecation, DeprecationRule, EndpointMetadata, JsonSchema, ToolEntry } from '../model.js';
import { servedArguments } from '../load/keyed-arguments.js';
import { composeInstructions } from './instructions.js';
import { withSharedDefs } from './share-defs.js';
import {
  addConstant,
  banner,
  camelCase,
  canonicalSchema,
  CodeReference,
  createProject,
  finish,
  newSourceFile,
  printLiteral,
  type EmittedFiles,
} from './shared.js';

/** What an entry is made of; the emitter passes references to constants declared once in the tool's module. */
export interface ListEntryParts {
  description: unknown;
  inputSchema: unknown;
  outputSchema: unknown;
}

/**
 * The outputSchema as served: exactly one of the tool's result and the shared tool-error document (the
 * structuredContent of a failure, `isError: true`). Every result of the tool then carries structuredContent that
 * validates against it, failures included: strict clients (Cursor; the SDK clients, which validate structuredContent
 * whenever there is one) refuse a result of a tool with an outputSchema that has none. The two never overlap: a result
 * schema always requires its own fields and the tool-error document allows `error` alone. A shape repeated in it is
 * written once under its `$defs` (codegen/emit/share-defs.ts).
 */
export function servedOutputSchema(result: JsonSchema, toolError: JsonSchema): unknown {
  const schema = canonicalSchema({
    type: 'object',
    description: 'The result, or the tool error when isError is true.',
    oneOf: [result, toolError],
  }) as Record<string, unknown>;
  return withSharedDefs(schema);
}

/**
 * tools/list entries: 2024-11-05 (name, description, inputSchema), 2025-03-26 (+ annotations), 2025-06-18 (+ title,
 * outputSchema, _meta). A deprecated tool's description stays plain here: the server adds the notice from the
 * deprecation instant on (src/mcp/tools-list.ts), as it does the headers, so no client reads it early.
 */
export function toolListEntries(
  tool: ToolEntry,
  toolError: JsonSchema,
  parts: ListEntryParts = {
    description: tool.description,
    inputSchema: canonicalSchema(servedArguments(tool)),
    outputSchema: servedOutputSchema(tool.result, toolError),
  },
): Record<string, Record<string, unknown>> {
  const { description, inputSchema, outputSchema } = parts;
  const base = { name: tool.name, description, inputSchema };
  const annotations = { title: tool.title, ...tool.annotations };
  const meta = tool.view ? { _meta: { ui: { resourceUri: tool.view }, 'ui/resourceUri': tool.view } } : {};
  return {
    '2024-11-05': base,
    '2025-03-26': { ...base, annotations },
    '2025-06-18': { name: tool.name, title: tool.title, description, inputSchema, outputSchema, annotations, ...meta },
  };
}

/**
 * generated/tools/<tool>/schema.ts (the served schemas, once: the snapshot a review reads) and list.ts (the three
 * eras' entries, referring to those schemas rather than copying them).
 */
function toolListModules(
  project: ReturnType<typeof createProject>,
  tool: ToolEntry,
  toolError: JsonSchema,
): EmittedFiles {
  const schema = newSourceFile(project, `generated/tools/${tool.name}/schema.ts`);
  addConstant(schema, {
    name: 'inputSchema',
    type: 'Readonly<Record<string, unknown>>',
    docs: 'The arguments schema as served (inputSchema): shared fragments inlined, keywords sorted.',
    value: canonicalSchema(servedArguments(tool)),
  });
  addConstant(schema, {
    name: 'outputSchema',
    type: 'Readonly<Record<string, unknown>>',
    docs: 'The outputSchema as served (2025-06-18 and later): the result or the tool error, shared fragments inlined, keywords sorted.',
    value: servedOutputSchema(tool.result, toolError),
  });
  const list = newSourceFile(project, `generated/tools/${tool.name}/list.ts`);
  list.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: '../../metadata-types.js',
    namedImports: ['ToolListEra'],
  });
  list.addImportDeclaration({ moduleSpecifier: './schema.js', namedImports: ['inputSchema', 'outputSchema'] });
  list.addStatements((writer) => {
    writer.writeLine(`const description = ${printLiteral(tool.description)};`);
  });
  addConstant(list, {
    name: 'listEntries',
    type: 'Readonly<Record<ToolListEra, Readonly<Record<string, unknown>>>>',
    docs: `tools/list entry of ${tool.name} in each protocol era.`,
    value: toolListEntries(tool, toolError, {
      description: new CodeReference('description'),
      inputSchema: new CodeReference('inputSchema'),
      outputSchema: new CodeReference('outputSchema'),
    }),
  });
  return new Map([
    [`generated/tools/${tool.name}/schema.ts`, finish(schema, banner(tool.file))],
    [`generated/tools/${tool.name}/list.ts`, finish(list, banner(tool.file))],
  ]);
}

export function toolsServedBy(catalog: Catalog, path: string): ToolEntry[] {
  const endpoint = catalog.endpoints.find((e) => e.path === path);
  return endpoint ? catalog.tools.filter((t) => endpoint.serves.includes(t.availability)) : [];
}

function httpDate(epochMs: number): string {
  return new Date(epochMs).toUTCString();
}

export function ruleFor(kind: 'tool' | 'endpoint', name: string, d: Deprecation): DeprecationRule {
  const deprecatedEpochMs = Date.parse(d.deprecated);
  const sunsetEpochMs = Date.parse(`${d.sunset}T00:00:00Z`);
  return {
    kind,
    name,
    deprecatedEpochMs,
    sunsetEpochMs,
    deprecationHeader: `@${Math.floor(deprecatedEpochMs / 1000)}`,
    sunsetHeader: httpDate(sunsetEpochMs),
    ...(d.replacement ? { replacement: d.replacement } : {}),
    notice: d.notice,
  };
}

export function emitProtocol(catalog: Catalog): EmittedFiles {
  const files: EmittedFiles = new Map();
  const project = createProject();

  for (const tool of catalog.tools)
    for (const [path, text] of toolListModules(project, tool, catalog.toolError)) files.set(path, text);
  const list = newSourceFile(project, 'generated/tools-list.ts');
  list.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './metadata-types.js',
    namedImports: ['ToolListEra'],
  });
  list.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './tools/index.js', namedImports: ['ToolName'] });
  for (const tool of catalog.tools) {
    list.addImportDeclaration({
      moduleSpecifier: `./tools/${tool.name}/list.js`,
      namedImports: [{ name: 'listEntries', alias: `${camelCase(tool.name)}Entries` }],
    });
  }
  addConstant(list, {
    name: 'TOOL_LIST_ENTRIES',
    type: 'Readonly<Record<ToolName, Readonly<Record<ToolListEra, Readonly<Record<string, unknown>>>>>>',
    docs: 'tools/list entry of every tool in each protocol era; src/ picks the tools available to a request and serialises them once.',
    initializer: `{\n${catalog.tools.map((t) => `  ${t.name}: ${camelCase(t.name)}Entries,`).join('\n')}\n}`,
  });
  files.set('generated/tools-list.ts', finish(list, banner('catalog/tools/*.yaml')));

  const names = newSourceFile(project, 'generated/tool-names.ts');
  names.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './tools/index.js', namedImports: ['ToolName'] });
  const perEndpoint = Object.fromEntries(
    catalog.endpoints.map((e) => [e.path, toolsServedBy(catalog, e.path).map((t) => t.name)]),
  );
  addConstant(names, {
    name: 'ENDPOINT_TOOL_NAMES',
    type: 'Readonly<Record<string, readonly ToolName[]>>',
    docs: 'The accepted `params.name` values of tools/call on each endpoint (before any sunset is applied).',
    value: perEndpoint,
  });
  addConstant(names, {
    name: 'TOOLS_CALL_PARAMS_SCHEMAS',
    type: 'Readonly<Record<string, Readonly<Record<string, unknown>>>>',
    docs: 'JSON Schema of tools/call `params` on each endpoint, with the enumeration of accepted names.',
    value: Object.fromEntries(
      catalog.endpoints.map((e) => [
        e.path,
        {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', enum: perEndpoint[e.path] }, arguments: { type: 'object' } },
        },
      ]),
    ),
  });
  files.set('generated/tool-names.ts', finish(names, banner('catalog/tools/*.yaml and catalog/endpoints/*.yaml')));

  const endpoints = newSourceFile(project, 'generated/endpoints.ts');
  endpoints.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './metadata-types.js',
    namedImports: ['EndpointMetadata'],
  });
  addConstant(endpoints, {
    name: 'ENDPOINTS',
    type: 'readonly EndpointMetadata[]',
    docs: 'Every MCP endpoint in the catalogue, sorted by path.',
    value: catalog.endpoints.map((e): EndpointMetadata => ({
      path: e.path,
      title: e.title,
      description: e.description,
      instructions: composeInstructions(e, catalog.tools),
      auth: e.auth,
      serves: e.serves,
      deprecation: e.deprecation,
      source: e.file,
    })),
  });
  files.set('generated/endpoints.ts', finish(endpoints, banner('catalog/endpoints/*.yaml')));

  const rules = [
    ...catalog.endpoints.flatMap((e) => (e.deprecation ? [ruleFor('endpoint', e.path, e.deprecation)] : [])),
    ...catalog.tools.flatMap((t) => (t.deprecation ? [ruleFor('tool', t.name, t.deprecation)] : [])),
  ];
  const deprecations = newSourceFile(project, 'generated/deprecations.ts');
  deprecations.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './metadata-types.js',
    namedImports: ['DeprecationRule'],
  });
  addConstant(deprecations, {
    name: 'DEPRECATION_RULES',
    type: 'readonly DeprecationRule[]',
    docs: 'Deprecation/Sunset rules, endpoints first, then tools by name. Empty when nothing is deprecated.',
    value: rules,
  });
  files.set(
    'generated/deprecations.ts',
    finish(deprecations, banner('catalog/tools/*.yaml and catalog/endpoints/*.yaml')),
  );
  return files;
}
