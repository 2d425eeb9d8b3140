/**
 * The player's connected apps (the grants of an account) are listed and revoked from the website, and each shows
 * when it was last used: every oidc-provider record gets the account it belongs to in a column (found in SQL, not
 * by reading every grant's JSON), and a grant gets the time its tokens were last accepted. Records written before
 * this migration carry the account only inside their JSON payload; they are filled in with each dialect's JSON
 * operator.
 */
import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from './dialects.js';

const ACCOUNT_ID_OF_PAYLOAD: Record<DialectName, RawBuilder<string | null>> = {
  sqlite: sql`json_extract(payload, '$.accountId')`,
  postgres: sql`(payload::json ->> 'accountId')`,
};

export function grantOwnerAndUse(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('oidc_payloads').addColumn('account_id', 'text').execute();
      await db.schema.alterTable('oidc_payloads').addColumn('last_used_at', 'bigint').execute();
      await db.schema
        .createIndex('oidc_payloads_account')
        .on('oidc_payloads')
        .columns(['account_id', 'type'])
        .execute();
      await sql`update oidc_payloads set account_id = ${ACCOUNT_ID_OF_PAYLOAD[dialect]} where type <> 'Client'`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('oidc_payloads_account').execute();
      await db.schema.alterTable('oidc_payloads').dropColumn('last_used_at').execute();
      await db.schema.alterTable('oidc_payloads').dropColumn('account_id').execute();
    },
  };
}
