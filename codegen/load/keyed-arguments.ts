/**
 * Keyed arguments in the catalogue: every top-level string argument with an `enum` of keys is read forgivingly
 * (shared/keyed-arguments.ts). Its names come from two places, neither repeating the other:
 * - `x-names-from: data/<file>.yaml#/<pointer>` points at the game data's list of the keys (a cost table's
 *   ladders, the tier list's roles): each entry's `title`, `name` and `aliases` mean its `key`, so a name added to
 *   the data is accepted without a second copy here. The list's keys must be exactly the enum.
 * - `x-aliases` lists per key what else players and assistants say that the data does not ("HQ", "hero").
 * Both are taken out of the argument schema (the validators and types keep the strict `enum`, which the server
 * checks after turning a name into its key), checked, and the schema served to clients is written: the keys stay
 * listed (`examples` and the description), but any string is accepted, so a client that checks arguments against
 * the schema lets "Town Center" through.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keyForm, keyLookup, type KeyedArgument } from '../../shared/keyed-arguments.js';
import { loadYaml, type SourceDocument } from './yaml.js';
import type { JsonSchema, ToolEntry } from '../model.js';
import { valueAt, type Problem } from '../problems.js';

const ALIASES = 'x-aliases';
const NAMES_FROM = 'x-names-from';
/** `data/costs/truegold.yaml#/ladders`: a YAML file under data/ and a JSON pointer into it. */
const NAMES_REF = /^(data\/[a-z0-9/_-]+\.yaml)#(\/.*)$/;
/** Long enough for any display name or alias, short enough that nothing long is ever compared. */
const MAX_KEYED_LENGTH = 64;

type Properties = Record<string, JsonSchema>;

function propertiesOf(schema: JsonSchema): Properties {
  const properties = schema.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Properties) : {};
}

/**
 * The names a data list gives each key (`title`, `name`, `aliases`), leaving out those that differ from the key
 * only in spelling (they are accepted anyway), or a problem with the reference or the list.
 */
function dataNames(
  root: string,
  ref: unknown,
  keys: readonly string[],
): { names: Record<string, string[]> } | { problem: string } {
  const match = typeof ref === 'string' ? NAMES_REF.exec(ref) : null;
  if (!match)
    return {
      problem: `${NAMES_FROM} must be "data/<file>.yaml#/<pointer to a list>", like "data/costs/truegold.yaml#/ladders"`,
    };
  const [, file, pointer] = match as unknown as [string, string, string];
  if (!existsSync(join(root, file))) return { problem: `${file} does not exist` };
  const loaded = loadYaml(root, file);
  if (!loaded.ok) return { problem: `cannot read ${file}: ${loaded.problems.map((p) => p.message).join('; ')}` };
  const list = valueAt(loaded.document.value, pointer);
  const entries = Array.isArray(list) ? (list as unknown[]) : [];
  const isEntry = (e: unknown): e is Record<string, unknown> & { key: string } =>
    e !== null && typeof e === 'object' && typeof (e as { key?: unknown }).key === 'string';
  if (entries.length === 0 || !entries.every(isEntry))
    return { problem: `${file}#${pointer} is not a list of entries with a key` };
  const dataKeys = entries.map((e) => e.key);
  const missing = keys.filter((k) => !dataKeys.includes(k));
  const extra = dataKeys.filter((k) => !keys.includes(k));
  if (missing.length > 0 || extra.length > 0) {
    const parts = [
      missing.length > 0 ? `not in the data: ${missing.join(', ')}` : '',
      extra.length > 0 ? `not in the enum: ${extra.join(', ')}` : '',
    ].filter(Boolean);
    return { problem: `the enum and the keys of ${file}#${pointer} must be the same (${parts.join('; ')})` };
  }
  const names: Record<string, string[]> = {};
  for (const entry of entries) {
    const given = [entry.title, entry.name, ...(Array.isArray(entry.aliases) ? entry.aliases : [])].filter(
      (n): n is string => typeof n === 'string',
    );
    const tooLong = given.find((n) => n.length > MAX_KEYED_LENGTH);
    if (tooLong !== undefined)
      return {
        problem: `"${tooLong}" in ${file}#${pointer} is over ${MAX_KEYED_LENGTH} characters, longer than the argument accepts`,
      };
    const own = given.filter(
      (n, i) => keyForm(n) !== keyForm(entry.key) && given.findIndex((m) => keyForm(m) === keyForm(n)) === i,
    );
    if (own.length > 0) names[entry.key] = own;
  }
  return { names };
}

