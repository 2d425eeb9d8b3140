/**
 * The website's accounts in the store: site sessions, sign-ups waiting for their mailed link, and the mailed links.
 * The store only ever sees hashes of session ids and link secrets (the website makes them and hashes them), so a
 * copy of the database signs no one in. A link is used by one conditional update whose row count decides, so two
 * clicks (or two instances) racing on one link let exactly one through; the change it makes (the account created,
 * the password set) is in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './database.js';
import { deleteOidcPayloadsOfAccountIn } from './oidc-adapter.js';
import type { MailLinksTable } from './schema.js';
import { normaliseEmail, type User } from './users.js';

export interface SiteSessionRecord {
  idHash: string;
  userId: string;
  userAgent: string;
  createdAt: number;
  lastSeenAt: number;
  idleExpiresAt: number;
  expiresAt: number;
}

export interface SiteSessionStore {
  create(input: {
    idHash: string;
    userId: string;
    userAgent: string;
    idleSeconds: number;
    maxSeconds: number;
  }): Promise<void>;
  /** The live session with this hash and its user; undefined when unknown or expired (idle or absolute). */
  find(idHash: string): Promise<{ session: SiteSessionRecord; user: User } | undefined>;
  /** Records a use: last seen now, the idle expiry moved on (never past the absolute one). */
  touch(idHash: string, idleSeconds: number): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Deletes every session of the user (but `except`); returns how many went. */
  deleteOfUser(userId: string, except?: string): Promise<number>;
  listOfUser(userId: string): Promise<SiteSessionRecord[]>;
}

export type MailLinkPurpose = MailLinksTable['purpose'];

export type PendingSignUpOutcome = 'created' | 'address-full' | 'store-full';

export interface SignUpBounds {
  /** Pending sign-ups kept per email address; a new one past it is refused. */
  perAddress: number;
  /** Pending sign-ups kept in all. */
  total: number;
}

export type SignUpCompletion = { outcome: 'created'; user: User } | { outcome: 'taken'; email: string } | undefined;

export interface SignUpStore {
  /** A pending sign-up and its verification link, unless the bounds are reached. */
  createPending(input: {
    email: string;
    name: string;
    passwordHash: string;
    tokenHash: string;
    lifetimeSeconds: number;
    bounds: SignUpBounds;
  }): Promise<PendingSignUpOutcome>;
  /**
   * Uses the verification link and creates the account (one transaction), removing every pending sign-up of that
   * address. Undefined when the link is unknown, used or expired; `taken` when the address got an account meanwhile.
   */
  complete(tokenHash: string): Promise<SignUpCompletion>;
  count(): Promise<number>;
}

export interface MailLinkStore {
  create(input: {
    tokenHash: string;
    purpose: 'reset-password' | 'change-email';
    userId: string;
    newEmail?: string;
    lifetimeSeconds: number;
  }): Promise<void>;
  /** Whether the link is known, unused and unexpired (the page before its button; it changes nothing). */
  usable(tokenHash: string, purpose: MailLinkPurpose): Promise<boolean>;
  /**
   * Uses a reset link and sets the password hash in one transaction, ending the user's site sessions and every
   * grant (as a password change does). The user, or undefined when the link is unknown, used or expired.
   */
  resetPassword(tokenHash: string, passwordHash: string): Promise<User | undefined>;
  /**
   * Uses an email-change link and moves the account to its new address. The user (with the new address), `taken`
   * when that address has an account meanwhile, or undefined when the link is unknown, used or expired.
   */
  changeEmail(tokenHash: string): Promise<{ user: User; previousEmail: string } | 'taken' | undefined>;
  count(): Promise<number>;
}

type SessionRow = {
  id_hash: string;
  user_id: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  expires_at: number;
};

function toSession(row: SessionRow): SiteSessionRecord {
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    userAgent: row.user_agent,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    idleExpiresAt: Number(row.idle_expires_at),
    expiresAt: Number(row.expires_at),
  };
}

type UserRow = { id: string; email: string; name: string; created_at: number; updated_at: number };
function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const USER_COLUMNS = ['id', 'email', 'name', 'created_at', 'updated_at'] as const;
const SESSION_COLUMNS = [
  'id_hash',
  'user_id',
  'user_agent',
  'created_at',
  'last_seen_at',
  'idle_expires_at',
  'expires_at',
] as const;

