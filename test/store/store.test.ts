/** The store: atomic consume, keys generated once, expiry sweep, password hashes, the demo player seeded once. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { seedDemoPlayer } from '../../src/account/seed.js';
import { loadServerKeys } from '../../src/store/keys.js';
import { AlreadyConsumedError, oidcAdapterFactory } from '../../src/store/oidc-adapter.js';
import { hashPassword, verifyPassword } from '../../src/store/passwords.js';
import { openStore } from '../../src/store/store.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('oidc-provider adapter', () => {
  it('consumes a record exactly once, even when two consumers race; the loser revokes the grant', async () => {
    const store = await openStore(':memory:');
    const Adapter = oidcAdapterFactory(store.db, { nowSeconds: () => 1000 });
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('RefreshToken');
    await codes.upsert('code-1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    await tokens.upsert('rt-1', { grantId: 'g1', kind: 'RefreshToken' }, 600);
    const results = await Promise.allSettled([codes.consume('code-1'), codes.consume('code-1')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(AlreadyConsumedError);
    expect(await tokens.find('rt-1')).toBeUndefined();
    await store.close();
  });

  it('returns consumed records with `consumed`, finds by uid, and sweeps only expired rows', async () => {
    let now = 1000;
    const store = await openStore(':memory:', () => new Date(now * 1000));
    const Adapter = oidcAdapterFactory(store.db, { nowSeconds: store.nowSeconds });
    const interactions = new Adapter('Interaction');
    const clients = new Adapter('Client');
    await interactions.upsert('i1', { uid: 'u1', kind: 'Interaction' }, 600);
    await clients.upsert('c1', { client_id: 'c1' } as never, 0);
    expect(await interactions.findByUid('u1')).toEqual({ uid: 'u1', kind: 'Interaction' });
    await interactions.consume('i1');
    expect((await interactions.find('i1'))?.consumed).toBe(1000);
    now = 1601;
    expect(await store.deleteExpired()).toBe(1);
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await clients.find('c1')).toEqual({ client_id: 'c1' });
    await store.close();
  });
});

describe('keys', () => {
  it('are generated on first open and the same after reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kingshot-keys-'));
    dirs.push(dir);
    const first = await openStore(dir);
    const keys = await loadServerKeys(first.db, 1);
    await first.close();
    const second = await openStore(dir);
    expect(await loadServerKeys(second.db, 2)).toEqual(keys);
    expect(keys.signing[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys.signing[0]!.d).toBeDefined();
    expect(keys.cookies[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await second.close();
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

describe('the demo player', () => {
  it('is created in an empty store with a generated password that signs in, and its saved data', async () => {
    const store = await openStore(':memory:');
    const seeded = await seedDemoPlayer(store, {});
    expect(seeded).toMatchObject({ created: true, email: 'demo@kingshot.example', generated: true });
    const password = seeded.created ? seeded.password : '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const user = await store.users.authenticate('demo@kingshot.example', password);
    expect(user?.name).toBe('Demo Governor');
    expect(JSON.parse(JSON.stringify(await store.players.export(user!.id)))).toEqual(JSON.parse(JSON.stringify(DEMO_PLAYER)));
    await store.close();
  });

  it('takes DEMO_EMAIL and DEMO_PASSWORD when given (not marked generated)', async () => {
    const store = await openStore(':memory:');
    expect(await seedDemoPlayer(store, { email: 'Me@Example.com', password: 'my-own-password' })).toEqual({ created: true, email: 'me@example.com', password: 'my-own-password', generated: false });
    expect(await store.users.authenticate('me@example.com', 'my-own-password')).toBeDefined();
    await store.close();
  });

  it('is never created in a store that has users, and an existing password is left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kingshot-seed-'));
    dirs.push(dir);
    const first = await openStore(dir);
    const seeded = await seedDemoPlayer(first, { password: 'first-password' });
    expect(seeded.created).toBe(true);
    await first.close();
    const again = await openStore(dir);
    expect(await seedDemoPlayer(again, { password: 'second-password' })).toEqual({ created: false });
    expect(await again.users.count()).toBe(1);
    expect(await again.users.authenticate('demo@kingshot.example', 'first-password')).toBeDefined();
    expect(await again.users.authenticate('demo@kingshot.example', 'second-password')).toBeUndefined();
    await again.close();
    const other = await openStore(':memory:');
    await other.users.create({ email: 'alice@example.com', name: 'Alice', password: 'alice-password' });
    expect(await seedDemoPlayer(other, {})).toEqual({ created: false });
    expect(await other.users.findByEmail('demo@kingshot.example')).toBeUndefined();
    await other.close();
  });
});
