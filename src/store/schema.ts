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

/** A signed-in browser on the website: the SHA-256 of its session id (the id itself is only in the cookie). */
export interface SiteSessionsTable {
  id_hash: string;
  user_id: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  /** Ends the session when it goes unused this long (moved on as it is used). */
  idle_expires_at: number;
  /** Ends the session however much it is used. */
  expires_at: number;
}

/** A sign-up waiting for its mailed link; the account is created only when the link is used. */
export interface PendingSignUpsTable {
  id: string;
  /** Normalised (lowercase); not unique: a person may ask again (bounded per address). */
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
  expires_at: number;
}

/** A link mailed to a player: the SHA-256 of its secret, what it is for, and whether it was used. */
export interface MailLinksTable {
  token_hash: string;
  purpose: 'verify-sign-up' | 'reset-password' | 'change-email';
  pending_sign_up_id: string | null;
  user_id: string | null;
  /** For an email change: the address being confirmed. */
  new_email: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface Database {
  users: UsersTable;
  player_documents: PlayerDocumentsTable;
  player_goals: PlayerGoalsTable;
  oidc_payloads: OidcPayloadsTable;
  keys: KeysTable;
  site_sessions: SiteSessionsTable;
  pending_sign_ups: PendingSignUpsTable;
  mail_links: MailLinksTable;
}
