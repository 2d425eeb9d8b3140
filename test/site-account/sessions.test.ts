/**
 * Site sessions on both stores: the cookie reads as the signed-in player, pages need one, sign-in makes a new id
 * (a planted cookie is never kept), sign-out needs the session's own CSRF token, and sessions expire.
 */
import { describe, expect, it } from 'vitest';
import { accountApp, accountServices } from '../account-helpers.js';
import { createApp } from '../../src/app.js';
import { BASE, testConfig } from '../helpers.js';
import { describeEachStore } from '../support/stores.js';
import { signedInPlayer, siteSessionFor, verifiedUser } from '../support/site-account.js';
import { secretHash } from '../../src/site-account/session.js';

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

describeEachStore('site sessions', (kind) => {
  it('a page needs a session: without one it sends the browser to sign in and back', async () => {
    const services = await accountServices({ kind });
    const app = accountApp(services);
    const res = await app.request(`${BASE}/account?tab=1`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account/sign-in?next=%2Faccount%3Ftab%3D1');
  });

  it('the cookie of a live session reads as its player; an unknown or expired one as nobody', async () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const services = await accountServices({ kind, clock: () => new Date(now) });
    const app = accountApp(services, { clock: () => new Date(now) });
    const player = await signedInPlayer(services.store, services.keys, { name: 'Ana <b>' });
    const res = await app.request(`${BASE}/account`, { headers: { cookie: player.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Signed in as <strong>Ana &lt;b&gt;</strong>');
    expect(html).toContain(`name="csrf" value="${player.csrf}"`);
    const unknown = await app.request(`${BASE}/account`, { headers: { cookie: `ks_site=${'A'.repeat(43)}` } });
    expect(unknown.status).toBe(303);
    now += 7 * 24 * 3600 * 1000 + 1000; // past the idle expiry
    expect((await app.request(`${BASE}/account`, { headers: { cookie: player.cookie } })).status).toBe(303);
    expect(await services.store.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await services.store.siteSessions.listOfUser(player.user.id)).toEqual([]);
  });

  it('signing in makes a new session id: a cookie planted before sign-in is not kept', async () => {
    const services = await accountServices({ kind });
    const app = accountApp(services);
    const { user, password } = await verifiedUser(services.store, { email: 'fix@example.com' });
    const planted = await siteSessionFor(services.store, services.keys, user);
    const res = await app.request(`${BASE}/account/sign-in`, {
      method: 'POST',
      headers: { cookie: planted.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
      body: form({ email: 'fix@example.com', password, next: '/account/settings' }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account/settings');
    const setCookie = res.headers.get('set-cookie') ?? '';
    const issued = /ks_site=([A-Za-z0-9_-]{43})/.exec(setCookie)?.[1];
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted.sessionId);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(await services.store.siteSessions.find(secretHash(planted.sessionId))).toBeUndefined();
    expect((await services.store.siteSessions.find(secretHash(issued!)))?.user.id).toBe(user.id);
  });

  it('a wrong password is refused with the same words for an unknown email', async () => {
    const services = await accountServices({ kind });
    const app = accountApp(services);
    await verifiedUser(services.store, { email: 'known@example.com' });
    const attempt = async (email: string) => {
      const res = await app.request(`${BASE}/account/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ email, password: 'not the password', next: '/account' }),
      });
      return { status: res.status, body: (await res.text()).replace(/value="[^"]*@example.com"/, '') };
    };
    const known = await attempt('known@example.com');
    const unknown = await attempt('unknown@example.com');
    expect(known.status).toBe(401);
    expect(unknown).toEqual(known);
    expect(known.body).toContain('The email or password is wrong.');
  });

  it('sign-out without the CSRF token or with another session’s is refused (403) and the session stays', async () => {
    const services = await accountServices({ kind });
    const app = accountApp(services);
    const a = await signedInPlayer(services.store, services.keys);
    const b = await signedInPlayer(services.store, services.keys);
    for (const csrf of [undefined, b.csrf, 'x']) {
      const res = await app.request(`${BASE}/account/sign-out`, {
        method: 'POST',
        headers: { cookie: a.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: form(csrf === undefined ? {} : { csrf }),
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('missing its security token');
    }
    const crossSite = await app.request(`${BASE}/account/sign-out`, {
      method: 'POST',
      headers: {
        cookie: a.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: form({ csrf: a.csrf }),
    });
    expect(crossSite.status).toBe(403);
    expect((await services.store.siteSessions.listOfUser(a.user.id)).length).toBe(1);
    const ok = await app.request(`${BASE}/account/sign-out`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
      body: form({ csrf: a.csrf }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('You are signed out.');
    expect(await services.store.siteSessions.listOfUser(a.user.id)).toEqual([]);
    expect((await services.store.siteSessions.listOfUser(b.user.id)).length).toBe(1);
  });
});

describe('session cookie under https', () => {
  it('is Secure and __Host- prefixed', async () => {
    const baseUrl = 'https://kingshot.example';
    const services = await accountServices({ baseUrl });
    const app = createApp({
      logError: () => undefined,
      config: testConfig({ baseUrl, allowedHosts: new Set(['kingshot.example']), allowedOrigins: new Set([baseUrl]) }),
      account: services,
    });
    const { user, password } = await verifiedUser(services.store, { email: 'tls@example.com' });
    const res = await app.request(`${baseUrl}/account/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ email: user.email, password }),
    });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^__Host-ks_site=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});

describe('where sign-in returns to', () => {
  it('only ever a path under /account of this site', async () => {
    const { safeNext } = await import('../../src/site-account/sign-in.js');
    expect(safeNext('/account/goals?x=1')).toBe('/account/goals?x=1');
    expect(safeNext('/account')).toBe('/account');
    for (const bad of ['//evil.example/account', 'https://evil.example/account', '/accounts-evil', '/\\evil', '/', 7])
      expect(safeNext(bad)).toBe('/account');
  });
});
