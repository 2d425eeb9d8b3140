/** The one Ajv configuration codegen uses for catalogue, data and tool schemas. */
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as <T extends Ajv | Ajv2020>(ajv: T) => T;

/**
 * `formats: false` for the schemas that become precompiled validators: the standalone code carries no format
 * implementations, so a tool schema that used `format` would compile here and then fail to build.
 */
export interface AjvOptions {
  standaloneCode?: boolean;
  discriminator?: boolean;
  formats?: boolean;
}

export function createAjv(options: AjvOptions = {}): Ajv {
  const ajv = new Ajv({
    // discriminator: a oneOf over record shapes picks its branch by one property, so errors name that branch only.
    ...(options.discriminator ? { discriminator: true } : {}),
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    // verbose: errors carry the offending value, so tool failures can say what was sent.
    ...(options.standaloneCode ? { code: { source: true, esm: true, lines: true }, verbose: true } : {}),
  });
  if (!options.standaloneCode && options.formats !== false) addFormats(ajv);
  return ajv;
}

/**
 * An Ajv with `schemas` added under their keys, shared by every load of the same schemas: compiling them was a large
 * part of reading the catalogue and data, which the codegen tests do hundreds of times with the schemas unchanged.
 * Ajv compiles each schema once per instance, on first use; the last few instances are kept.
 */
export function ajvWithSchemas(options: AjvOptions, schemas: readonly { key: string; schema: object }[]): Ajv {
  const id = JSON.stringify([options, schemas]);
  const known = recentAjvs.get(id);
  if (known) return known;
  const ajv = createAjv(options);
  for (const { key, schema } of schemas) ajv.addSchema(schema, key);
  if (recentAjvs.size >= RECENT_AJVS) recentAjvs.delete(recentAjvs.keys().next().value!);
  recentAjvs.set(id, ajv);
  return ajv;
}
const recentAjvs = new Map<string, Ajv>();
const RECENT_AJVS = 16;

/**
 * An Ajv for a schema others publish (the MCP Registry's, the server card's), in the dialect it declares: with
 * formats, and not strict, since such schemas carry keywords of their own (e.g. `example`).
 */
export function publishedSchemaAjv(dialect: 'draft-07' | '2020-12'): Ajv | Ajv2020 {
  const options = { allErrors: true, strict: false };
  return addFormats(dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options));
}

export { describeAjvError } from '../shared/schema-errors.js';

/** Where a problem for this error should point: the unknown key itself, or the offending value. */
export function ajvErrorPointer(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${String(error.params.additionalProperty).replaceAll('~', '~0').replaceAll('/', '~1')}`;
  }
  return error.instancePath;
}