/**
 * Finds the keyed arguments of a tool, removes `x-aliases` and `x-names-from` from its argument schema, and reports
 * what is wrong. `root` is the repository the data references are read from.
 */
export function extractKeyedArguments(
  tool: ToolEntry,
  doc: SourceDocument,
  problems: Problem[],
  root: string,
): Record<string, KeyedArgument> | undefined {
  const keyed: Record<string, KeyedArgument> = {};
  for (const [name, property] of Object.entries(propertiesOf(tool.arguments))) {
    const at = `/arguments/properties/${name}`;
    const aliases = property[ALIASES];
    const namesFrom = property[NAMES_FROM];
    delete property[ALIASES];
    delete property[NAMES_FROM];
    const keys = property.enum;
    const isKeyed = property.type === 'string' && Array.isArray(keys) && keys.every((k) => typeof k === 'string');
    if (!isKeyed) {
      if (aliases !== undefined)
        problems.push(doc.problem(`${at}/${ALIASES}`, `${ALIASES} needs a string argument with an enum of keys`));
      if (namesFrom !== undefined)
        problems.push(doc.problem(`${at}/${NAMES_FROM}`, `${NAMES_FROM} needs a string argument with an enum of keys`));
      continue;
    }
    const table: Record<string, string[]> = {};
    let fromData: Record<string, string[]> = {};
    if (namesFrom !== undefined) {
      const read = dataNames(root, namesFrom, keys);
      if ('problem' in read) problems.push(doc.problem(`${at}/${NAMES_FROM}`, read.problem));
      else fromData = read.names;
    }
    for (const [key, names] of Object.entries(fromData)) table[key] = [...names];
    if (aliases !== undefined) {
      if (aliases === null || typeof aliases !== 'object' || Array.isArray(aliases)) {
        problems.push(doc.problem(`${at}/${ALIASES}`, `${ALIASES} must map keys to lists of names`));
        continue;
      }
      for (const [key, names] of Object.entries(aliases as Record<string, unknown>)) {
        if (!keys.includes(key))
          problems.push(doc.problem(`${at}/${ALIASES}/${key}`, `"${key}" is not one of the keys (${keys.join(', ')})`));
        else if (
          !Array.isArray(names) ||
          !names.every((n) => typeof n === 'string' && n.length > 0 && n.length <= MAX_KEYED_LENGTH)
        ) {
          problems.push(
            doc.problem(
              `${at}/${ALIASES}/${key}`,
              `aliases must be a list of names of 1-${MAX_KEYED_LENGTH} characters`,
            ),
          );
        } else {
          const inData = new Set((fromData[key] ?? []).map(keyForm));
          const twice = (names as string[]).filter((n) => inData.has(keyForm(n)));
          if (twice.length > 0)
            problems.push(
              doc.problem(
                `${at}/${ALIASES}/${key}`,
                `${twice.map((n) => `"${n}"`).join(', ')} already named in ${String(namesFrom)}: keep each name in one place`,
              ),
            );
          table[key] = [...(table[key] ?? []), ...(names as string[]).filter((n) => !inData.has(keyForm(n)))];
        }
      }
    }
    // In the keys' order, so the served description reads the way the enum does.
    const aliasesInOrder = Object.fromEntries(
      keys.filter((key) => (table[key] ?? []).length > 0).map((key) => [key, table[key]!]),
    );
    const argument: KeyedArgument = { keys: keys, aliases: aliasesInOrder };
    for (const clash of keyLookup(argument).clashes) {
      const inData = Object.values(fromData).some((names) => names.includes(clash.form));
      problems.push(
        doc.problem(
          `${at}/${inData ? NAMES_FROM : ALIASES}`,
          `"${clash.form}" would mean both ${clash.keys[0]} and ${clash.keys[1]}${inData ? ` (a name in ${String(namesFrom)})` : ''}`,
        ),
      );
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
    properties[name] = {
      ...rest,
      minLength: 1,
      maxLength: MAX_KEYED_LENGTH,
      examples: [...argument.keys],
      description: `${description}${acceptedSentence(argument)}`,
    };
  }
  return { ...tool.arguments, properties };
}
