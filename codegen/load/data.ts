/**
 * The load stage for data/ (the project's own transcription of the team's researched game data): the manifest,
 * each cost table validated against data/schema/, the reference data (codegen/load/reference.ts), and the data
 * version, a hash of every file. The rules beyond the schemas are the check stage's (codegen/check/cost-tables.ts,
 * codegen/check/reference.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ajvErrorPointer, ajvWithSchemas, describeAjvError } from '../ajv.js';
import type { CostTable, GameData, SchemaFiles } from '../model.js';
import type { Problem } from '../problems.js';
import { yamlFiles } from './catalogue.js';
import { readReferenceData } from './reference.js';
import { loadYaml, type SourceIndex } from './yaml.js';

export const COST_TABLE_SCHEMA = 'cost-table.schema.json';

/** The data as loaded: never undefined, possibly partial when `problems` is not empty. */
export function readGameData(
  root: string,
  schemas: SchemaFiles,
  sources: SourceIndex,
): { data: GameData; problems: Problem[] } {
  const problems: Problem[] = [];
  const validate = ajvWithSchemas({}, [{ key: COST_TABLE_SCHEMA, schema: schemas.data[COST_TABLE_SCHEMA]! }]).getSchema(
    COST_TABLE_SCHEMA,
  )!;

  const manifest = loadYaml(root, 'data/manifest.yaml');
  let release = '';
  if (!manifest.ok) problems.push(...manifest.problems);
  else {
    sources.add(manifest.document);
    const value = manifest.document.value as { release?: unknown };
    if (typeof value.release !== 'string' || !/^\d{4}\.\d{2}\.\d{2}$/.test(value.release)) {
      problems.push(manifest.document.problem('/release', 'release must be a string like "2026.11.21"'));
    } else release = value.release;
  }

  const costs: CostTable[] = [];
  const files = yamlFiles(root, 'data/costs');
  for (const file of files) {
    const loaded = loadYaml(root, file);
    if (!loaded.ok) {
      problems.push(...loaded.problems);
      continue;
    }
    sources.add(loaded.document);
    if (!validate(loaded.document.value)) {
      for (const error of validate.errors ?? [])
        problems.push(loaded.document.problem(ajvErrorPointer(error), describeAjvError(error)));
      continue;
    }
    costs.push({ ...(loaded.document.value as Omit<CostTable, 'file'>), file });
  }
  costs.sort((a, b) => a.system.localeCompare(b.system));
  const reference = readReferenceData(root, schemas, sources);
  problems.push(...reference.problems);
  // Hashed only when every file was read: a file that was not is reported above.
  const version =
    problems.length > 0 ? '' : `${release}+${contentHash(root, ['data/manifest.yaml', ...files, ...reference.files])}`;
  return {
    data: { release, version, costs, ...(reference.reference ? { reference: reference.reference } : {}) },
    problems,
  };
}

function contentHash(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(root, file), 'utf8').replaceAll('\r\n', '\n'));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}
