/**
 * generated/metadata-types.ts: the types shared by every generated module, by src/ and by codegen's own model,
 * compiled from the catalogue's schemas (catalog/schema/*.json, catalog/shared/tool-error.yaml) so that each concept
 * has one definition: the schema.
 */
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema, SchemaFiles } from '../model.js';
import { valueAt } from '../problems.js';
import { TYPE_OPTIONS } from './shared-types.js';
import {
  addCompiledDeclarations,
  banner,
  createProject,
  finish,
  newSourceFile,
  pascalCase,
  type EmittedFiles,
} from './shared.js';

const SCHEMA_FOLDER = 'catalog/schema';

/** The definitions declared as types, in this order: `<file>#/definitions/<name>` becomes `<Name>`. */
const DECLARED = [
  'tool.schema.json#/definitions/availability',
  'tool.schema.json#/definitions/deprecation',
  'metadata.schema.json#/definitions/toolMetadata',
  'metadata.schema.json#/definitions/endpointMetadata',
  'metadata.schema.json#/definitions/deprecationRule',
  'tool.schema.json#/definitions/toolAnnotations',
  'tool.schema.json#/definitions/toolExample',
  'tool.schema.json#/definitions/readmeRow',
  'tool.schema.json#/definitions/calculatorPage',
  'website-tool.schema.json#/definitions/websiteTool',
] as const;

const WHOLE_DEFINITION = /^\/definitions\/([^/]+)$/;

/** The schema files of catalog/schema/ (as the load stage read them), and the value a `$ref` points at. */
class CatalogueSchemas {
  readonly #files: Readonly<Record<string, JsonSchema>>;

  constructor(files: Readonly<Record<string, JsonSchema>>) {
    this.#files = files;
  }

  /** The target of `ref` (`<file>#<pointer>`, or `#<pointer>` within `base`), and the file it is in. */
  target(ref: string, base: string): { schema: unknown; file: string; pointer: string } {
    const [filePart = '', pointer = ''] = ref.split('#');
    const file = filePart === '' ? base : filePart;
    const schema = valueAt(this.#file(file), pointer);
    if (schema === undefined) throw new Error(`${SCHEMA_FOLDER}/${base}: $ref "${ref}" points at nothing`);
    return { schema, file, pointer };
  }

  #file(name: string): JsonSchema {
    const schema = this.#files[name];
    if (!schema) throw new Error(`${SCHEMA_FOLDER}/${name} does not exist`);
    return schema;
  }
}

/** A `oneOf` whose every branch only lists keys that must be present: which optional keys an entry gives. */
function isChoiceOfKeys(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((branch) => branch !== null && typeof branch === 'object' && Object.keys(branch).join() === 'required')
  );
}

/**
 * The schema ready for json-schema-to-typescript: a `$ref` to a whole declared definition becomes that type's name
 * (a `tsType`), any other `$ref` is replaced by what it points at (resolved in turn from its own file). A `oneOf`
 * that only chooses which optional keys are present (an example's `result` or `error`) is left to validation: the
 * type keeps both optional, where the compiler would add an index signature typing every key as unknown.
 */
function withReferences(schema: unknown, file: string, schemas: CatalogueSchemas): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withReferences(item, file, schemas));
  if (schema === null || typeof schema !== 'object') return schema;
  const { oneOf, ...rest } = schema as Record<string, unknown>;
  const record = isChoiceOfKeys(oneOf) ? rest : (schema as Record<string, unknown>);
  if (typeof record.$ref === 'string') {
    const target = schemas.target(record.$ref, file);
    const definition = WHOLE_DEFINITION.exec(target.pointer);
    if (!definition) return withReferences(target.schema, target.file, schemas);
    const declared = `${target.file}#${target.pointer}`;
    if (!(DECLARED as readonly string[]).includes(declared))
      throw new Error(
        `${SCHEMA_FOLDER}/${file}: $ref "${record.$ref}" names ${declared}, which metadata-types.ts does not declare`,
      );
    return { tsType: pascalCase(definition[1]!) };
  }
  return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, withReferences(child, file, schemas)]));
}

async function compileDefinition(schemas: CatalogueSchemas, declared: string): Promise<string> {
  const [file = ''] = declared.split('#');
  const { schema, pointer } = schemas.target(declared, file);
  const name = pascalCase(WHOLE_DEFINITION.exec(pointer)![1]!);
  return compile(withReferences(schema, file, schemas) as Parameters<typeof compile>[0], name, TYPE_OPTIONS);
}

export async function emitMetadataTypes(schemaFiles: SchemaFiles, errorDocument: JsonSchema): Promise<EmittedFiles> {
  const project = createProject();
  const file = newSourceFile(project, 'generated/metadata-types.ts');
  const schemas = new CatalogueSchemas(schemaFiles.catalogue);
  const [availability, ...entries] = DECLARED;
  addCompiledDeclarations(file, await compileDefinition(schemas, availability));
  // The protocol's revisions, not a catalogue fact: codegen/emit/protocol.ts writes one tools/list entry per era.
  file.addTypeAlias({
    isExported: true,
    name: 'ToolListEra',
    type: `'2024-11-05' | '2025-03-26' | '2025-06-18'`,
    docs: ['Shape of a tools/list entry, named after the protocol revision that introduced it.'],
  });
  for (const declared of entries) addCompiledDeclarations(file, await compileDefinition(schemas, declared));
  const errorSchema = (errorDocument.properties as Record<string, unknown>).error as Parameters<typeof compile>[0];
  addCompiledDeclarations(file, await compile(errorSchema, 'ToolError', TYPE_OPTIONS));
  const documentSchema = {
    ...errorDocument,
    properties: { ...(errorDocument.properties as Record<string, unknown>), error: { tsType: 'ToolError' } },
  };
  addCompiledDeclarations(file, await compile(documentSchema, 'ToolErrorDocument', TYPE_OPTIONS));
  file.addTypeAlias({
    isExported: true,
    name: 'ToolOutcome',
    typeParameters: ['T'],
    type: '{ ok: true; value: T } | { ok: false; error: ToolError }',
    docs: ['What a tool handler returns: a result, or a failure the model can act on (sent as isError: true).'],
  });
  return new Map([
    [
      'generated/metadata-types.ts',
      finish(file, banner('catalog/schema/*.json and catalog/shared/tool-error.yaml (codegen/emit/metadata-types.ts)')),
    ],
  ]);
}
