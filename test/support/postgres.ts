/**
 * PostgreSQL for tests: the shared server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * with one throw-away database per use (`CREATE DATABASE ks_test_<random>`, `DROP DATABASE … WITH (FORCE)` after),
 * so test runs of several checkouts on one server never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type PostgresForTests =
  { available: true; adminUrl: string } | { available: false; adminUrl: string; reason: string };

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function probePostgres(): Promise<PostgresForTests> {
  const url = adminUrl();
  const where = (() => {
    const u = URL.parse(url);
    return u ? `${u.hostname}:${u.port || 5432}` : 'TEST_DATABASE_URL';
  })();
  try {
    await withAdmin(url, (client) => client.query('select 1'));
    return { available: true, adminUrl: url };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      available: false,
      adminUrl: url,
      reason: `no server at ${where} (${code ?? (error instanceof Error ? error.message : String(error))})`,
    };
  }
}

/** A new empty database on the shared server; `drop()` removes it (closing whatever is still connected). */
export async function createTestDatabase(
  admin: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `ks_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(admin, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
