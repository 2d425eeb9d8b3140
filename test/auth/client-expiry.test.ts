/**
 * Registered clients expire (on both stores, with a frozen clock): a registration never used is gone after the
 * unused TTL, and then answers invalid_client at authorize and token; a used one (a grant was created for it)
 * stays while it has grants, and goes the idle TTL after its last grant went.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { describeEachStore } from '../support/stores.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8978/callback';
const insecure = { execute: [client.allowInsecureRequests] };
const LIFETIMES = { unusedSeconds: 3600, idleSeconds: 7 * 24 * 3600 };

describeEachStore('client registrations expire', (kind) => {
  let now = Date.parse('2026-11-21T10:00:00Z');
  let svc: ListeningService;
  beforeAll(async () => {
    svc = await listen({ kind, clock: () => new Date(now), clientLifetimes: LIFETIMES });
  });
  afterAll(() => svc.stop());

  const register = () =>
    client.dynamicClientRegistration(
      new URL(svc.baseUrl),
      {
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      client.None(),
      insecure,
    );
  const clientRow = (id: string) =>
    svc.services.store.db
      .selectFrom('oidc_payloads')
      .select(['expires_at'])
      .where('type', '=', 'Client')
      .where('id', '=', id)
      .executeTakeFirst();
  async function authorizeStatus(config: client.Configuration): Promise<{ status: number; html: string }> {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await fetch(url, { redirect: 'manual' });
    return { status: res.status, html: await res.text() };
  }
  async function token(config: client.Configuration, refreshToken: string) {
    const res = await fetch(`${svc.baseUrl}/api/auth/mcp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: config.clientMetadata().client_id,
      }),
    });
    return { status: res.status, json: await res.json() };
  }

  it('an unused registration goes after the unused TTL; a used one stays while it has grants, then goes after the idle TTL', async () => {
    const unused = await register();
    const used = await register();
    const unusedId = unused.clientMetadata().client_id;
    const usedId = used.clientMetadata().client_id;
    const registeredAt = Math.floor(now / 1000);
    expect(await clientRow(unusedId)).toEqual({ expires_at: registeredAt + 3600 });

    // Used: a sign-in with consent creates a grant, and the client stops expiring.
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(used, {
      redirect_uri: REDIRECT,
      scope: 'openid offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await new Browser(REDIRECT).authorize(url, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const tokens = await client.authorizationCodeGrant(used, callback, { pkceCodeVerifier: verifier });
    expect(await clientRow(usedId)).toEqual({ expires_at: null });

    // One second before the unused TTL nothing goes; one second after it the unused registration does.
    now += 3599 * 1000;
    await svc.services.store.deleteExpired();
    expect(await clientRow(unusedId)).toBeDefined();
    now += 2 * 1000;
    await svc.services.store.deleteExpired();
    expect(await clientRow(unusedId)).toBeUndefined();
    const gone = await authorizeStatus(unused);
    expect(gone.status).toBe(400);
    expect(gone.html).toContain('invalid_client');
    const goneToken = await token(unused, 'any-refresh-token');
    expect(goneToken).toEqual({
      status: 401,
      json: { error: 'invalid_client', error_description: 'client authentication failed' },
    });

    // Long past both TTLs, the used client is still there while its grant lives, and its refresh token works.
    now += 10 * 24 * 3600 * 1000; // past both TTLs, within the refresh token's 14 days
    await svc.services.store.deleteExpired();
    expect(await clientRow(usedId)).toEqual({ expires_at: null });
    expect((await authorizeStatus(used)).status).toBe(303);
    const refreshed = await token(used, tokens.refresh_token!);
    expect(refreshed.status).toBe(200);

    // Its grants go (the player's password changed): the idle time starts at the next sweep, then it goes too.
    expect(await svc.services.store.endSignIns(svc.services.demoUserId)).toBeGreaterThan(0);
    await svc.services.store.deleteExpired();
    const idleFrom = Math.floor(now / 1000);
    expect(await clientRow(usedId)).toEqual({ expires_at: idleFrom + 7 * 24 * 3600 });
    expect((await authorizeStatus(used)).status).toBe(303); // still registered during its idle time
    now += (7 * 24 * 3600 + 1) * 1000;
    await svc.services.store.deleteExpired();
    expect(await clientRow(usedId)).toBeUndefined();
    expect((await token(used, refreshed.json.refresh_token)).json.error).toBe('invalid_client');
  });

  it('a swept registration leaves no row behind: no registration access token is stored, and ones older versions stored go with their client', async () => {
    const own = await listen({ kind, clock: () => new Date(now), clientLifetimes: LIFETIMES });
    try {
      const db = own.services.store.db;
      const rowsByType = async () => {
        const rows = await db.selectFrom('oidc_payloads').select(['type']).execute();
        const counts: Record<string, number> = {};
        for (const { type } of rows) counts[type] = (counts[type] ?? 0) + 1;
        return counts;
      };
      const registered = await Promise.all(
        [1, 2, 3].map(async () => {
          const res = await fetch(`${own.baseUrl}/api/auth/mcp/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ redirect_uris: [REDIRECT] }),
          });
          expect(res.status).toBe(201);
          return (await res.json()) as Record<string, unknown>;
        }),
      );
      for (const answer of registered) {
        expect(answer).not.toHaveProperty('registration_access_token');
        expect(answer).not.toHaveProperty('registration_client_uri');
      }
      expect(await rowsByType()).toEqual({ Client: 3 });

      // What an older version left: a registration access token (no expiry) per registration, for a client still
      // registered and for one swept long ago.
      const leftover = (id: string, clientId: string) => ({
        id,
        type: 'RegistrationAccessToken',
        payload: JSON.stringify({ jti: id, clientId, kind: 'RegistrationAccessToken' }),
        grant_id: null,
        uid: null,
        user_code: null,
        client_id: clientId,
        expires_at: null,
        consumed_at: null,
      });
      await db
        .insertInto('oidc_payloads')
        .values([
          leftover('rat-kept', String(registered[0]!.client_id)),
          leftover('rat-orphan', 'client-swept-long-ago'),
        ])
        .execute();
      expect(await rowsByType()).toEqual({ Client: 3, RegistrationAccessToken: 2 });

      // The sweep takes the orphan at once, and the other with its client once the client expires.
      expect(await own.services.store.deleteExpired()).toBe(1);
      expect(await rowsByType()).toEqual({ Client: 3, RegistrationAccessToken: 1 });
      now += (LIFETIMES.unusedSeconds + 1) * 1000;
      expect(await own.services.store.deleteExpired()).toBe(4);
      expect(await rowsByType()).toEqual({});
    } finally {
      await own.stop();
    }
  });

  it('a client that comes back after it expired simply registers again and signs in', async () => {
    const again = await register();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(again, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await new Browser(REDIRECT).authorize(url, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect((await client.authorizationCodeGrant(again, callback, { pkceCodeVerifier: verifier })).access_token).toMatch(
      /^ey/,
    );
  });
});
