/**
 * Registered clients expire, so registrations (open to anyone, RFC 7591) cannot grow the store without bound:
 * a client never used expires `unusedSeconds` after it registered; a used client never expires while it has a
 * grant, and `idleSeconds` after the sweep first finds it with none. "Used" means a grant was created for it
 * (consent given; every token is issued under a grant). The expiry is the client row's `expires_at`, so the
 * ordinary expiry sweep deletes it; a client that comes back afterwards simply registers again. Records that never
 * expire but belong to a client (the registration access tokens older versions stored with every registration) go
 * once their client is gone (`deleteOrphans`).
 */
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface ClientLifetimes {
  /** Seconds a registration that was never used is kept. */
  unusedSeconds: number;
  /** Seconds a used client is kept once it has no grant left. */
  idleSeconds: number;
}

export const DEFAULT_CLIENT_LIFETIMES: ClientLifetimes = { unusedSeconds: 24 * 3600, idleSeconds: 30 * 24 * 3600 };

/** A grant was created or updated for `clientId`: the client is in use, so it stops expiring. */
export async function markClientUsed(db: Db, clientId: string): Promise<void> {
  await db
    .updateTable('oidc_payloads')
    .set({ expires_at: null })
    .where('type', '=', 'Client')
    .where('id', '=', clientId)
    .where('expires_at', 'is not', null)
    .execute();
}

/** Used clients that have no grant left start their idle time now; returns how many. */
export async function startIdleClocks(db: Db, nowSeconds: number, lifetimes: ClientLifetimes): Promise<number> {
  const result = await db
    .updateTable('oidc_payloads')
    .set({ expires_at: nowSeconds + lifetimes.idleSeconds })
    .where('type', '=', 'Client')
    .where('expires_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('oidc_payloads as grants')
            .select(sql<number>`1`.as('one'))
            .where('grants.type', '=', 'Grant')
            .whereRef('grants.client_id', '=', 'oidc_payloads.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the records without an expiry whose client is gone: the registration access tokens stored before they were
 * turned off (provider.ts), which would otherwise outlive their swept clients for ever. Returns how many went.
 */
export async function deleteOrphans(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', 'is', null)
    .where('type', '!=', 'Client')
    .where('client_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('oidc_payloads as clients')
            .select(sql<number>`1`.as('one'))
            .where('clients.type', '=', 'Client')
            .whereRef('clients.id', '=', 'oidc_payloads.client_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
