/**
 * The store as the rest of the service sees it: small interfaces over one database (SQLite under DATA_DIR, or
 * PostgreSQL with DATABASE_URL), opened and migrated once per process. An unreachable database makes its calls
 * fail with StoreUnavailableError (errors.ts); `ping` is the cheap readiness probe, `health` says whether the last
 * queries found it reachable.
 */
import { sql } from 'kysely';
import { DEFAULT_CLIENT_LIFETIMES, deleteOrphans, startIdleClocks, type ClientLifetimes } from './client-expiry.js';
import { openDatabase, type Db, type DialectName, type StoreLocation } from './database.js';
import { createGrantStore, type GrantStore } from './grants.js';
import { StoreHealth, type StoreErrorEvent } from './health.js';
import { deleteExpiredOidcPayloads, deleteOidcPayloadsOfAccount } from './oidc-adapter.js';
import type { ScryptParameters } from './passwords.js';
import { createPlayerDataStore, type PlayerDataStore } from './player-data.js';
import { createPlayerEdits, type PlayerEdits } from './player-edits.js';
import {
  createMailLinkStore,
  createSignUpStore,
  createSiteSessionStore,
  deleteAccount,
  deleteExpiredSiteAccountRows,
  type MailLinkStore,
  type SignUpStore,
  type SiteSessionStore,
} from './site-accounts.js';
import { createUserStore, type User, type UserStore } from './users.js';

export type { StoreErrorEvent, StoreLocation };

export interface Store {
  readonly db: Db;
  readonly dialect: DialectName;
  readonly users: UserStore;
  readonly players: PlayerDataStore;
  /** The website's edits of the player's data, each refused when made from an out-of-date page. */
  readonly edits: PlayerEdits;
  /** The grants (connected apps) of accounts: whether one stands, their use, listing and revoking. */
  readonly grants: GrantStore;
  /** The website's sessions, pending sign-ups and mailed links (site-accounts.ts). */
  readonly siteSessions: SiteSessionStore;
  readonly signUps: SignUpStore;
  readonly mailLinks: MailLinkStore;
  /** Unix seconds from the store's clock. */
  readonly nowSeconds: () => number;
  /** How long client registrations are kept (the OIDC adapter stamps new ones with it). */
  readonly clientLifetimes: ClientLifetimes;
  /** Whether the last store operation found the database reachable (one log line per outage). */
  readonly health: StoreHealth;
  /** Readiness probe: resolves when the database answers a trivial query; rejects with StoreUnavailableError. */
  ping(): Promise<void>;
  /**
   * The periodic sweep: starts the idle time of used clients left without grants, deletes expired OAuth records
   * (codes, sessions, tokens, interactions, expired client registrations) and the records left without their client,
   * the website's expired sessions, pending sign-ups and mailed links, and gives their space back (SQLite);
   * returns how many records went.
   */
  deleteExpired(): Promise<number>;
  /** Ends a user's sessions, grants, codes and refresh tokens; returns how many records went. */
  endSignIns(userId: string): Promise<number>;
  /**
   * Deletes the account and everything of it in one transaction (player data, site sessions, mailed links, every
   * oidc-provider record naming it); the user deleted, or undefined when there was none.
   */
  deleteAccount(userId: string): Promise<User | undefined>;
  close(): Promise<void>;
}

export interface StoreOptions {
  clock?: () => Date;
  clientLifetimes?: ClientLifetimes;
  /** Outage tracking shared across attempts to open the store (main.ts retries while PostgreSQL is down). */
  health?: StoreHealth;
  /** Called once per failed store operation, when no `health` is given (the metrics seam). */
  onStoreError?: (event: StoreErrorEvent) => void;
  /** Most PostgreSQL connections this process holds (default 10). */
  poolSize?: number;
  /**
   * The scrypt cost of new password hashes (default DEFAULT_SCRYPT). The service never sets it; the tests pass a
   * cheap one so sign-ins do not dominate their time. Hashes carry their cost, so any stored one still verifies.
   */
  passwordHashing?: ScryptParameters;
}

/** A SQLite data directory (`:memory:` for a throw-away one) or an explicit location. */
function locationOf(location: string | StoreLocation): StoreLocation {
  return typeof location === 'string' ? { kind: 'sqlite', dataDir: location } : location;
}

export async function openStore(location: string | StoreLocation, options: StoreOptions = {}): Promise<Store> {
  const clock = options.clock ?? (() => new Date());
  const health = options.health ?? new StoreHealth(options.onStoreError ? { onStoreError: options.onStoreError } : {});
  const { db, dialect, reclaimSpace } = await openDatabase(locationOf(location), {
    health,
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  });
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const clientLifetimes = options.clientLifetimes ?? DEFAULT_CLIENT_LIFETIMES;
  return {
    db,
    dialect,
    users: createUserStore(db, nowSeconds, options.passwordHashing),
    players: createPlayerDataStore(db, nowSeconds),
    edits: createPlayerEdits(db, nowSeconds),
    grants: createGrantStore(db, nowSeconds),
    siteSessions: createSiteSessionStore(db, nowSeconds),
    signUps: createSignUpStore(db, nowSeconds),
    mailLinks: createMailLinkStore(db, nowSeconds),
    nowSeconds,
    clientLifetimes,
    health,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async deleteExpired() {
      const now = nowSeconds();
      await startIdleClocks(db, now, clientLifetimes);
      const deleted =
        (await deleteExpiredOidcPayloads(db, now)) +
        (await deleteOrphans(db)) +
        (await deleteExpiredSiteAccountRows(db, now));
      if (deleted > 0) await reclaimSpace();
      return deleted;
    },
    endSignIns: (userId) => deleteOidcPayloadsOfAccount(db, userId),
    deleteAccount: (userId) => deleteAccount(db, userId),
    close: () => db.destroy(),
  };
}
