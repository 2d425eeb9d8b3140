/**
 * A PostgreSQL connection the server ends while the store holds it (a query running, or between two statements of
 * one request): that request fails, the process does not. node-postgres emits 'error' on a checked-out client
 * whose connection ends, and the pool listens only while the client is idle; an 'error' nobody listens to is
 * thrown, and it ended an instance when PostgreSQL stopped under the topology (test/topology/postgres-outage.ci.test.ts).
 * On the shared server, in a throw-away database; the connection is ended with pg_terminate_backend, as a server
 * shutdown ends every connection.
 */
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/store/postgres-database.js';
import { createTestDatabase } from '../support/postgres.js';

const postgres = inject('postgres');

/** Errors thrown out of an event handler during the test: what would end the service's process. */
let thrown: string[] = [];
const record = (error: Error) => thrown.push(error.message);
beforeEach(() => {
  thrown = [];
  process.on('uncaughtException', record);
});
afterEach(() => {
  process.off('uncaughtException', record);
});

/**
 * Runs `end` on one pooled connection of a store on a throw-away database, with `terminate` ending that connection
 * from another session; then checks that nothing was thrown out of a handler and that the store's next query is
 * answered on a new connection. What `end` saw is returned.
 */
async function endedUnderTheStore(
  end: (connection: Kysely<object>, terminate: () => Promise<void>) => Promise<string>,
): Promise<string> {
  const database = await createTestDatabase(postgres.adminUrl);
  const db = new Kysely<object>({ dialect: (await openPostgres(database.url, 2)).dialect });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const seen = await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
      return end(connection, async () => void (await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid])));
    });
    expect(thrown).toEqual([]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
    return seen;
  } finally {
    await admin.end();
    await db.destroy();
    await database.drop();
  }
}

const outcome = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (error: Error) => error.message,
  );

describe.skipIf(!postgres.available)('a PostgreSQL connection ended under the store', () => {
  it('fails the request holding it, leaves the process running, and the next query gets a new connection', async () => {
    const seen = await endedUnderTheStore(async (connection, terminate) => {
      await terminate();
      // The server's FATAL message and the end of the connection arrive while no statement runs on it.
      await new Promise((r) => setTimeout(r, 500));
      return outcome(sql`select 1 as one`.execute(connection));
    });
    expect(seen).toBe('Client has encountered a connection error and is not queryable');
  });

  it("fails the query running on it with the server's reason, leaves the process running, and the next query gets a new connection", async () => {
    const seen = await endedUnderTheStore(async (connection, terminate) => {
      const running = outcome(sql`select pg_sleep(5)`.execute(connection));
      await new Promise((r) => setTimeout(r, 200));
      await terminate();
      const message = await running;
      // The end of the connection follows the server's message; wait for it while the client is still held.
      await new Promise((r) => setTimeout(r, 500));
      return message;
    });
    expect(seen).toBe('terminating connection due to administrator command');
  });
});
