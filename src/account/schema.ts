/**
 * The player-data schema (catalog/player-data.schema.yaml, carried by generated/player-data.ts), compiled once.
 * The CLI import, the demo seed and every read from the store use these same validators.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { describeAjvError } from '../../shared/schema-errors.js';
import { GOAL_SYSTEMS, PLAYER_DATA_SCHEMA } from '../../generated/player-data.js';

const ajv = new Ajv({
  allErrors: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  discriminator: true,
  // Checking the schema against JSON Schema's meta-schema compiled that meta-schema at import, about 120 ms of the
  // service's start; codegen has checked this schema already (codegen/check/player-data.ts), and strict mode still
  // refuses an unknown keyword when the schema is compiled on first use.
  validateSchema: false,
});
ajv.addSchema(PLAYER_DATA_SCHEMA);

export interface SchemaProblem {
  /** JSON pointer of the field at fault, from the document root (e.g. `/goals/2/target`). */
  pointer: string;
  message: string;
}

function describe(error: ErrorObject): string {
  // Ajv's own words for an unknown goal system name no systems; the goal schema's discriminator is "system".
  if (error.keyword === 'discriminator' && error.params.error === 'mapping')
    return `"system" must be one of ${GOAL_SYSTEMS.join(', ')}`;
  return describeAjvError(error);
}

export type SchemaName =
  'kingshot:player-profile' | 'kingshot:goals' | 'kingshot:inventory' | 'kingshot:player-data-file';

/** Where each named document lives in the one schema. */
const SCHEMA_REF: Readonly<Record<SchemaName, string>> = {
  'kingshot:player-profile': `${String(PLAYER_DATA_SCHEMA.$id)}#/definitions/profile`,
  'kingshot:goals': `${String(PLAYER_DATA_SCHEMA.$id)}#/definitions/goals`,
  'kingshot:inventory': `${String(PLAYER_DATA_SCHEMA.$id)}#/definitions/inventory`,
  'kingshot:player-data-file': String(PLAYER_DATA_SCHEMA.$id),
};

/** Problems of `value` against one of the schemas, each with the pointer of the field at fault (prefixed with `base`). */
export function schemaProblems(name: SchemaName, value: unknown, base = ''): SchemaProblem[] {
  const validate = ajv.getSchema(SCHEMA_REF[name])!;
  if (validate(value)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const pointer = `${base}${error.instancePath}` || '/';
    const message = describe(error);
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ pointer, message });
  }
  return problems;
}
