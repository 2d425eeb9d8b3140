/**
 * Keyed arguments: a string argument whose values are a fixed set of keys (a building, a track, a role, a kind).
 * Assistants pass what the player said ("Town Center", "TC", "town-centre"), so each is read forgivingly: case,
 * spaces, hyphens, underscores, punctuation and diacritics do not count, "centre" is "center", and the game data's
 * names and the catalogue's aliases mean their key (codegen/load/keyed-arguments.ts joins the two). The handler always receives the canonical key; a value that is
 * none of them is left as sent, for the argument validator to refuse with the nearest keys.
 * Codegen reads the same rules (collisions between aliases, the catalogue's examples).
 */
import { compact, normalize } from './normalize.js';

export interface KeyedArgument {
  /** The canonical keys, in the catalogue's order (the `enum` of the argument). */
  readonly keys: readonly string[];
  /** Key -> other names that mean it (a name that differs from its key only in spelling, "Town Center", needs no entry). */
  readonly aliases: Readonly<Record<string, readonly string[]>>;
}

/** The form two spellings of one key share: "Town Centre", "town_center" and "TOWN-CENTER" all give "towncenter". */
export function keyForm(text: string): string {
  return compact(normalize(text)).replaceAll('centre', 'center');
}

/** Every accepted form -> its key, with the forms that two keys claim (a catalogue error) listed apart. */
export function keyLookup(argument: KeyedArgument): {
  lookup: Map<string, string>;
  clashes: { form: string; keys: [string, string] }[];
} {
  const lookup = new Map<string, string>();
  const clashes: { form: string; keys: [string, string] }[] = [];
  const add = (name: string, key: string) => {
    const form = keyForm(name);
    const other = lookup.get(form);
    if (other !== undefined && other !== key) clashes.push({ form: name, keys: [other, key] });
    else lookup.set(form, key);
  };
  for (const key of argument.keys) add(key, key);
  for (const [key, names] of Object.entries(argument.aliases)) for (const name of names) add(name, key);
  return { lookup, clashes };
}

const lookups = new WeakMap<KeyedArgument, Map<string, string>>();

/** The canonical key a value names, or undefined. */
export function canonicalKey(argument: KeyedArgument, value: string): string | undefined {
  let lookup = lookups.get(argument);
  if (!lookup) {
    lookup = keyLookup(argument).lookup;
    lookups.set(argument, lookup);
  }
  return lookup.get(keyForm(value));
}

/**
 * The arguments with every keyed value that names a key replaced by that key. The object is copied only when
 * something changes; anything else (a missing argument, a number, an unknown name) is left for validation.
 */
export function canonicalArguments(
  keyed: Readonly<Record<string, KeyedArgument>> | undefined,
  args: Record<string, unknown>,
): Record<string, unknown> {
  if (!keyed) return args;
  let out = args;
  for (const [name, argument] of Object.entries(keyed)) {
    const value = args[name];
    if (typeof value !== 'string') continue;
    const key = canonicalKey(argument, value);
    if (key !== undefined && key !== value) {
      if (out === args) out = { ...args };
      out[name] = key;
    }
  }
  return out;
}
