/**
 * The player's pages behind the real site session (accounts-core's middlewares and layout), on both stores: a page
 * needs a session; a form without the session's CSRF token, or with another session's, is refused and changes
 * nothing; a save goes through; revoking an app on the apps page makes its very next call get 401.
 */
import { expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { profileValues } from '../../src/site-account/player-pages/profile-form.js';
import { accountApp, accountServices, callAccountTool, mintAccessToken } from '../account-helpers.js';
import { BASE } from '../helpers.js';
import { signedInPlayer } from '../support/site-account.js';
import { describeEachStore } from '../support/stores.js';
import { versionOn } from './harness.js';

describeEachStore('the player pages with the site session', (kind) => {
  it('need a session, refuse a missing or foreign CSRF token, and save with the right one', async () => {
    const services = await accountServices({ kind });
    const app = accountApp(services);
    const player = await signedInPlayer(services.store, services.keys, { name: 'Real Session' });
    const other = await signedInPlayer(services.store, services.keys);
    for (const path of [
      '/account',
      '/account/profile',
      '/account/inventory',
      '/account/goals',
      '/account/plan',
      '/account/apps',
    ])
      expect((await app.request(`${BASE}${path}`)).status, path).toBe(303);
    const page = await app.request(`${BASE}/account/profile`, { headers: { cookie: player.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('aria-current="page">Profile</a>');
    const save = (csrf: string | undefined) =>
      app.request(`${BASE}/account/profile`, {
        method: 'POST',
        headers: { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
        body: new URLSearchParams({
          ...profileValues(DEMO_PLAYER.profile),
          version: versionOn(html),
          ...(csrf !== undefined ? { csrf } : {}),
        }).toString(),
      });
    expect((await save(undefined)).status).toBe(403);
    expect((await save(other.csrf)).status).toBe(403);
    expect(await services.store.players.readerFor(player.user.id).profile()).toBeUndefined();
    const saved = await save(player.csrf);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/account/profile?saved=1');
    expect((await services.store.players.readerFor(player.user.id).profile())?.value.player_id).toBe(
      DEMO_PLAYER.profile.player_id,
    );
  });

  it('revoking an app on the apps page: its next call gets 401 on this instance at once', async () => {
    const services = await accountServices({ kind });
    const app = accountApp(services);
    const player = await signedInPlayer(services.store, services.keys);
    await services.store.players.replace(player.user.id, DEMO_PLAYER);
    const token = await mintAccessToken(services, player.user.id);
    expect((await callAccountTool(app, token, 'get_my_goals')).status).toBe(200);
    const page = await (await app.request(`${BASE}/account/apps`, { headers: { cookie: player.cookie } })).text();
    const grant = /data-grant="([^"]+)"/.exec(page)?.[1];
    expect(grant).toMatch(/^grant-/);
    const revoked = await app.request(`${BASE}/account/apps/revoke`, {
      method: 'POST',
      headers: { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
      body: new URLSearchParams({ csrf: player.csrf, grant: grant! }).toString(),
    });
    expect(revoked.status).toBe(303);
    const after = await callAccountTool(app, token, 'get_my_goals');
    expect(after.status).toBe(401);
  });

  it.each([
    ['a password change', '/account/settings/password', { password: 'amber lantern orchard 93' }],
    ['deleting the account', '/account/settings/delete', {}],
  ])('%s ends the apps: their tokens get 401 on this instance at once', async (_, path, fields) => {
    // A clock that stands still: the grant check's memory never runs out, so only forgetting the grant refuses it.
    const now = new Date();
    const services = await accountServices({ kind, clock: () => now });
    const app = accountApp(services, { clock: () => now });
    const player = await signedInPlayer(services.store, services.keys);
    await services.store.players.replace(player.user.id, DEMO_PLAYER);
    const token = await mintAccessToken(services, player.user.id, { now });
    expect((await callAccountTool(app, token, 'get_my_goals')).status).toBe(200);
    const done = await app.request(`${BASE}${path}`, {
      method: 'POST',
      headers: { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
      body: new URLSearchParams({ csrf: player.csrf, current: player.password, ...fields }).toString(),
    });
    expect(done.status).toBe(200);
    expect((await callAccountTool(app, token, 'get_my_goals')).status).toBe(401);
  });
});
