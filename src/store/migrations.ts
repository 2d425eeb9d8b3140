/**
 * Schema migrations, in order, for the dialect being opened. Most are the same Kysely schema-builder code on both;
 * where the SQL differs the migration is built per dialect. Add a migration; never change what a shipped one does.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './migrations/0001-initial.js';
import { clientExpiry } from './migrations/0002-client-expiry.js';
import { siteAccounts } from './migrations/0003-site-accounts.js';
import { grantOwnerAndUse } from './migrations/0004-grant-owner-and-use.js';
import type { DialectName } from './migrations/dialects.js';

export type { DialectName };

export function migrationProvider(dialect: DialectName): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001_initial': initial(dialect),
    '0002_client_expiry': clientExpiry(dialect),
    '0003_site_accounts': siteAccounts(dialect),
    '0004_grant_owner_and_use': grantOwnerAndUse(dialect),
  };
  return { getMigrations: async () => migrations };
}
