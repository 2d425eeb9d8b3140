/**
 * oidc-provider's persistence (its Adapter interface) on the store. One row per model instance in
 * `oidc_payloads`; `consume` is a conditional update whose row count decides, so when two requests (or two
 * instances) redeem one code or one refresh token, the database lets exactly one through. Client registrations
 * get their expiry here (client-expiry.ts): a new one expires unless a grant is created for it.
 *
 * Refresh tokens rotate on every use, and a reused one revokes its grant (theft detection, RFC 9700 §4.14.2),
 * except within a short reuse interval: a client that lost the response to a refresh and retries with the same
 * token gets a new answer (as Okta's grace period and Auth0's reuse interval allow). See `consume`.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { ServiceError } from '../errors.js';
import { DEFAULT_CLIENT_LIFETIMES, markClientUsed, type ClientLifetimes } from './client-expiry.js';
import type { Db } from './database.js';

/** Thrown by `consume` when the record was consumed by someone else in the meantime (a replay race). */
export class AlreadyConsumedError extends ServiceError<'ERR_ALREADY_CONSUMED'> {
  constructor(model: string) {
    super('ERR_ALREADY_CONSUMED', `${model} already consumed`);
  }
}

export interface OidcAdapterOptions {
  /** Unix seconds now (injectable for tests). */
  nowSeconds: () => number;
  /**
   * Called when `consume` loses a race; must throw the error the provider should answer with. The default
   * throws AlreadyConsumedError; the provider wiring throws its own `invalid_grant`.
   */
  onReplay?: (model: string) => never;
  /** How long unused and idle client registrations are kept (default one day and 30 days). */
  clientLifetimes?: ClientLifetimes;
  /** Seconds after its first use a rotated refresh token may be retried (default 60); 0 = any reuse is theft. */
  refreshReuseSeconds?: number;
}

export const DEFAULT_REFRESH_REUSE_SECONDS = 60;

/** Where a refresh token sits in its chain: rotation keeps `iiat` (the chain's first issue) and counts `rotations`. */
interface ChainPosition {
  iiat: number | undefined;
  rotations: number;
}

function chainPosition(payload: string): ChainPosition {
  const parsed = JSON.parse(payload) as { iiat?: unknown; rotations?: unknown };
  return {
    iiat: typeof parsed.iiat === 'number' ? parsed.iiat : undefined,
    rotations: typeof parsed.rotations === 'number' ? parsed.rotations : 0,
  };
}

