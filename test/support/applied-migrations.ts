/**
 * The names of the migrations a store has applied, read from the table Kysely's Migrator keeps them in. That table
 * is Kysely's bookkeeping, not part of the store's schema type, so it is added to the type here for this one query.
 * (Plain module without vitest: test/support/open-store-child.ts runs it in a child process.)
 */
import type { Db } from '../../src/store/database.js';

/** Kysely's default migration table, which src/store/migrations.ts does not rename. */
type MigrationTables = {
  kysely_migration: { name: string; timestamp: string };
};

export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await db
    .withTables<MigrationTables>()
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}
