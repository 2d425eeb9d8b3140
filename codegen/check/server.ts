/**
 * The check stage for catalog/server.yaml: its icon exists, and the registry's server.json and the server card built
 * from it for its example origin fit the published schemas (catalog/schema/published/; SOURCES.md there names where
 * each was copied from). A problem in either points at the line of catalog/server.yaml behind it.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { registryServerJson, serverCard } from '../../shared/discovery-documents.js';
import { describeAjvError, publishedSchemaAjv } from '../ajv.js';
import { exampleDiscoveryInput, SERVER_FILE } from '../load/server.js';
import type { SourceIndex } from '../load/yaml.js';
import type { Catalog, IconFile, JsonSchema, SchemaFiles } from '../model.js';
import type { Problem } from '../problems.js';

export const REGISTRY_SCHEMA = 'registry-server-2025-12-11.schema.json';
export const SERVER_CARD_SCHEMA = 'server-card-v1.schema.json';

/** Where in catalog/server.yaml the field behind a document's property is. */
const FIELD_OF: Readonly<Record<string, string>> = {
  '/name': '/registry_name',
  '/title': '/title',
  '/description': '/description',
  '/version': '/version',
  '/websiteUrl': '/example_origin',
};

export function checkServer(
  catalog: Catalog,
  icons: readonly IconFile[],
  published: SchemaFiles['published'],
  sources: SourceIndex,
): Problem[] {
  const doc = sources.get(SERVER_FILE)!;
  const { server } = catalog;
  if (server.icon !== undefined && !icons.some((icon) => icon.name === server.icon))
    return [doc.problem('/icon', `catalog/icons/${server.icon} does not exist`)];
  const input = exampleDiscoveryInput(catalog);
  const checks: [string, ValidateFunction, Record<string, unknown>][] = [
    ['the registry server.json (2025-12-11 schema)', registryValidator(published), registryServerJson(input)],
    ['the server card (v1 schema)', serverCardValidator(published), serverCard(input)],
  ];
  return checks.flatMap(([what, validate, document]) =>
    validate(document) ? [] : (validate.errors ?? []).map((error) => problemFor(what, error)),
  );

  function problemFor(what: string, error: ErrorObject): Problem {
    const field = Object.entries(FIELD_OF).find(([property]) => error.instancePath.startsWith(property))?.[1] ?? '';
    return doc.problem(field, `${what} at ${error.instancePath || '/'}: ${describeAjvError(error)}`);
  }
}

function publishedSchema(published: SchemaFiles['published'], file: string): JsonSchema {
  const schema = published[file];
  if (!schema) throw new Error(`codegen: catalog/schema/published/${file} is missing`);
  return schema;
}

/** The registry's schema declares draft-07. */
export function registryValidator(published: SchemaFiles['published']): ValidateFunction {
  return publishedSchemaAjv('draft-07').compile(publishedSchema(published, REGISTRY_SCHEMA));
}

/** The server card's schema declares draft 2020-12 and has no root: the card is its `$defs/ServerCard`. */
export function serverCardValidator(published: SchemaFiles['published']): ValidateFunction {
  return publishedSchemaAjv('2020-12').compile({
    ...publishedSchema(published, SERVER_CARD_SCHEMA),
    $ref: '#/$defs/ServerCard',
  });
}
