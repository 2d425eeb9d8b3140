/**
 * The tables of the service's store, as Kysely sees them. Timestamps are Unix seconds (integers) and JSON documents
 * are text, so the same schema runs on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  /** Random, opaque and stable: the OAuth `sub`. */
  id: string;
  /** Lowercased; unique. */
  email: string;
  name: string;
  /** `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>` (see passwords.ts). */
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface PlayerDocumentsTable {
  user_id: string;
  /** `profile` or `inventory`. */
  kind: string;
  /** The validated JSON document. */
  document: string;
  updated_at: number;
}

export interface PlayerGoalsTable {
  id: Generated<number>;
  user_id: string;
  /** Order in which the goals are listed. */
  position: number;
  active: number;
  /** The validated goal JSON (system, subject, target, ...). */
  goal: string;
  created_at: number;
}

/** oidc-provider's models (sessions, grants, codes, refresh tokens, clients, ...), one row per model instance. */
export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** The client the record belongs to (a Client row: its own id); see client-expiry.ts. */
  client_id: string | null;
  /** Null for records that do not expire (a client while it has grants). */
  expires_at: number | null;
  consumed_at: number | null;
  /** The account (user id) a grant, session or token belongs to; null for clients and interactions. */
  account_id: Generated<string | null>;
  /** A grant: when an access token of it was last accepted (written at most once a minute; see grants.ts). */
  last_used_at: Generated<number | null>;
}

/** Signing keys and cookie keys: generated once, shared by every instance on the store. */
export interface KeysTable {
  name: string;
  value: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  player_documents: PlayerDocumentsTable;
  player_goals: PlayerGoalsTable;
  oidc_payloads: OidcPayloadsTable;
  keys: KeysTable;
}
