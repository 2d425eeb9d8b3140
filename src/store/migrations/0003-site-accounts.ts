/**
 * The website's own accounts: site sessions (only a hash of each session id is kept), sign-ups waiting for their
 * mailed link, and the mailed links themselves (sign-up verification, password reset, email change; only a hash of
 * each link's secret is kept). Each row carries its expiry, so the sweep deletes what has run out.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './dialects.js';

export function siteAccounts(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('site_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('idle_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_sessions_user').on('site_sessions').column('user_id').execute();
      await db.schema.createIndex('site_sessions_idle').on('site_sessions').column('idle_expires_at').execute();

      await db.schema
        .createTable('pending_sign_ups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pending_sign_ups_email').on('pending_sign_ups').column('email').execute();
      await db.schema.createIndex('pending_sign_ups_expires').on('pending_sign_ups').column('expires_at').execute();

      await db.schema
        .createTable('mail_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('pending_sign_up_id', 'text', (c) => c.references('pending_sign_ups.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('new_email', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('mail_links_user').on('mail_links').column('user_id').execute();
      await db.schema.createIndex('mail_links_pending').on('mail_links').column('pending_sign_up_id').execute();
      await db.schema.createIndex('mail_links_expires').on('mail_links').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['mail_links', 'pending_sign_ups', 'site_sessions'])
        await db.schema.dropTable(table).execute();
    },
  };
}
