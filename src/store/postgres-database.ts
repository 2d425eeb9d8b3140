/**
 * The shared store on PostgreSQL (DATABASE_URL=postgres://…): a node-postgres pool under Kysely's PostgresDialect.
 * Every wait is bounded (connecting, waiting for a pooled connection, each statement), so an unreachable server
 * turns into an error within seconds, never a hang; a connection the server ends (a restart, a crash) fails the
 * request using it, if any, and never crashes the process. int8 columns (Unix seconds, counts) come back as numbers, as on SQLite.
 */
import pg from 'pg';
import { PostgresDialect } from 'kysely';
import type { DialectOpening } from './database.js';

export const POSTGRES_TIMEOUTS = {
  /** Connecting, and waiting for a free pooled connection. */
  connectMs: 5_000,
  /** One statement, enforced by the server and, should the server stop answering, by the client. */
  statementMs: 10_000,
  queryMs: 15_000,
  /** Idle connections are closed after this, so a pool shrinks back after a burst. */
  idleMs: 30_000,
} as const;

const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `postgres://user@host:port/db` without the password, for log lines. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<DialectOpening> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    idleTimeoutMillis: POSTGRES_TIMEOUTS.idleMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
    application_name: 'kingshot-mcp',
    types,
  });
  // An idle pooled connection whose server went away emits this; the pool drops it and the next query reconnects.
  pool.on('error', () => undefined);
  // A connection in use (a query running, or held between the statements of one request) emits 'error' on its
  // client when the server ends it, and the pool listens only while the client is idle: unheard, the error is
  // thrown and ends the process (a PostgreSQL stop under the topology did). The request's query fails by itself;
  // the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    name: 'postgres',
    dialect: new PostgresDialect({ pool }),
    // PostgreSQL's autovacuum reuses the space of deleted rows by itself.
    reclaimSpace: async () => undefined,
  };
}