export function createSiteSessionStore(db: Db, nowSeconds: () => number): SiteSessionStore {
  return {
    async create({ idHash, userId, userAgent, idleSeconds, maxSeconds }) {
      const now = nowSeconds();
      await db
        .insertInto('site_sessions')
        .values({
          id_hash: idHash,
          user_id: userId,
          user_agent: userAgent.slice(0, 200),
          created_at: now,
          last_seen_at: now,
          idle_expires_at: now + Math.min(idleSeconds, maxSeconds),
          expires_at: now + maxSeconds,
        })
        .execute();
    },
    async find(idHash) {
      const now = nowSeconds();
      const row = await db
        .selectFrom('site_sessions')
        .innerJoin('users', 'users.id', 'site_sessions.user_id')
        .select(SESSION_COLUMNS.map((column) => `site_sessions.${column}` as const))
        .select(['users.email', 'users.name', 'users.created_at as user_created_at', 'users.updated_at'])
        .where('site_sessions.id_hash', '=', idHash)
        .where('site_sessions.idle_expires_at', '>', now)
        .where('site_sessions.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        session: toSession(row),
        user: toUser({
          id: row.user_id,
          email: row.email,
          name: row.name,
          created_at: row.user_created_at,
          updated_at: row.updated_at,
        }),
      };
    },
    async touch(idHash, idleSeconds) {
      const now = nowSeconds();
      const row = await db
        .selectFrom('site_sessions')
        .select('expires_at')
        .where('id_hash', '=', idHash)
        .executeTakeFirst();
      if (!row) return;
      await db
        .updateTable('site_sessions')
        .set({ last_seen_at: now, idle_expires_at: Math.min(now + idleSeconds, Number(row.expires_at)) })
        .where('id_hash', '=', idHash)
        .execute();
    },
    async delete(idHash) {
      await db.deleteFrom('site_sessions').where('id_hash', '=', idHash).execute();
    },
    async deleteOfUser(userId, except) {
      let query = db.deleteFrom('site_sessions').where('user_id', '=', userId);
      if (except) query = query.where('id_hash', '<>', except);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },
    async listOfUser(userId) {
      const rows = await db
        .selectFrom('site_sessions')
        .select(SESSION_COLUMNS)
        .where('user_id', '=', userId)
        .where('expires_at', '>', nowSeconds())
        .orderBy('last_seen_at', 'desc')
        .execute();
      return rows.map(toSession);
    },
  };
}

