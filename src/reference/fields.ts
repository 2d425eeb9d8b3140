/**
 * The `fields` argument of the get_* tools: a result cut to the parts asked for, so "which events give it" does not
 * read the whole record. The identity of the record (its key, name, page, how the argument was resolved and the
 * data version) always comes, so a cut result still says what it is about.
 */
const ALWAYS: readonly string[] = ['key', 'name', 'url', 'resolved', 'data_version'];

/** `value` with only the identity fields and those named in `fields`; all of it when `fields` is absent. */
export function onlyFields<T extends object>(value: T, fields: readonly string[] | undefined): T {
  if (fields === undefined) return value;
  const kept = new Set([...ALWAYS, ...fields]);
  // Only optional parts are dropped (the catalogue requires the identity fields alone), so the result is still a T.
  return Object.fromEntries(Object.entries(value).filter(([name]) => kept.has(name))) as T;
}
