/**
 * The SQLite store's file: private (DATA_DIR 0700, the database and its -wal and -shm files 0600, since they hold
 * the signing keys), durable (synchronous=FULL in WAL mode: a commit that was reported survives a power loss) and
 * giving freed space back (incremental auto-vacuum, also switched on for a file created before it).
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Sqlite as BetterSqlite3 } from '../../src/store/sqlite-binding.js';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { oidcAdapterFactory } from '../../src/store/oidc-adapter.js';
import { DATABASE_FILE } from '../../src/store/sqlite-database.js';
import { openStore } from '../../src/store/store.js';

const root = mkdtempSync(join(tmpdir(), 'kingshot-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the SQLite file', () => {
  it('DATA_DIR is created 0700 and the database, -wal and -shm files are 0600', async () => {
    const dataDir = join(root, 'fresh', 'var');
    const store = await openStore(dataDir);
    await store.users.create({ email: 'modes@example.com', name: '', password: 'modes-password' });
    const file = join(dataDir, DATABASE_FILE);
    expect(mode(dataDir).toString(8)).toBe('700');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path).toString(8), path).toBe('600');
    await store.close();
  });

  it('an existing store with 0644 files (an older start) is tightened to 0600', async () => {
    const dataDir = join(root, 'older');
    const first = await openStore(dataDir);
    await first.users.create({ email: 'older@example.com', name: '', password: 'older-password' });
    await first.close();
    const file = join(dataDir, DATABASE_FILE);
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '');
    chmodSync(`${file}-wal`, 0o644);
    const again = await openStore(dataDir);
    expect(mode(file).toString(8)).toBe('600');
    expect(mode(`${file}-wal`).toString(8)).toBe('600');
    expect(await again.users.count()).toBe(1);
    await again.close();
  });

  it('runs WAL with synchronous=FULL and incremental auto-vacuum', async () => {
    const store = await openStore(join(root, 'pragmas'));
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(store.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2); // FULL
    expect(await pragma('auto_vacuum')).toBe(2); // INCREMENTAL
    await store.close();
  });

  it('the expiry sweep gives the space of deleted rows back to the file system', async () => {
    let now = 1_790_000_000_000;
    const dataDir = join(root, 'reclaim');
    const store = await openStore(dataDir, { clock: () => new Date(now) });
    const clients = new (oidcAdapterFactory(store.db, { nowSeconds: store.nowSeconds }))('Client');
    const metadata = {
      redirect_uris: Array.from({ length: 400 }, (_, i) => `https://c${i}.example/${'x'.repeat(100)}`),
    };
    for (let i = 0; i < 200; i++) await clients.upsert(`client-${i}`, { client_id: `client-${i}`, ...metadata }, 0);
    const size = async () => {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.db);
      return statSync(join(dataDir, DATABASE_FILE)).size;
    };
    const full = await size();
    expect(full).toBeGreaterThan(8_000_000);
    now += (store.clientLifetimes.unusedSeconds + 1) * 1000;
    expect(await store.deleteExpired()).toBe(200);
    expect(await size()).toBeLessThan(full / 20);
    await store.close();
  });

  it('a file created without auto-vacuum is switched to incremental once (VACUUM), keeping its rows', async () => {
    const dataDir = join(root, 'no-vacuum');
    const first = await openStore(dataDir);
    await first.users.create({ email: 'kept@example.com', name: 'Kept', password: 'kept-password' });
    await first.close();
    // Back to how stores were made before: auto_vacuum NONE.
    const raw = new BetterSqlite3(join(dataDir, DATABASE_FILE));
    raw.pragma('auto_vacuum = NONE');
    raw.exec('vacuum');
    expect(raw.pragma('auto_vacuum', { simple: true })).toBe(0);
    raw.close();
    const again = await openStore(dataDir);
    expect(Object.values((await sql.raw('pragma auto_vacuum').execute(again.db)).rows[0] as object)[0]).toBe(2);
    expect((await again.users.findByEmail('kept@example.com'))?.name).toBe('Kept');
    await again.close();
  });
});

describe('the SQLite binding for this Node', () => {
  it('is better-sqlite3 12 on Node 20 and 13 (Node-API, the better-sqlite3-napi alias) on Node 22 and later', async () => {
    const { SQLITE_BINDING } = await import('../../src/store/sqlite-binding.js');
    const major = Number(process.versions.node.split('.')[0]);
    expect(SQLITE_BINDING).toBe(major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
    const { version } = createRequire(import.meta.url)(`${SQLITE_BINDING}/package.json`) as { version: string };
    expect(version.split('.')[0]).toBe(major >= 22 ? '13' : '12');
  });
});
