/**
 * Registered clients expire (see client-expiry.ts): every oidc-provider record gets the client it belongs to in a
 * column, so the sweep can find clients without grants in SQL. Records written before this migration carry the
 * client only inside their JSON payload; they are filled in with each dialect's JSON operator.
 */
import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from './dialects.js';

const CLIENT_ID_OF_PAYLOAD: Record<DialectName, RawBuilder<string | null>> = {
  sqlite: sql`json_extract(payload, '$.clientId')`,
  postgres: sql`(payload::json ->> 'clientId')`,
};

export function clientExpiry(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('oidc_payloads').addColumn('client_id', 'text').execute();
      await db.schema.createIndex('oidc_payloads_client').on('oidc_payloads').columns(['client_id', 'type']).execute();
      await sql`update oidc_payloads set client_id = id where type = 'Client'`.execute(db);
      await sql`update oidc_payloads set client_id = ${CLIENT_ID_OF_PAYLOAD[dialect]} where type <> 'Client'`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('oidc_payloads_client').execute();
      await db.schema.alterTable('oidc_payloads').dropColumn('client_id').execute();
    },
  };
}
