/**
 * Reading a tool result defensively: a view may be handed a result from another server version (or another
 * tool), and says what it could not read instead of drawing nonsense. The type guards and the field check the
 * views' result readers (cost/result.ts, hero/result.ts) share.
 */

/**
 * A generated result type as a view reads it: every enumeration of strings is any string and a list of fixed length
 * any length. The readers check that such a field is a string (a list), not which one: a value the view does not
 * know is shown as given (a confidence it has no colour for, a new skill kind) instead of failing the whole result.
 */
export type Lenient<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Lenient<Item>[]
    : T extends object
      ? { [Key in keyof T]: Lenient<T[Key]> }
      : T;

/** A result the renderer cannot show (a different tool's result, or a shape from another version). */
export class ResultShapeError extends Error {}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** One required-field check: the field, whether it reads, and what it is when it does not ("is not a string"). */
export type FieldCheck = readonly [field: string, ok: boolean, problem: string];

/**
 * The result as an object whose fields pass `checks`; otherwise a ResultShapeError that names every field that
 * failed, not only the first ("name is not a string; skills is not a list of skills").
 */
export function readFields(
  value: unknown,
  checks: (value: Record<string, unknown>) => readonly FieldCheck[],
): Record<string, unknown> {
  if (!isObject(value)) throw new ResultShapeError('it is not an object');
  const problems = checks(value)
    .filter(([, ok]) => !ok)
    .map(([field, , problem]) => `${field} ${problem}`);
  if (problems.length > 0) throw new ResultShapeError(problems.join('; '));
  return value;
}
