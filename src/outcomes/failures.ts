/**
 * What a tool's work returns: a value or a failure (never a throw). The calculators, the reference lookups, the
 * player-data plans and the tool handlers all answer this way. Each failure says what was wrong, what is allowed
 * and, where it can, the nearest valid values (./similarity.ts); `code` is stable so callers and tests can branch
 * on it.
 */
import type { ToolError } from '../../generated/metadata-types.js';

export type Failure = { ok: false; error: ToolError };
export type Success<T> = { ok: true; value: T };
export type Outcome<T> = Success<T> | Failure;

export function success<T>(value: T): Success<T> {
  return { ok: true, value };
}

export function failure(error: ToolError): Failure {
  return { ok: false, error };
}

function quoted(value: unknown): string {
  return typeof value === 'string'
    ? `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
    : JSON.stringify(value);
}

export function unknownLevel(
  argument: string,
  given: unknown,
  what: string,
  allowed: string,
  suggestions: string[],
  reason?: string,
): Failure {
  const nearest = suggestions.length > 0 ? ` Nearest valid: ${suggestions.join(', ')}.` : '';
  return failure({
    code: 'UNKNOWN_LEVEL',
    message: `${quoted(given)} is not ${what}${reason ? `: ${reason}` : ''}.${nearest}`,
    argument,
    allowed,
    suggestions,
  });
}

export function rangeReversed(from: string, to: string): Failure {
  return failure({
    code: 'RANGE_REVERSED',
    message: `from (${from}) is above to (${to}): costs are only computed upward. Swap them to get the cost from ${to} to ${from}.`,
    argument: '/from',
    allowed: '`from` at or below `to`',
    suggestions: [`from ${to} to ${from}`],
  });
}

export function unknownValue(
  argument: string,
  given: unknown,
  what: string,
  allowed: readonly string[],
  suggestions: string[],
): Failure {
  return failure({
    code: 'UNKNOWN_VALUE',
    message: `${quoted(given)} is not ${what}. Allowed: ${allowed.join(', ')}.`,
    argument,
    allowed: allowed.join(', '),
    suggestions,
  });
}