export function oidcAdapterFactory(db: Db, options: OidcAdapterOptions): new (model: string) => Adapter {
  const { nowSeconds } = options;
  const clientLifetimes = options.clientLifetimes ?? DEFAULT_CLIENT_LIFETIMES;
  const reuseSeconds = options.refreshReuseSeconds ?? DEFAULT_REFRESH_REUSE_SECONDS;
  /** A refresh token first used this recently may be retried (the caller checks the model). */
  const retryable = (consumedAt: number) => reuseSeconds > 0 && nowSeconds() - consumedAt < reuseSeconds;
  const replay =
    options.onReplay ??
    ((model: string): never => {
      throw new AlreadyConsumedError(model);
    });

  function parse(
    model: string,
    row: { payload: string; consumed_at: number | null } | undefined,
  ): AdapterPayload | undefined {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // A refresh token within its reuse interval is shown unused: the provider then goes on to rotate it, and its
    // call to `consume` decides whether this use is a retry or a replay.
    if (row.consumed_at !== null && !(model === 'RefreshToken' && retryable(Number(row.consumed_at))))
      payload.consumed = Number(row.consumed_at);
    return payload;
  }

  /**
   * The unconsumed refresh tokens issued beside or after the token `id` in its chain, at rotation `rotations`: the
   * answers to earlier uses of its parent (for a retry, the lost one). Read by grant, then matched on the chain's
   * `iiat` in code, alike on SQLite and PostgreSQL.
   */
  async function chainTokens(
    grantId: string,
    chain: ChainPosition,
    options: { consumedSince?: number; except?: string },
  ) {
    let query = db
      .selectFrom('oidc_payloads')
      .select(['id', 'payload', 'consumed_at'])
      .where('type', '=', 'RefreshToken')
      .where('grant_id', '=', grantId);
    if (options.except !== undefined) query = query.where('id', '!=', options.except);
    query =
      options.consumedSince === undefined
        ? query.where('consumed_at', 'is', null)
        : query.where((eb) => eb.or([eb('consumed_at', 'is', null), eb('consumed_at', '>=', options.consumedSince!)]));
    const rows = await query.execute();
    return rows.filter((row) => {
      const position = chainPosition(row.payload);
      return position.iiat === chain.iiat && position.rotations === chain.rotations;
    });
  }

  async function deleteRefreshTokens(ids: readonly string[]): Promise<void> {
    if (ids.length > 0)
      await db.deleteFrom('oidc_payloads').where('type', '=', 'RefreshToken').where('id', 'in', ids).execute();
  }

  /**
   * A second use of the refresh token in `row`: a retry when it comes within the reuse interval and the client has
   * not used any token an earlier use gave it; then true, otherwise false. The tokens earlier uses gave stay live
   * beside the retry's: a client that sent two refreshes at once keeps whichever answer it kept, and the first of
   * them used ends the others (the first-use branch of `consume`), so one chain lives on.
   */
  async function acceptRetry(row: {
    payload: string;
    consumed_at: number | null;
    grant_id: string | null;
  }): Promise<boolean> {
    if (row.consumed_at === null || row.grant_id === null || !retryable(Number(row.consumed_at))) return false;
    const parent = chainPosition(row.payload);
    const children = await chainTokens(
      row.grant_id,
      { iiat: parent.iiat, rotations: parent.rotations + 1 },
      { consumedSince: Number(row.consumed_at) },
    );
    return !children.some((child) => child.consumed_at !== null);
  }

  return class KyselyOidcAdapter implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const isClient = this.model === 'Client';
      const row = {
        id,
        type: this.model,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        client_id: isClient ? id : (payload.clientId ?? null),
        account_id: isClient ? null : (payload.accountId ?? null),
        // A registration lasts while unused, until a grant is created for it (markClientUsed).
        expires_at: expiresIn
          ? nowSeconds() + expiresIn
          : isClient
            ? nowSeconds() + clientLifetimes.unusedSeconds
            : null,
      };
      // Updating a client's metadata keeps its expiry: only grants decide whether it is in use.
      const { id: _id, type: _type, ...changes } = row;
      const { expires_at: _expiry, ...clientChanges } = changes;
      await db
        .insertInto('oidc_payloads')
        .values({ ...row, consumed_at: null })
        .onConflict((oc) => oc.columns(['id', 'type']).doUpdateSet(isClient ? clientChanges : changes))
        .execute();
      if (this.model === 'Grant' && payload.clientId) await markClientUsed(db, payload.clientId);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return parse(
        this.model,
        await db
          .selectFrom('oidc_payloads')
          .select(['payload', 'consumed_at'])
          .where('id', '=', id)
          .where('type', '=', this.model)
          .executeTakeFirst(),
      );
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return parse(
        this.model,
        await db
          .selectFrom('oidc_payloads')
          .select(['payload', 'consumed_at'])
          .where('uid', '=', uid)
          .where('type', '=', this.model)
          .executeTakeFirst(),
      );
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return parse(
        this.model,
        await db
          .selectFrom('oidc_payloads')
          .select(['payload', 'consumed_at'])
          .where('user_code', '=', userCode)
          .where('type', '=', this.model)
          .executeTakeFirst(),
      );
    }

    async consume(id: string): Promise<void> {
      const result = await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: nowSeconds() })
        .where('id', '=', id)
        .where('type', '=', this.model)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      const refreshToken = this.model === 'RefreshToken' && reuseSeconds > 0;
      if (result.numUpdatedRows === 0n) {
        const row = await db
          .selectFrom('oidc_payloads')
          .select(['payload', 'consumed_at', 'grant_id'])
          .where('id', '=', id)
          .where('type', '=', this.model)
          .executeTakeFirst();
        if (refreshToken && row && (await acceptRetry(row))) return;
        // Someone else consumed it first (or long ago): treat this request as the replay it is, and end the grant.
        if (row?.grant_id) await this.revokeByGrantId(row.grant_id);
        replay(this.model);
      }
      if (refreshToken) {
        // The first use of a token: any other live token at its place in the chain answered a retry of its parent
        // whose answer the client did not keep (the client holds this one), so it goes.
        const row = await db
          .selectFrom('oidc_payloads')
          .select(['payload', 'grant_id'])
          .where('id', '=', id)
          .where('type', '=', this.model)
          .executeTakeFirst();
        if (row?.grant_id)
          await deleteRefreshTokens(
            (await chainTokens(row.grant_id, chainPosition(row.payload), { except: id })).map((sibling) => sibling.id),
          );
      }
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('id', '=', id).where('type', '=', this.model).execute();
    }

    /**
     * Ends a grant: its tokens and the grant itself, in one statement. The grant must go too: a token stored by a
     * racing request just after the delete (the winner of two redemptions of one code) would otherwise survive;
     * without its grant the provider refuses it (a refresh is invalid_grant).
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .deleteFrom('oidc_payloads')
        .where((eb) =>
          eb.or([eb('grant_id', '=', grantId), eb.and([eb('type', '=', 'Grant'), eb('id', '=', grantId)])]),
        )
        .execute();
    }
  };
}

/** Deletes every expired record; returns how many went. */
export async function deleteExpiredOidcPayloads(db: Db, nowSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<', nowSeconds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Ends a user's sign-ins: their sessions and grants, and every code and refresh token issued under those grants
 * (after a password change, nothing signed in with the old one may keep reading). Access tokens are JWTs that are
 * not stored; the resource server refuses them once their grant is gone (auth/live-grants.ts). Returns how many
 * records went.
 */
export async function deleteOidcPayloadsOfAccount(db: Db, accountId: string): Promise<number> {
  return db.transaction().execute((trx) => deleteOidcPayloadsOfAccountIn(trx, accountId, ['Session', 'Grant']));
}

/**
 * The same inside a transaction the caller holds, over the record types given: deleting an account passes every
 * type that can name it (an interaction in progress holds its account too), so none of its records is left.
 */
export async function deleteOidcPayloadsOfAccountIn(
  trx: Db,
  accountId: string,
  types: readonly string[],
): Promise<number> {
  // The account is inside the JSON payload; reading it here rather than in SQL keeps SQLite and Postgres alike.
  const rows = await trx
    .selectFrom('oidc_payloads')
    .select(['id', 'type', 'payload'])
    .where('type', 'in', [...types])
    .execute();
  const owned = rows.filter((row) => {
    try {
      return JSON.stringify(JSON.parse(row.payload)).includes(`"accountId":${JSON.stringify(accountId)}`);
    } catch {
      return false;
    }
  });
  if (owned.length === 0) return 0;
  const grantIds = owned.filter((row) => row.type === 'Grant').map((row) => row.id);
  let deleted = 0;
  if (grantIds.length > 0)
    deleted += Number(
      (await trx.deleteFrom('oidc_payloads').where('grant_id', 'in', grantIds).executeTakeFirst()).numDeletedRows,
    );
  for (const row of owned)
    deleted += Number(
      (await trx.deleteFrom('oidc_payloads').where('id', '=', row.id).where('type', '=', row.type).executeTakeFirst())
        .numDeletedRows,
    );
  return deleted;
}
