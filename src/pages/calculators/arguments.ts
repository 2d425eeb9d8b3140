/**
 * Query parameters to tool arguments, by the tool's input schema: digits become an integer where the schema
 * accepts one (`pieces=2`, `from=30`), anything else stays a string, and empty fields are left out so the
 * tool's defaults apply. The tool itself then judges the arguments, with its own messages.
 */
import type { JsonSchema } from './calculator-list.js';

function acceptsInteger(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'integer' || schema.type === 'number') return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some(acceptsInteger);
}

/** Arguments from the query; undefined when the query has none (the bare page shows the form only). */
export function argumentsOf(query: URLSearchParams, inputSchema: JsonSchema): Record<string, unknown> | undefined {
  const properties = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const args: Record<string, unknown> = {};
  let given = false;
  // One pass over the pairs, the first value of a name winning (as query.get would, without its scan per name).
  const seen = new Set<string>();
  for (const [name, raw] of query) {
    given = true;
    if (seen.has(name)) continue;
    seen.add(name);
    const value = raw.trim();
    if (value === '') continue;
    args[name] = /^\d{1,9}$/.test(value) && acceptsInteger(properties[name]) ? Number(value) : value;
  }
  return given ? args : undefined;
}
