/**
 * One wording of Ajv's errors for people, shared by the catalogue and data checks at build time (codegen) and the
 * player-data checks at run time: unknown and missing keys by name, enums with their values.
 */
import type { ErrorObject } from 'ajv';

export function describeAjvError(error: ErrorObject): string {
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${String(error.params.additionalProperty)}"`;
    case 'required':
      return `missing required key "${String(error.params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return error.message ?? error.keyword;
  }
}