/** Marks a link used when it is unused and unexpired; true when this call used it (exactly one caller wins). */
async function useLink(trx: Db, tokenHash: string, purpose: MailLinkPurpose, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('mail_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

async function countRows(db: Db, table: 'pending_sign_ups' | 'mail_links'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function createSignUpStore(db: Db, nowSeconds: () => number): SignUpStore {
  return {
    async createPending({ email, name, passwordHash, tokenHash, lifetimeSeconds, bounds }) {
      const normalised = normaliseEmail(email);
      const now = nowSeconds();
      return db.transaction().execute(async (trx) => {
        const count = async (address?: string) => {
          let query = trx
            .selectFrom('pending_sign_ups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('expires_at', '>', now);
          if (address) query = query.where('email', '=', address);
          return Number((await query.executeTakeFirstOrThrow()).n);
        };
        if ((await count(normalised)) >= bounds.perAddress) return 'address-full';
        if ((await count()) >= bounds.total) return 'store-full';
        const id = randomUUID();
        await trx
          .insertInto('pending_sign_ups')
          .values({
            id,
            email: normalised,
            name,
            password_hash: passwordHash,
            created_at: now,
            expires_at: now + lifetimeSeconds,
          })
          .execute();
        await trx
          .insertInto('mail_links')
          .values({
            token_hash: tokenHash,
            purpose: 'verify-sign-up',
            pending_sign_up_id: id,
            user_id: null,
            new_email: null,
            created_at: now,
            expires_at: now + lifetimeSeconds,
            used_at: null,
          })
          .execute();
        return 'created';
      });
    },
    async complete(tokenHash) {
      const now = nowSeconds();
      return db.transaction().execute(async (trx): Promise<SignUpCompletion> => {
        if (!(await useLink(trx, tokenHash, 'verify-sign-up', now))) return undefined;
        const pending = await trx
          .selectFrom('mail_links')
          .innerJoin('pending_sign_ups', 'pending_sign_ups.id', 'mail_links.pending_sign_up_id')
          .select(['pending_sign_ups.email', 'pending_sign_ups.name', 'pending_sign_ups.password_hash'])
          .where('mail_links.token_hash', '=', tokenHash)
          .executeTakeFirst();
        if (!pending) return undefined;
        // Every pending sign-up of the address goes (their links with them): the address is decided now.
        const others = trx.selectFrom('pending_sign_ups').select('id').where('email', '=', pending.email);
        await trx.deleteFrom('mail_links').where('pending_sign_up_id', 'in', others).execute();
        await trx.deleteFrom('pending_sign_ups').where('email', '=', pending.email).execute();
        const existing = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', pending.email)
          .executeTakeFirst();
        if (existing) return { outcome: 'taken', email: pending.email };
        const row = {
          id: randomUUID(),
          email: pending.email,
          name: pending.name,
          password_hash: pending.password_hash,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('users').values(row).execute();
        return { outcome: 'created', user: toUser(row) };
      });
    },
    count: () => countRows(db, 'pending_sign_ups'),
  };
}

export function createMailLinkStore(db: Db, nowSeconds: () => number): MailLinkStore {
  async function linkedUser(trx: Db, tokenHash: string) {
    return trx
      .selectFrom('mail_links')
      .innerJoin('users', 'users.id', 'mail_links.user_id')
      .select([...USER_COLUMNS.map((column) => `users.${column}` as const), 'mail_links.new_email'])
      .where('mail_links.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }
  return {
    async create({ tokenHash, purpose, userId, newEmail, lifetimeSeconds }) {
      const now = nowSeconds();
      await db
        .insertInto('mail_links')
        .values({
          token_hash: tokenHash,
          purpose,
          pending_sign_up_id: null,
          user_id: userId,
          new_email: newEmail === undefined ? null : normaliseEmail(newEmail),
          created_at: now,
          expires_at: now + lifetimeSeconds,
          used_at: null,
        })
        .execute();
    },
    async usable(tokenHash, purpose) {
      const row = await db
        .selectFrom('mail_links')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowSeconds())
        .executeTakeFirst();
      return row !== undefined;
    },
    async resetPassword(tokenHash, passwordHash) {
      const now = nowSeconds();
      return db.transaction().execute(async (trx) => {
        if (!(await useLink(trx, tokenHash, 'reset-password', now))) return undefined;
        const row = await linkedUser(trx, tokenHash);
        if (!row) return undefined;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        // The other reset links of the account are void once one is used.
        await trx
          .updateTable('mail_links')
          .set({ used_at: now })
          .where('user_id', '=', row.id)
          .where('purpose', '=', 'reset-password')
          .where('used_at', 'is', null)
          .execute();
        await trx.deleteFrom('site_sessions').where('user_id', '=', row.id).execute();
        await deleteOidcPayloadsOfAccountIn(trx, row.id, ['Session', 'Grant']);
        return toUser({ ...row, updated_at: now });
      });
    },
    async changeEmail(tokenHash) {
      const now = nowSeconds();
      return db.transaction().execute(async (trx) => {
        if (!(await useLink(trx, tokenHash, 'change-email', now))) return undefined;
        const row = await linkedUser(trx, tokenHash);
        if (!row || !row.new_email) return undefined;
        const taken = await trx.selectFrom('users').select('id').where('email', '=', row.new_email).executeTakeFirst();
        if (taken) return 'taken';
        await trx
          .updateTable('users')
          .set({ email: row.new_email, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        return { user: toUser({ ...row, email: row.new_email, updated_at: now }), previousEmail: row.email };
      });
    },
    count: () => countRows(db, 'mail_links'),
  };
}

/** Deletes what has expired: sessions, pending sign-ups (their links with them) and links; returns how many rows. */
export async function deleteExpiredSiteAccountRows(db: Db, now: number): Promise<number> {
  let deleted = 0;
  deleted += Number(
    (
      await db
        .deleteFrom('site_sessions')
        .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('expires_at', '<=', now)]))
        .executeTakeFirst()
    ).numDeletedRows,
  );
  deleted += Number(
    (await db.deleteFrom('mail_links').where('expires_at', '<=', now).executeTakeFirst()).numDeletedRows,
  );
  const expiredPending = db.selectFrom('pending_sign_ups').select('id').where('expires_at', '<=', now);
  deleted += Number(
    (await db.deleteFrom('mail_links').where('pending_sign_up_id', 'in', expiredPending).executeTakeFirst())
      .numDeletedRows,
  );
  deleted += Number(
    (await db.deleteFrom('pending_sign_ups').where('expires_at', '<=', now).executeTakeFirst()).numDeletedRows,
  );
  return deleted;
}

/**
 * Deletes an account and everything of it in one transaction: its sessions, mailed links, pending sign-ups of its
 * address, player data, every oidc-provider record that names it (sessions, grants and the codes and refresh
 * tokens under them, interactions in progress), and the user. Returns the user deleted, or undefined.
 */
export async function deleteAccount(db: Db, userId: string): Promise<User | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom('site_sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('mail_links').where('user_id', '=', userId).execute();
    const pending = trx.selectFrom('pending_sign_ups').select('id').where('email', '=', row.email);
    await trx.deleteFrom('mail_links').where('pending_sign_up_id', 'in', pending).execute();
    await trx.deleteFrom('pending_sign_ups').where('email', '=', row.email).execute();
    await trx.deleteFrom('player_goals').where('user_id', '=', userId).execute();
    await trx.deleteFrom('player_documents').where('user_id', '=', userId).execute();
    await deleteOidcPayloadsOfAccountIn(trx, userId, [
      'Session',
      'Grant',
      'Interaction',
      'AuthorizationCode',
      'RefreshToken',
      'AccessToken',
    ]);
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return toUser(row);
  });
}
