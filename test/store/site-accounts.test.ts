/**
 * The website's rows in the store, on SQLite and PostgreSQL: a mailed link used by two racing requests lets exactly
 * one through, pending sign-ups stay within their bounds, and the sweep removes what has expired and nothing else.
 */
import { expect, it } from 'vitest';
import { describeEachStore, testStore } from '../support/stores.js';

describeEachStore('site accounts in the store', (kind) => {
  it('two racing uses of one sign-up link create one account', async () => {
    const store = await testStore(kind);
    const bounds = { perAddress: 3, total: 10 };
    const pending = { email: 'race@example.com', name: 'R', passwordHash: 'scrypt$x', lifetimeSeconds: 600, bounds };
    expect(await store.signUps.createPending({ ...pending, tokenHash: 't1' })).toBe('created');
    const results = await Promise.all([store.signUps.complete('t1'), store.signUps.complete('t1')]);
    expect(results.filter((r) => r?.outcome === 'created').length).toBe(1);
    expect(results.filter((r) => r === undefined).length).toBe(1);
    expect(await store.users.count()).toBe(1);
    await store.close();
  });

  it('bounds pending sign-ups per address and in all', async () => {
    const store = await testStore(kind);
    const bounds = { perAddress: 2, total: 3 };
    const make = (email: string, tokenHash: string) =>
      store.signUps.createPending({ email, name: 'B', passwordHash: 'h', tokenHash, lifetimeSeconds: 600, bounds });
    expect(await make('a@example.com', 'a1')).toBe('created');
    expect(await make('A@example.com', 'a2')).toBe('created');
    expect(await make('a@example.com', 'a3')).toBe('address-full');
    expect(await make('b@example.com', 'b1')).toBe('created');
    expect(await make('c@example.com', 'c1')).toBe('store-full');
    expect(await store.signUps.count()).toBe(3);
    expect(await store.mailLinks.count()).toBe(3);
    await store.close();
  });

  it('the sweep deletes expired sessions, pending sign-ups and links, and keeps live ones', async () => {
    let now = 1_000_000;
    const store = await testStore(kind, { clock: () => new Date(now * 1000) });
    const user = await store.users.create({ email: 'sweep@example.com', name: 'S', password: 'long enough 1' });
    await store.siteSessions.create({
      idHash: 's-short',
      userId: user.id,
      userAgent: 'a',
      idleSeconds: 60,
      maxSeconds: 600,
    });
    await store.siteSessions.create({
      idHash: 's-long',
      userId: user.id,
      userAgent: 'b',
      idleSeconds: 600,
      maxSeconds: 600,
    });
    await store.mailLinks.create({
      tokenHash: 'l-short',
      purpose: 'reset-password',
      userId: user.id,
      lifetimeSeconds: 60,
    });
    await store.mailLinks.create({
      tokenHash: 'l-long',
      purpose: 'reset-password',
      userId: user.id,
      lifetimeSeconds: 600,
    });
    const bounds = { perAddress: 3, total: 10 };
    await store.signUps.createPending({
      email: 'p@example.com',
      name: 'P',
      passwordHash: 'h',
      tokenHash: 'p1',
      lifetimeSeconds: 60,
      bounds,
    });
    now += 61;
    expect(await store.deleteExpired()).toBe(4); // a session, a reset link, a pending sign-up and its link
    expect((await store.siteSessions.listOfUser(user.id)).map((s) => s.idHash)).toEqual(['s-long']);
    expect(await store.mailLinks.usable('l-long', 'reset-password')).toBe(true);
    expect(await store.mailLinks.count()).toBe(1);
    expect(await store.signUps.count()).toBe(0);
    await store.close();
  });
});
