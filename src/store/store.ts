/** The store as the rest of the service sees it: small interfaces over one database, opened once per process. */
import { openDatabase, type Db } from './database.js';
import { deleteExpiredOidcPayloads, deleteOidcPayloadsOfAccount } from './oidc-adapter.js';
import { createPlayerDataStore, type PlayerDataStore } from './player-data.js';
import { createUserStore, type UserStore } from './users.js';

export interface Store {
  readonly db: Db;
  readonly users: UserStore;
  readonly players: PlayerDataStore;
  /** Unix seconds from the store's clock. */
  readonly nowSeconds: () => number;
  /** Deletes expired OAuth records (codes, sessions, tokens, interactions); returns how many went. */
  deleteExpired(): Promise<number>;
  /** Ends a user's sessions, grants, codes and refresh tokens; returns how many records went. */
  endSignIns(userId: string): Promise<number>;
  close(): Promise<void>;
}

export async function openStore(dataDir: string, clock: () => Date = () => new Date()): Promise<Store> {
  const db = await openDatabase(dataDir);
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  return {
    db,
    users: createUserStore(db, nowSeconds),
    players: createPlayerDataStore(db, nowSeconds),
    nowSeconds,
    deleteExpired: () => deleteExpiredOidcPayloads(db, nowSeconds()),
    endSignIns: (userId) => deleteOidcPayloadsOfAccount(db, userId),
    close: () => db.destroy(),
  };
}
