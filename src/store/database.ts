/**
 * Opening the store: the embedded default is one SQLite file (better-sqlite3, WAL) under DATA_DIR, created and
 * migrated on first start. Everything above this module talks to Kysely, so a PostgreSQL dialect can be swapped in
 * here without touching the queries.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations.js';
import type { Database } from './schema.js';

export const DATABASE_FILE = 'kingshot.sqlite';

export type Db = Kysely<Database>;

/** Opens (and migrates) the store in `dataDir`, or an in-memory one for tests when `dataDir` is `:memory:`. */
export async function openDatabase(dataDir: string): Promise<Db> {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, DATABASE_FILE);
  }
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another instance (or the CLI) may hold the write lock for a moment; wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  return db;
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`store migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
