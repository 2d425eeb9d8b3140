/**
 * Named types for the shared fragments (catalog/shared/<name>.yaml becomes `<Name>` in generated/shared-types.ts),
 * so a tool's types refer to `CostStep` or `Sources` rather than each carrying a copy, and src/ and views/ import
 * the one type. Where a tool schema inlined a fragment unchanged (codegen/load/inline-refs.ts marks it), the emitter
 * hands json-schema-to-typescript a `tsType` reference instead of the fragment's body.
 */
import { compile } from 'json-schema-to-typescript';
import { TOOL_ERROR_FILE } from '../load/catalogue.js';
import { FRAGMENT } from '../load/inline-refs.js';
import type { Catalog, JsonSchema } from '../model.js';
import {
  addCompiledDeclarations,
  banner,
  createProject,
  finish,
  newSourceFile,
  pascalCase,
  type EmittedFiles,
} from './shared.js';

export const SHARED_TYPES_MODULE = 'generated/shared-types.ts';
/** The tool-error document is typed in generated/metadata-types.ts (ToolError), beside ToolOutcome. */
const TYPED_ELSEWHERE = new Set([TOOL_ERROR_FILE]);

export function sharedTypeName(file: string): string {
  return pascalCase(file.replace(/^catalog\/shared\//, '').replace(/\.yaml$/, ''));
}

/** The schema with every unchanged shared fragment (other than `self`) replaced by its type's name; `used` collects the names. */
export function withNamedFragments(schema: unknown, used: Set<string>, self?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withNamedFragments(item, used, self));
  if (schema === null || typeof schema !== 'object') return schema;
  const fragment = (schema as Record<symbol, string | undefined>)[FRAGMENT];
  const record = schema as Record<string, unknown>;
  if (fragment !== undefined && fragment !== self && !TYPED_ELSEWHERE.has(fragment)) {
    const name = sharedTypeName(fragment);
    used.add(name);
    return { tsType: name, ...(typeof record.description === 'string' ? { description: record.description } : {}) };
  }
  return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, withNamedFragments(child, used, self)]));
}

export const TYPE_OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  unknownAny: true,
  // Bounded arrays up to 10 items become tuple unions (three charms, five skill levels); longer lists (a cost tool's
  // twelve ranges) stay plain arrays instead of a union of twelve tuple types.
  maxItems: 10,
  // No formatter in json-schema-to-typescript's output path: addCompiledDeclarations formats on the syntax tree.
  format: false,
} as const;

export async function emitSharedTypes(shared: Catalog['shared']): Promise<EmittedFiles> {
  const file = newSourceFile(createProject(), SHARED_TYPES_MODULE);
  for (const { file: path, schema } of shared) {
    const named = withNamedFragments(schema, new Set(), path) as JsonSchema;
    addCompiledDeclarations(file, await compile(named, sharedTypeName(path), TYPE_OPTIONS));
  }
  return new Map([[SHARED_TYPES_MODULE, finish(file, banner('catalog/shared/*.yaml'))]]);
}
