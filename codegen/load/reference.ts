/**
 * Loads the game reference data in data/reference/ (heroes, Masters, items, events, tier lists) and validates each
 * file against its schema in data/schema/. What a schema cannot say is checked by codegen/check/reference.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ajvErrorPointer, ajvWithSchemas, describeAjvError } from '../ajv.js';
import type { ReferenceData, ReferenceFileKey, SchemaFiles } from '../model.js';
import type { Problem } from '../problems.js';
import { loadYaml, type SourceIndex } from './yaml.js';

export const REFERENCE_DIR = 'data/reference';

/** The five reference files, the schema each must satisfy, and the name of its generated module. */
export const REFERENCE_FILES: readonly {
  key: ReferenceFileKey;
  file: string;
  schema: string;
  module: string;
  type: string;
}[] = [
  {
    key: 'heroes',
    file: `${REFERENCE_DIR}/heroes.yaml`,
    schema: 'reference-heroes.schema.json',
    module: 'heroes',
    type: 'HeroesFile',
  },
  {
    key: 'masters',
    file: `${REFERENCE_DIR}/masters.yaml`,
    schema: 'reference-masters.schema.json',
    module: 'masters',
    type: 'MastersFile',
  },
  {
    key: 'items',
    file: `${REFERENCE_DIR}/items.yaml`,
    schema: 'reference-items.schema.json',
    module: 'items',
    type: 'ItemsFile',
  },
  {
    key: 'events',
    file: `${REFERENCE_DIR}/events.yaml`,
    schema: 'reference-events.schema.json',
    module: 'events',
    type: 'EventsFile',
  },
  {
    key: 'tierList',
    file: `${REFERENCE_DIR}/tier-list.yaml`,
    schema: 'reference-tier-list.schema.json',
    module: 'tier-list',
    type: 'TierListFile',
  },
];

export const REFERENCE_SCHEMAS = ['reference-common.schema.json', ...REFERENCE_FILES.map((f) => f.schema)];

/** The reference files, each schema-valid (else absent and reported), and every file the data version hashes. */
export function readReferenceData(
  root: string,
  schemas: SchemaFiles,
  sources: SourceIndex,
): { reference?: ReferenceData; files: string[]; problems: Problem[] } {
  if (!existsSync(join(root, REFERENCE_DIR))) return { files: [], problems: [] };
  const problems: Problem[] = [];
  const ajv = ajvWithSchemas(
    { discriminator: true },
    REFERENCE_SCHEMAS.map((name) => ({ key: name, schema: schemas.data[name]! })),
  );

  const values: Partial<Record<ReferenceFileKey, unknown>> = {};
  for (const { key, file, schema } of REFERENCE_FILES) {
    const loaded = loadYaml(root, file);
    if (!loaded.ok) {
      problems.push(...loaded.problems);
      continue;
    }
    sources.add(loaded.document);
    const validate = ajv.getSchema(schema)!;
    if (!validate(loaded.document.value)) {
      for (const error of validate.errors ?? [])
        problems.push(loaded.document.problem(ajvErrorPointer(error), describeAjvError(error)));
      continue;
    }
    values[key] = loaded.document.value;
  }
  const files = REFERENCE_FILES.map((f) => f.file);
  if (problems.length > 0 || REFERENCE_FILES.some((f) => values[f.key] === undefined)) return { files, problems };
  return { reference: values as unknown as ReferenceData, files, problems };
}
