/**
 * The grants of an account as the player and the resource server see them: whether a grant still stands (the
 * access-token check asks, so a revoked app's tokens stop working), when its tokens were last used, the apps an
 * account has connected, and revoking one. A grant is oidc-provider's record of a consent; its codes and refresh
 * tokens carry its id in `grant_id`, and every access token carries it in its `grant_id` claim (provider.ts).
 */
import type { Db } from './database.js';

/** A grant's use is written at most this often (seconds): one write a minute per app however busy it is. */
export const GRANT_USE_RESOLUTION_SECONDS = 60;

export interface ConnectedApp {
  grantId: string;
  clientId: string;
  /** The client's registered name; null when it registered none. */
  name: string | null;
  /** The host of each registered redirect URI (what the player can recognise the app by), without repeats. */
  redirectHosts: string[];
  /** The scopes the player consented to, in the order first granted, without repeats. */
  scopes: string[];
  /** Unix seconds of the consent. */
  grantedAt: number | null;
  /** Unix seconds an access token of this grant was last accepted (to the minute); null before the first use. */
  lastUsedAt: number | null;
}

export interface GrantStore {
  /** Whether the grant exists and has not expired. */
  isLive(grantId: string): Promise<boolean>;
  /** Notes that a token of the grant was accepted now (a write only when the last note is a minute old). */
  recordUse(grantId: string): Promise<void>;
  /** The apps the account has granted access to, most recently granted first. */
  appsOf(accountId: string): Promise<ConnectedApp[]>;
  /**
   * Ends the grant and every code and refresh token issued under it, only when it is the account's; returns whether
   * there was such a grant. Its access tokens are refused from the next check on (LiveGrants' cache aside).
   */
  revoke(accountId: string, grantId: string): Promise<boolean>;
}

interface GrantPayload {
  clientId?: unknown;
  iat?: unknown;
  openid?: { scope?: unknown };
  resources?: Record<string, unknown>;
}

interface ClientPayload {
  client_name?: unknown;
  redirect_uris?: unknown;
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function scopesOf(grant: GrantPayload): string[] {
  const lists = [grant.openid?.scope, ...Object.values(grant.resources ?? {})];
  const scopes = lists.flatMap((list) => (typeof list === 'string' ? list.split(' ') : []));
  return [...new Set(scopes.filter((scope) => scope !== ''))];
}

function hostsOf(redirectUris: unknown): string[] {
  if (!Array.isArray(redirectUris)) return [];
  const hosts = redirectUris.map((uri) => (typeof uri === 'string' ? URL.parse(uri)?.host : undefined));
  return [...new Set(hosts.filter((host): host is string => host !== undefined && host !== ''))];
}

export function createGrantStore(db: Db, nowSeconds: () => number): GrantStore {
  return {
    async isLive(grantId) {
      const row = await db
        .selectFrom('oidc_payloads')
        .select('expires_at')
        .where('id', '=', grantId)
        .where('type', '=', 'Grant')
        .executeTakeFirst();
      return row !== undefined && (row.expires_at === null || Number(row.expires_at) > nowSeconds());
    },

    async recordUse(grantId) {
      const now = nowSeconds();
      await db
        .updateTable('oidc_payloads')
        .set({ last_used_at: now })
        .where('id', '=', grantId)
        .where('type', '=', 'Grant')
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<=', now - GRANT_USE_RESOLUTION_SECONDS),
            // A clock stepped back: note the use again rather than keep a time in the future.
            eb('last_used_at', '>', now),
          ]),
        )
        .execute();
    },

    async appsOf(accountId) {
      const grants = await db
        .selectFrom('oidc_payloads')
        .select(['id', 'client_id', 'payload', 'last_used_at', 'expires_at'])
        .where('type', '=', 'Grant')
        .where('account_id', '=', accountId)
        .execute();
      const now = nowSeconds();
      const live = grants.filter((row) => row.expires_at === null || Number(row.expires_at) > now);
      const clientIds = [...new Set(live.map((row) => row.client_id).filter((id): id is string => id !== null))];
      const clients =
        clientIds.length === 0
          ? []
          : await db
              .selectFrom('oidc_payloads')
              .select(['id', 'payload'])
              .where('type', '=', 'Client')
              .where('id', 'in', clientIds)
              .execute();
      const clientById = new Map(clients.map((row) => [row.id, parseJson<ClientPayload>(row.payload) ?? {}]));
      const apps = live.map((row): ConnectedApp => {
        const grant = parseJson<GrantPayload>(row.payload) ?? {};
        const clientId = row.client_id ?? (typeof grant.clientId === 'string' ? grant.clientId : '');
        const client = clientById.get(clientId) ?? {};
        return {
          grantId: row.id,
          clientId,
          name: typeof client.client_name === 'string' && client.client_name !== '' ? client.client_name : null,
          redirectHosts: hostsOf(client.redirect_uris),
          scopes: scopesOf(grant),
          grantedAt: typeof grant.iat === 'number' ? grant.iat : null,
          lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
        };
      });
      return apps.sort((a, b) => (b.grantedAt ?? 0) - (a.grantedAt ?? 0) || a.grantId.localeCompare(b.grantId));
    },

    async revoke(accountId, grantId) {
      return db.transaction().execute(async (trx) => {
        const owned = await trx
          .deleteFrom('oidc_payloads')
          .where('id', '=', grantId)
          .where('type', '=', 'Grant')
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (owned.numDeletedRows === 0n) return false;
        await trx.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
        return true;
      });
    },
  };
}
