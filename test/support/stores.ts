/**
 * The suite on both stores: `describeEachStore` runs a block once on SQLite and once on PostgreSQL (skipped, with
 * the one line of the global setup, where no server is reachable), and `testStoreLocation` gives each use a fresh
 * store of its kind (a temporary directory or `:memory:`, or a throw-away database dropped after the file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, inject } from 'vitest';
import type { StoreLocation } from '../../src/store/database.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import { afterFile } from './after-file.js';
import { createTestDatabase } from './postgres.js';

export type StoreKind = StoreLocation['kind'];
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

/** Connections per store in tests: several checkouts share one server with 100 connections. */
export const TEST_POOL_SIZE = 4;

/**
 * The scrypt cost of the tests' new password hashes: 2^10 instead of the service's 2^15, 32 times cheaper, which
 * took the sign-in-heavy files from 56 s to 24 s. The cost tests (test/store/store.test.ts) pin the service's own.
 */
export const TEST_PASSWORD_HASHING = { N: 2 ** 10, r: 8, p: 1 } as const;

const postgres = inject('postgres');

export function storeAvailable(kind: StoreKind): boolean {
  return kind === 'sqlite' || postgres.available;
}

/** `describe` once per store kind, named `<name> [sqlite]` / `<name> [postgres]`. */
export function describeEachStore(name: string, body: (kind: StoreKind) => void): void {
  for (const kind of STORE_KINDS) describe.skipIf(!storeAvailable(kind))(`${name} [${kind}]`, () => body(kind));
}

/**
 * A new, empty store location of `kind`, removed after the test file. `persistent` asks SQLite for a directory
 * (to reopen or inspect) rather than `:memory:`.
 */
export async function testStoreLocation(
  kind: StoreKind,
  options: { persistent?: boolean } = {},
): Promise<StoreLocation> {
  if (kind === 'sqlite') {
    if (!options.persistent) return { kind: 'sqlite', dataDir: ':memory:' };
    const dir = mkdtempSync(join(tmpdir(), 'kingshot-store-'));
    afterFile(() => rmSync(dir, { recursive: true, force: true }));
    return { kind: 'sqlite', dataDir: dir };
  }
  if (!postgres.available) throw new Error(`PostgreSQL is not available: ${postgres.reason}`);
  const database = await createTestDatabase(postgres.adminUrl);
  afterFile(database.drop);
  return { kind: 'postgres', url: database.url };
}

/** A fresh store of `kind` (closed and removed after the file if the test does not close it). */
export async function testStore(
  kind: StoreKind,
  options: StoreOptions & { location?: StoreLocation; persistent?: boolean } = {},
): Promise<Store> {
  const { location, persistent, ...storeOptions } = options;
  const store = await openStore(location ?? (await testStoreLocation(kind, persistent ? { persistent } : {})), {
    poolSize: TEST_POOL_SIZE,
    passwordHashing: TEST_PASSWORD_HASHING,
    ...storeOptions,
  });
  let closed = false;
  const close = store.close;
  const once = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  afterFile(once);
  return Object.assign(store, { close: once });
}
