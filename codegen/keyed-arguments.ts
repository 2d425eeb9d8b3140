/**
 * Keyed arguments in the catalogue: every top-level string argument with an `enum` of keys is read forgivingly
 * (shared/keyed-arguments.ts), and may list per key the aliases that mean it under `x-aliases`. Here the
 * aliases are taken out of the argument schema (the validators and types keep the strict `enum`, which the
 * server checks after turning a name into its key), checked, and the schema served to clients is written: the
 * keys stay listed (`examples` and the description), but any string is accepted, so a client that checks
 * arguments against the schema lets "Town Center" through.
 */
import { keyLookup, type KeyedArgument } from '../shared/keyed-arguments.js';
import type { SourceDocument } from './load.js';
import type { JsonSchema, ToolEntry } from './model.js';
import type { Problem } from './problems.js';

const ALIASES = 'x-aliases';
/** Long enough for any display name or alias, short enough that nothing long is ever compared. */
const MAX_KEYED_LENGTH = 64;

type Properties = Record<string, JsonSchema>;

function propertiesOf(schema: JsonSchema): Properties {
  const properties = schema.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Properties) : {};
}

/** Finds the keyed arguments of a tool, removes `x-aliases` from its argument schema, and reports what is wrong. */
export function extractKeyedArguments(tool: ToolEntry, doc: SourceDocument, problems: Problem[]): Record<string, KeyedArgument> | undefined {
  const keyed: Record<string, KeyedArgument> = {};
  for (const [name, property] of Object.entries(propertiesOf(tool.arguments))) {
    const at = `/arguments/properties/${name}`;
    const aliases = property[ALIASES];
    delete property[ALIASES];
    const keys = property.enum;
    const isKeyed = property.type === 'string' && Array.isArray(keys) && keys.every((k) => typeof k === 'string');
    if (!isKeyed) {
      if (aliases !== undefined) problems.push(doc.problem(`${at}/${ALIASES}`, `${ALIASES} needs a string argument with an enum of keys`));
      continue;
    }
    const table: Record<string, string[]> = {};
    if (aliases !== undefined) {
      if (aliases === null || typeof aliases !== 'object' || Array.isArray(aliases)) {
        problems.push(doc.problem(`${at}/${ALIASES}`, `${ALIASES} must map keys to lists of names`));
        continue;
      }
      for (const [key, names] of Object.entries(aliases as Record<string, unknown>)) {
        if (!(keys as string[]).includes(key)) problems.push(doc.problem(`${at}/${ALIASES}/${key}`, `"${key}" is not one of the keys (${(keys as string[]).join(', ')})`));
        else if (!Array.isArray(names) || !names.every((n) => typeof n === 'string' && n.length > 0 && n.length <= MAX_KEYED_LENGTH)) {
          problems.push(doc.problem(`${at}/${ALIASES}/${key}`, `aliases must be a list of names of 1-${MAX_KEYED_LENGTH} characters`));
        } else table[key] = names as string[];
      }
    }
    const argument: KeyedArgument = { keys: keys as string[], aliases: table };
    for (const clash of keyLookup(argument).clashes) {
      problems.push(doc.problem(`${at}/${ALIASES}`, `"${clash.form}" would mean both ${clash.keys[0]} and ${clash.keys[1]}`));
    }
    keyed[name] = argument;
  }
  return Object.keys(keyed).length > 0 ? keyed : undefined;
}

function acceptedSentence(argument: KeyedArgument): string {
  const aliases = Object.entries(argument.aliases).map(([key, names]) => `${key}: ${names.join(', ')}`);
  return (
    `Keys: ${argument.keys.join(', ')}; also their names in any case, with spaces, hyphens or underscores` +
    `${aliases.length > 0 ? `, and aliases (${aliases.join('; ')})` : ''}. The result gives the key.`
  );
}

/** The argument schema as clients see it: keyed arguments accept any short string and name their keys. */
export function servedArguments(tool: ToolEntry): JsonSchema {
  const keyed = tool.keyedArguments;
  if (!keyed) return tool.arguments;
  const properties: Properties = { ...propertiesOf(tool.arguments) };
  for (const [name, argument] of Object.entries(keyed)) {
    const rest: JsonSchema = { ...properties[name]! };
    delete rest.enum;
    const description = typeof rest.description === 'string' ? `${rest.description.replace(/\s*$/, '')} ` : '';
    properties[name] = { ...rest, minLength: 1, maxLength: MAX_KEYED_LENGTH, examples: [...argument.keys], description: `${description}${acceptedSentence(argument)}` };
  }
  return { ...tool.arguments, properties };
}
