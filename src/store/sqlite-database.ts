/**
 * The embedded store: one SQLite file (better-sqlite3) under DATA_DIR. WAL with synchronous=FULL, so a commit the
 * CLI or the service reported survives a power loss; the folder is created private (0700) and the database files
 * (main, -wal, -shm) are 0600, since they hold the signing keys; incremental auto-vacuum, so space freed by the
 * expiry sweep goes back to the file system.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Sqlite } from './sqlite-binding.js';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { DialectOpening } from './database.js';

export const DATABASE_FILE = 'kingshot.sqlite';
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;
/** SQLite's auto_vacuum values. */
const AUTO_VACUUM_NONE = 0;
const AUTO_VACUUM_INCREMENTAL = 2;

/**
 * The database file, created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the mode of the
 * main file. An existing file from an older start (0644) is tightened too.
 */
function privateDatabaseFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const file = join(dataDir, DATABASE_FILE);
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  chmodSync(file, PRIVATE_FILE);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, PRIVATE_FILE);
  return file;
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting up to busy_timeout for it: with
 * SQLite's default deferred BEGIN, two connections that both read and then write fail at once with SQLITE_BUSY.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely's SQLite adapter runs migrations outside a transaction and its migration lock is a no-op (one connection
 * per process). SQLite's DDL is transactional, so here each migration run is one IMMEDIATE transaction: two
 * processes starting on one file (the service and the CLI, say) migrate one after the other, and a failed
 * migration leaves nothing half-applied.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export function openSqlite(dataDir: string): DialectOpening {
  const file = dataDir === ':memory:' ? ':memory:' : privateDatabaseFile(dataDir);
  const sqlite = new Sqlite(file);
  // Before any table exists this sets the mode outright; an older file is switched in prepare().
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Another instance (or the CLI) may hold the write lock for a moment; wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  return {
    name: 'sqlite',
    dialect: new ImmediateSqliteDialect({ database: sqlite }),
    async prepare(db) {
      const { rows } = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
      // A file created before incremental auto-vacuum needs one VACUUM to switch (it rewrites the file; once).
      if (rows[0]?.auto_vacuum === AUTO_VACUUM_NONE && file !== ':memory:') {
        await sql`pragma auto_vacuum = INCREMENTAL`.execute(db);
        await sql`vacuum`.execute(db);
      }
    },
    async reclaimSpace(db) {
      const { rows } = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
      if (rows[0]?.auto_vacuum !== AUTO_VACUUM_INCREMENTAL) return;
      // incremental_vacuum frees one page per step: through Kysely (a single run()) it would free one page only,
      // so it runs to completion with exec(), holding Kysely's connection so no query interleaves.
      await db.connection().execute(async () => {
        sqlite.exec('pragma incremental_vacuum');
      });
    },
  };
}
