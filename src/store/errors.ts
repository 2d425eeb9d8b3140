/**
 * The store's errors. Stored data that no longer passes its schema (StoredDataError) is here rather than beside the
 * schema's reader (player-data.ts), so a tool handler that tells it apart does not load the schema's validator (ajv)
 * with every start.
 *
 * When the store cannot answer: which driver errors mean "unreachable for now, retry" (PostgreSQL down, restarting,
 * out of connections, a bounded connect or query timeout; SQLite busy past its timeout), as opposed to a fault in
 * a query. Those become StoreUnavailableError at the driver (see translating-dialect.ts), so everything above
 * can answer 503 with Retry-After instead of 500.
 */
import { ServiceError } from '../errors.js';

/** Stored data that no longer passes its schema (edited by hand, or from an older format). */
export class StoredDataError extends ServiceError<'ERR_STORED_DATA_INVALID'> {
  constructor(what: string, problems: string) {
    super('ERR_STORED_DATA_INVALID', `stored ${what} is invalid: ${problems}`);
  }
}

/** What clients are told to wait before retrying while the store is unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export class StoreUnavailableError extends ServiceError<'ERR_STORE_UNAVAILABLE'> {
  constructor(cause: unknown) {
    super('ERR_STORE_UNAVAILABLE', `the store is unavailable: ${describeStoreError(cause)}`, { cause });
  }
}

/** Node socket errors that say the server is not there (or stopped answering). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ENOENT',
]);
/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 53 (insufficient
 * resources: too many connections, out of memory or disk), 57P01-57P05 (shut down, crashed, starting up, idle
 * session timeouts) and 57014 (a statement timeout: the bounded query time ran out).
 */
function transientSqlState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || /^57P0[1-5]$/.test(code) || code === '57014';
}
/** node-postgres raises these as plain Errors without a code. */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /not queryable/,
  /^Client was closed and is not queryable$/,
  /Cannot use a pool after calling end/,
];

/** A driver's error code; the service's own errors carry codes of their own, which say nothing about the driver. */
function codeOf(error: unknown): string | undefined {
  if (error instanceof ServiceError) return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `error` says the store is unreachable or overloaded for now (not a fault in the query). */
export function isTransientStoreError(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return transientSqlState(code);
  }
  // pg reports several failed connection attempts at once as an AggregateError (one per resolved address).
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every(isTransientStoreError);
  return PG_CLIENT_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** True when `error`, or an error it was caused by, is a StoreUnavailableError. */
export function isStoreUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof StoreUnavailableError) return true;
  }
  return false;
}

/** One line about a driver error, for logs: its code and message (never a connection string). */
export function describeStoreError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeStoreError(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  const code = codeOf(error);
  const message = error.message || error.name;
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
