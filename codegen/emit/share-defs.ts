/**
 * Served output schemas repeat some shapes (a tool's confidence on the result, on every step and on every range; its
 * materials on totals and totals per piece). Each repeated shape is written once under the schema's own `$defs` and
 * referred to with a local `$ref` (`#/$defs/<name>`), so the schema stays self-contained: clients that resolve no
 * external `$ref` still validate it, and Ajv and the SDK clients resolve local ones. Only a shape that the
 * reference makes shorter is moved; the schema means exactly what it meant.
 */

type Schema = Record<string, unknown>;

/** Keywords whose value is a schema, and those whose value is a list or a map of schemas. */
const SCHEMA_VALUED = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every subschema below the root (not the root itself), with the name its position suggests. */
function* subschemas(schema: Schema, name: string): Generator<{ schema: Schema; name: string }> {
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_VALUED.includes(key) && isSchema(value)) {
      const child = key === 'items' ? `${name}_item` : name;
      yield { schema: value, name: child };
      yield* subschemas(value, child);
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      for (const item of value.filter(isSchema)) {
        yield { schema: item, name };
        yield* subschemas(item, name);
      }
    } else if (SCHEMA_MAPS.includes(key) && isSchema(value)) {
      for (const [property, child] of Object.entries(value)) {
        if (!isSchema(child)) continue;
        yield { schema: child, name: property };
        yield* subschemas(child, property);
      }
    }
  }
}

/** The same schema with every subschema equal to `shape` (as JSON) replaced by `ref`. */
function replaced(schema: Schema, shape: string, ref: Schema): Schema {
  const swap = (value: unknown): unknown =>
    isSchema(value) ? (JSON.stringify(value) === shape ? ref : replaced(value, shape, ref)) : value;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_VALUED.includes(key)) out[key] = swap(value);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map(swap);
    else if (SCHEMA_MAPS.includes(key) && isSchema(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    else out[key] = value;
  }
  return out;
}

function refTo(name: string): Schema {
  return { $ref: `#/$defs/${name}` };
}

/** The characters saved by defining `shape` once and referring to it `count` times. */
function saving(shape: string, count: number, name: string): number {
  const definition = JSON.stringify({ [name]: JSON.parse(shape) }).length - 1;
  return count * (shape.length - JSON.stringify(refTo(name)).length) - definition;
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/**
 * The schema with each repeated subschema moved to `$defs` (keys sorted, as the other served schemas), the one that
 * saves most first, until none saves characters. Names come from the property the shape first appears under.
 */
export function withSharedDefs(schema: Schema): Schema {
  let current = schema;
  const defs: Record<string, Schema> = {};
  for (;;) {
    const seen = new Map<string, { count: number; name: string }>();
    for (const { schema: sub, name } of subschemas(current, 'schema')) {
      const shape = JSON.stringify(sub);
      const entry = seen.get(shape);
      if (entry) entry.count++;
      else seen.set(shape, { count: 1, name });
    }
    for (const [name, def] of Object.entries(defs)) {
      for (const { schema: sub } of subschemas(def, name)) {
        const entry = seen.get(JSON.stringify(sub));
        if (entry) entry.count++;
      }
    }
    let best: { shape: string; name: string; saves: number } | undefined;
    for (const [shape, { count, name }] of seen) {
      if (count < 2 || '$ref' in JSON.parse(shape)) continue;
      const unique = uniqueName(name, new Set(Object.keys(defs)));
      const saves = saving(shape, count, unique);
      if (saves > 0 && (!best || saves > best.saves)) best = { shape, name: unique, saves };
    }
    if (!best) break;
    const ref = refTo(best.name);
    current = replaced(current, best.shape, ref);
    for (const [name, def] of Object.entries(defs)) defs[name] = replaced(def, best.shape, ref);
    defs[best.name] = JSON.parse(best.shape) as Schema;
  }
  if (Object.keys(defs).length === 0) return schema;
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, defs[name]!]),
  );
  return Object.fromEntries(Object.entries({ ...current, $defs: sorted }).sort(([a], [b]) => (a < b ? -1 : 1)));
}
