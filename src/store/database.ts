/**
 * Opening the store on its database: the embedded default is one SQLite file under DATA_DIR (sqlite-database.ts);
 * DATABASE_URL=postgres://… selects PostgreSQL (postgres-database.ts). Either way the schema is migrated on open,
 * through Kysely's Migrator, which holds a lock while it runs (an advisory lock on PostgreSQL, the write lock on
 * SQLite), so several instances starting at once migrate once. Everything above this module talks to Kysely.
 */
import { Kysely, Migrator, type Dialect } from 'kysely';
import { migrationProvider, type DialectName } from './migrations.js';
import type { Database } from './schema.js';
import { TranslatingDialect } from './translating-dialect.js';
import { StoreUnavailableError } from './errors.js';
import type { StoreHealth } from './health.js';

export type Db = Kysely<Database>;
export type { DialectName };

/** Where the store lives: a SQLite file in a data directory (or `:memory:` for tests), or a PostgreSQL database. */
export type StoreLocation = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface OpenedDatabase {
  db: Db;
  dialect: DialectName;
  /** Gives the space of deleted rows back to the file system where the database needs telling (SQLite). */
  reclaimSpace(): Promise<void>;
}

export interface DatabaseOptions {
  health: StoreHealth;
  /** Most PostgreSQL connections this process holds (default 10). */
  poolSize?: number;
}

/** Opens (and migrates) the database at `location`. */
export async function openDatabase(location: StoreLocation, options: DatabaseOptions): Promise<OpenedDatabase> {
  const opened =
    location.kind === 'postgres'
      ? await (await import('./postgres-database.js')).openPostgres(location.url, options.poolSize)
      : (await import('./sqlite-database.js')).openSqlite(location.dataDir);
  const db = new Kysely<Database>({ dialect: new TranslatingDialect(opened.dialect, options.health) });
  try {
    await opened.prepare?.(db);
    await migrate(db, opened.name);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return { db, dialect: opened.name, reclaimSpace: () => opened.reclaimSpace(db) };
}

/** What each dialect module provides. */
export interface DialectOpening {
  name: DialectName;
  dialect: Dialect;
  /** Runs before the migrations (SQLite: the one-time switch to incremental auto-vacuum). */
  prepare?: (db: Db) => Promise<void>;
  reclaimSpace: (db: Db) => Promise<void>;
}

async function migrate(db: Db, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // The unavailable store is reported as such (the caller retries); any other failure names the migration.
    if (error instanceof StoreUnavailableError) throw error;
    throw new Error(
      `store migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
