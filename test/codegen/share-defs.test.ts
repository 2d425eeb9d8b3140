/**
 * codegen/emit/share-defs.ts: a shape repeated in a served output schema is written once under `$defs`, and every served
 * schema stays self-contained (only local `$ref`s, each resolving within the same schema).
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { withSharedDefs } from '../../codegen/emit/share-defs.js';
import { TOOL_LIST_ENTRIES } from '../../generated/tools-list.js';

const confidence = { enum: ['high', 'low'], type: 'string', description: 'How well the sources agree.' };

describe('withSharedDefs', () => {
  it('moves a shape used three times to $defs, named after the property it first appears under', () => {
    const schema = {
      type: 'object',
      properties: {
        confidence,
        steps: { type: 'array', items: { type: 'object', properties: { confidence, note: { type: 'string' } } } },
        ranges: { type: 'array', items: { type: 'object', properties: { confidence, count: { type: 'integer' } } } },
      },
    };
    const ref = { $ref: '#/$defs/confidence' };
    expect(withSharedDefs(schema)).toEqual({
      $defs: { confidence },
      type: 'object',
      properties: {
        confidence: ref,
        steps: { type: 'array', items: { type: 'object', properties: { confidence: ref, note: { type: 'string' } } } },
        ranges: {
          type: 'array',
          items: { type: 'object', properties: { confidence: ref, count: { type: 'integer' } } },
        },
      },
    });
  });

  it('shares a repeated shape that itself holds a shared one, each once', () => {
    const step = { type: 'object', properties: { confidence, note: { type: 'string' } } };
    const schema = {
      type: 'object',
      properties: {
        confidence,
        steps: { type: 'array', items: step },
        more: { type: 'array', minItems: 1, items: step },
      },
    };
    expect(withSharedDefs(schema)).toEqual({
      $defs: {
        confidence,
        steps_item: {
          type: 'object',
          properties: { confidence: { $ref: '#/$defs/confidence' }, note: { type: 'string' } },
        },
      },
      type: 'object',
      properties: {
        confidence: { $ref: '#/$defs/confidence' },
        steps: { type: 'array', items: { $ref: '#/$defs/steps_item' } },
        more: { type: 'array', minItems: 1, items: { $ref: '#/$defs/steps_item' } },
      },
    });
  });

  it('leaves a schema alone when a reference would not be shorter than the shape it replaces', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
    expect(withSharedDefs(schema)).toBe(schema);
  });

  it('never treats a properties map or an enum as a schema', () => {
    const same = { x: { type: 'integer', minimum: 0, maximum: 100, description: 'A long enough shape to share.' } };
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', properties: same }, b: { type: 'object', properties: same } },
    };
    const shared = withSharedDefs(schema) as { $defs: Record<string, unknown> };
    // The map's single schema is shared once; the two `properties` maps stay maps.
    expect(shared).toEqual({
      $defs: { a: { type: 'object', properties: same } },
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' }, b: { $ref: '#/$defs/a' } },
    });
  });
});

/** Every `$ref` in a schema, with the schema it must resolve in. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, found));
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refs(child, found);
    }
  return found;
}

describe('the served output schemas', () => {
  it('refer only to their own $defs, and every such reference resolves; strict Ajv compiles each', () => {
    const ajv = new Ajv({ strict: true, strictRequired: true, allowUnionTypes: true });
    let shared = 0;
    for (const [name, eras] of Object.entries(TOOL_LIST_ENTRIES)) {
      const schema = eras['2025-06-18'].outputSchema as { $defs?: Record<string, unknown> };
      for (const ref of refs(schema)) {
        expect(ref, name).toMatch(/^#\/\$defs\/[a-z_0-9]+$/);
        expect(schema.$defs?.[ref.slice('#/$defs/'.length)], `${name} ${ref}`).toBeDefined();
      }
      shared += Object.keys(schema.$defs ?? {}).length;
      expect(() => ajv.compile(schema), name).not.toThrow();
      // The input schemas stay plain (the website's forms read their properties directly).
      expect(refs(eras['2025-06-18'].inputSchema), name).toEqual([]);
    }
    expect(shared).toBeGreaterThan(0);
  });
});
