/**
 * The store on SQLite and on PostgreSQL: atomic consume, keys generated once (also when instances race), migrations
 * when instances start at once, the expiry sweep, int8 values as numbers, the demo player seeded once; and
 * password hashes.
 */
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { seedDemoPlayer } from '../../src/store/seed.js';
import { loadServerKeys } from '../../src/store/keys.js';
import { migrationProvider } from '../../src/store/migrations.js';
import { AlreadyConsumedError, oidcAdapterFactory } from '../../src/store/oidc-adapter.js';
import { hashPassword, verifyPassword } from '../../src/store/passwords.js';
import type { Store } from '../../src/store/store.js';
import { appliedMigrations } from '../support/applied-migrations.js';
import { describeEachStore, storeAvailable, testStore, testStoreLocation } from '../support/stores.js';

describeEachStore('oidc-provider adapter', (kind) => {
  it('consumes a record exactly once, even when three consumers race; the losers revoke the grant', async () => {
    const store = await testStore(kind);
    const Adapter = oidcAdapterFactory(store.db, { nowSeconds: () => 1000 });
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('RefreshToken');
    await codes.upsert('code-1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    await tokens.upsert('rt-1', { grantId: 'g1', kind: 'RefreshToken' }, 600);
    const results = await Promise.allSettled([
      codes.consume('code-1'),
      codes.consume('code-1'),
      codes.consume('code-1'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected', 'rejected']);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(AlreadyConsumedError);
    expect(await tokens.find('rt-1')).toBeUndefined();
    await store.close();
  });

  it('returns consumed records with `consumed` (a number), finds by uid, and sweeps only expired rows', async () => {
    let now = 1000;
    const store = await testStore(kind, { clock: () => new Date(now * 1000) });
    const Adapter = oidcAdapterFactory(store.db, { nowSeconds: store.nowSeconds });
    const interactions = new Adapter('Interaction');
    const sessions = new Adapter('Session');
    await interactions.upsert('i1', { uid: 'u1', kind: 'Interaction' }, 600);
    await sessions.upsert('s1', { uid: 'u2', kind: 'Session' }, 3600);
    expect(await interactions.findByUid('u1')).toEqual({ uid: 'u1', kind: 'Interaction' });
    await interactions.consume('i1');
    expect((await interactions.find('i1'))?.consumed).toBe(1000);
    now = 1601;
    expect(await store.deleteExpired()).toBe(1);
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await sessions.find('s1')).toEqual({ uid: 'u2', kind: 'Session' });
    const row = await store.db
      .selectFrom('oidc_payloads')
      .select(['expires_at', 'consumed_at'])
      .where('id', '=', 's1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ expires_at: 4600, consumed_at: null });
    await store.close();
  });
});

describeEachStore('keys', (kind) => {
  it('are generated on first open and the same after reopening', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const first = await testStore(kind, { location });
    const keys = await loadServerKeys(first.db, 1);
    await first.close();
    const second = await testStore(kind, { location });
    expect(await loadServerKeys(second.db, 2)).toEqual(keys);
    expect(keys.signing[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys.signing[0]!.d).toBeDefined();
    expect(keys.cookies[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await second.close();
  });
});

describeEachStore('upgrading a store from before client expiry', (kind) => {
  it('0002 fills client_id from the stored payloads, so grants written before it keep their clients alive', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const old = await testStore(kind, { location, clock: () => new Date(1_790_000_000_000) });
    const { error } = await new Migrator({ db: old.db, provider: migrationProvider(old.dialect) }).migrateTo(
      '0001_initial',
    );
    expect(error).toBeUndefined();
    // Rows as 0001 stored them: no client_id column, clients without expiry.
    await sql`insert into oidc_payloads (id, type, payload, grant_id, expires_at) values ('c-used', 'Client', '{"client_id":"c-used"}', null, null), ('c-idle', 'Client', '{"client_id":"c-idle"}', null, null), ('g-1', 'Grant', '{"clientId":"c-used","accountId":"a"}', 'g-1', 1790999999)`.execute(
      old.db,
    );
    await old.close();
    const upgraded = await testStore(kind, { location, clock: () => new Date(1_790_000_000_000) });
    const rows = await upgraded.db.selectFrom('oidc_payloads').select(['id', 'client_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'c-idle', client_id: 'c-idle' },
      { id: 'c-used', client_id: 'c-used' },
      { id: 'g-1', client_id: 'c-used' },
    ]);
    await upgraded.deleteExpired();
    const clients = await upgraded.db
      .selectFrom('oidc_payloads')
      .select(['id', 'expires_at'])
      .where('type', '=', 'Client')
      .orderBy('id')
      .execute();
    expect(clients).toEqual([
      { id: 'c-idle', expires_at: 1_790_000_000 + 30 * 24 * 3600 },
      { id: 'c-used', expires_at: null },
    ]);
    await upgraded.close();
  });
});

describeEachStore('upgrading a store from before connected apps', (kind) => {
  it("0003 fills account_id from the stored payloads, so grants written before it are listed as the player's apps", async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const old = await testStore(kind, { location, clock: () => new Date(1_790_000_000_000) });
    const { error } = await new Migrator({ db: old.db, provider: migrationProvider(old.dialect) }).migrateTo(
      '0003_site_accounts',
    );
    expect(error).toBeUndefined();
    await sql`insert into oidc_payloads (id, type, payload, grant_id, client_id, expires_at) values ('c-1', 'Client', '{"client_id":"c-1","client_name":"Old App","redirect_uris":["https://old.example/cb"]}', null, 'c-1', null), ('g-1', 'Grant', '{"clientId":"c-1","accountId":"a","iat":1789999000,"openid":{"scope":"openid"}}', null, 'c-1', 1790999999), ('s-1', 'Session', '{"accountId":"a"}', null, null, 1790999999)`.execute(
      old.db,
    );
    await old.close();
    const upgraded = await testStore(kind, { location, clock: () => new Date(1_790_000_000_000) });
    const rows = await upgraded.db.selectFrom('oidc_payloads').select(['id', 'account_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'c-1', account_id: null },
      { id: 'g-1', account_id: 'a' },
      { id: 's-1', account_id: 'a' },
    ]);
    expect(await upgraded.grants.appsOf('a')).toEqual([
      {
        grantId: 'g-1',
        clientId: 'c-1',
        name: 'Old App',
        redirectHosts: ['old.example'],
        scopes: ['openid'],
        grantedAt: 1789999000,
        lastUsedAt: null,
      },
    ]);
    await upgraded.close();
  });
});

describeEachStore('column types', (kind) => {
  it('times are numbers on both dialects (PostgreSQL int8 is parsed), goal ids too', async () => {
    const store = await testStore(kind, { clock: () => new Date(1_790_000_000_000) });
    const user = await store.users.create({ email: 'times@example.com', name: 'T', password: 'times-password' });
    await store.players.replace(user.id, { goals: DEMO_PLAYER.goals, profile: DEMO_PLAYER.profile });
    expect(await store.users.findById(user.id)).toMatchObject({ createdAt: 1_790_000_000, updatedAt: 1_790_000_000 });
    expect((await store.players.readerFor(user.id).profile())?.updatedAt).toBe(1_790_000_000);
    const goals = await store.players.readerFor(user.id).goals();
    expect(goals.map((g) => typeof g.id)).toEqual(DEMO_PLAYER.goals.map(() => 'number'));
    expect(goals.map((g) => g.goal)).toEqual(DEMO_PLAYER.goals);
    expect(await store.users.count()).toBe(1);
    await store.close();
  });
});

/**
 * Several instances on one shared database. PostgreSQL only in-process: SQLite is one store per process (the
 * service, or the CLI beside it), and better-sqlite3 waits for a lock synchronously, so two stores of one process
 * would block each other; sqlite-processes.test.ts races separate processes on one file instead.
 */
describe.skipIf(!storeAvailable('postgres'))('instances on one database [postgres]', () => {
  const kind = 'postgres';
  it('two stores on one database (two instances): one consume wins, and the replays end the grant', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const [a, b] = [await testStore(kind, { location }), await testStore(kind, { location })];
    const codesA = new (oidcAdapterFactory(a.db, { nowSeconds: () => 1000 }))('AuthorizationCode');
    const codesB = new (oidcAdapterFactory(b.db, { nowSeconds: () => 1000 }))('AuthorizationCode');
    await codesA.upsert('code-2', { grantId: 'g2', kind: 'AuthorizationCode' }, 60);
    const results = await Promise.allSettled([
      codesA.consume('code-2'),
      codesB.consume('code-2'),
      codesA.consume('code-2'),
      codesB.consume('code-2'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await codesA.find('code-2')).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  it('several instances starting at once on one fresh database migrate it once, and all of them work', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const stores: Store[] = await Promise.all([1, 2, 3, 4].map(() => testStore(kind, { location })));
    expect(await appliedMigrations(stores[0]!.db)).toEqual([
      '0001_initial',
      '0002_client_expiry',
      '0003_site_accounts',
      '0004_grant_owner_and_use',
    ]);
    const users = await Promise.all(
      stores.map((s, i) => s.users.create({ email: `racer${i}@example.com`, name: '', password: 'racer-password' })),
    );
    expect(await stores[3]!.users.count()).toBe(4);
    expect((await stores[1]!.users.findById(users[2]!.id))?.email).toBe('racer2@example.com');
    await Promise.all(stores.map((s) => s.close()));
  });

  it('instances racing on their first start agree on one key set', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const stores = await Promise.all([1, 2, 3].map(() => testStore(kind, { location })));
    const sets = await Promise.all(stores.map((store, i) => loadServerKeys(store.db, i)));
    expect(sets[1]).toEqual(sets[0]);
    expect(sets[2]).toEqual(sets[0]);
    expect(await stores[0]!.db.selectFrom('keys').select('name').orderBy('name').execute()).toEqual([
      { name: 'cookie_keys' },
      { name: 'signing_jwks' },
    ]);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('instances seeding one empty store at once create it once', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const stores = await Promise.all([1, 2, 3].map(() => testStore(kind, { location })));
    const results = await Promise.all(stores.map((s) => seedDemoPlayer(s, { password: 'racing-password' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await stores[0]!.users.count()).toBe(1);
    await Promise.all(stores.map((s) => s.close()));
  });
});

describe('passwords', () => {
  it('scrypt with a per-hash salt and its parameters stored in the hash', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    const cheap = await hashPassword('x-password', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('x-password', cheap)).toBe(true);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});

describe('the cost of new password hashes', () => {
  const storedHash = async (store: Store, email: string) =>
    (await store.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
      .password_hash;

  it("is the service's 2^15 unless the store is opened with another, and a hash of either cost signs in", async () => {
    const location = await testStoreLocation('sqlite', { persistent: true });
    const service = await testStore('sqlite', { location, passwordHashing: undefined });
    await service.users.create({ email: 'a@example.com', name: 'A', password: 'a-long-password' });
    expect(await storedHash(service, 'a@example.com')).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await service.users.hashPassword('b-long-password')).toMatch(/^scrypt\$32768\$8\$1\$/);
    await service.close();

    const cheap = await testStore('sqlite', { location });
    await cheap.users.create({ email: 'c@example.com', name: 'C', password: 'c-long-password' });
    expect(await storedHash(cheap, 'c@example.com')).toMatch(/^scrypt\$1024\$8\$1\$/);
    await cheap.users.setPassword('a@example.com', 'a-newer-password');
    expect(await storedHash(cheap, 'a@example.com')).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect((await cheap.users.authenticate('a@example.com', 'a-newer-password'))?.email).toBe('a@example.com');
    expect((await cheap.users.authenticate('c@example.com', 'c-long-password'))?.email).toBe('c@example.com');
    expect(await cheap.users.authenticate('c@example.com', 'a-newer-password')).toBeUndefined();
    expect(await cheap.users.authenticate('nobody@example.com', 'c-long-password')).toBeUndefined();
  });
});

describeEachStore('the demo player', (kind) => {
  it('is created in an empty store with a generated password that signs in, and its saved data', async () => {
    const store = await testStore(kind);
    const seeded = await seedDemoPlayer(store, {});
    expect(seeded).toMatchObject({ created: true, email: 'demo@kingshot.example', generated: true });
    const password = seeded.created ? seeded.password : '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const user = await store.users.authenticate('demo@kingshot.example', password);
    expect(user?.name).toBe('Demo Governor');
    expect(JSON.parse(JSON.stringify(await store.players.export(user!.id)))).toEqual(
      JSON.parse(JSON.stringify(DEMO_PLAYER)),
    );
    await store.close();
  });

  it('takes DEMO_EMAIL and DEMO_PASSWORD when given (not marked generated)', async () => {
    const store = await testStore(kind);
    expect(await seedDemoPlayer(store, { email: 'Me@Example.com', password: 'my-own-password' })).toEqual({
      created: true,
      email: 'me@example.com',
      password: 'my-own-password',
      generated: false,
    });
    expect(await store.users.authenticate('me@example.com', 'my-own-password')).toMatchObject({
      email: 'me@example.com',
    });
    await store.close();
  });

  it('is never created in a store that has users, and an existing password is left alone', async () => {
    const location = await testStoreLocation(kind, { persistent: true });
    const first = await testStore(kind, { location });
    const seeded = await seedDemoPlayer(first, { password: 'first-password' });
    expect(seeded.created).toBe(true);
    await first.close();
    const again = await testStore(kind, { location });
    expect(await seedDemoPlayer(again, { password: 'second-password' })).toEqual({ created: false });
    expect(await again.users.count()).toBe(1);
    expect(await again.users.authenticate('demo@kingshot.example', 'first-password')).toMatchObject({
      email: 'demo@kingshot.example',
    });
    expect(await again.users.authenticate('demo@kingshot.example', 'second-password')).toBeUndefined();
    await again.close();
    const other = await testStore(kind);
    await other.users.create({ email: 'alice@example.com', name: 'Alice', password: 'alice-password' });
    expect(await seedDemoPlayer(other, {})).toEqual({ created: false });
    expect(await other.users.findByEmail('demo@kingshot.example')).toBeUndefined();
    await other.close();
  });
});
