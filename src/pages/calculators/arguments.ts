/**
 * Query parameters to tool arguments, by the tool's input schema: digits become an integer where the schema
 * accepts one (`pieces=2`, `from=30`), anything else stays a string, and empty fields are left out so the
 * tool's defaults apply. A budget comes as `have.<material>=<amount>`, a list as `ranges`, one upgrade per line
 * (`[<building or track>:] <from> -> <to> [x<count>]`). The tool itself then judges the arguments, with its own
 * messages.
 */
import type { JsonSchema } from './calculator-list.js';

const BUDGET_PREFIX = 'have.';
const LIST = 'ranges';

function acceptsInteger(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'integer' || schema.type === 'number') return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some(acceptsInteger);
}

const valueFor = (value: string, schema: JsonSchema | undefined): string | number =>
  /^\d{1,12}$/.test(value) && acceptsInteger(schema) ? Number(value) : value;

/** The parts of a list entry besides `from` and `to`: its subject (building, track) and its count (pieces, charms). */
function entryParts(inputSchema: JsonSchema): { item: Record<string, JsonSchema>; subject?: string; count?: string } {
  const list = (inputSchema.properties as Record<string, JsonSchema> | undefined)?.[LIST];
  const item = ((list?.items as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
  const others = Object.keys(item).filter((name) => name !== 'from' && name !== 'to');
  const count = others.find((name) => item[name]!.type === 'integer');
  const subject = others.find((name) => name !== count);
  return { item, ...(subject ? { subject } : {}), ...(count ? { count } : {}) };
}

/** How to write one upgrade of the list for this tool, for the form's hint (undefined: the tool takes no list). */
export function listLineSyntax(inputSchema: JsonSchema): string | undefined {
  if (!(inputSchema.properties as Record<string, JsonSchema> | undefined)?.[LIST]) return undefined;
  const { subject, count } = entryParts(inputSchema);
  return `${subject ? `${subject}: ` : ''}from -> to${count ? ` x${count}` : ''} (to may be left out with a budget)`;
}

/** One line of the list as a range; what cannot be read is passed on as written, for the tool to name. */
function rangeOf(line: string, parts: ReturnType<typeof entryParts>): Record<string, unknown> {
  const range: Record<string, unknown> = {};
  let rest = line;
  if (parts.subject) {
    const colon = rest.indexOf(':');
    if (colon > 0) {
      range[parts.subject] = rest.slice(0, colon).trim();
      rest = rest.slice(colon + 1);
    }
  }
  if (parts.count) {
    const times = /\s+[x×]\s*(\d{1,3})\s*$/i.exec(rest);
    if (times) {
      range[parts.count] = Number(times[1]);
      rest = rest.slice(0, times.index);
    }
  }
  const [from, to] = rest.split(/\s*(?:->|→)\s*/, 2).map((s) => s.trim());
  range.from = valueFor(from ?? '', parts.item.from);
  if (to) range.to = valueFor(to, parts.item.to);
  return range;
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
    if (name.startsWith(BUDGET_PREFIX) && properties.have) {
      const have = (args.have ??= {}) as Record<string, unknown>;
      const material = name.slice(BUDGET_PREFIX.length);
      have[material] = valueFor(value.replace(/[\s,_]/g, ''), { type: 'integer' });
      continue;
    }
    if (name === LIST && properties[LIST]) {
      const parts = entryParts(inputSchema);
      args[LIST] = value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .map((line) => rangeOf(line, parts));
      continue;
    }
    args[name] = valueFor(value, properties[name]);
  }
  return given ? args : undefined;
}
