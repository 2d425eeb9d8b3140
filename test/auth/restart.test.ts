/**
 * State that must outlive a restart (a client keeps its client_id and refresh token across the server's restarts):
 * client registrations, refresh tokens and signing keys survive; and the registration and token endpoints and the
 * sign-in form are rate limited.
 */
import * as client from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { MCP_HEADERS } from '../helpers.js';
import { describeEachStore } from '../support/stores.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const insecure = { execute: [client.allowInsecureRequests] };
const running: ListeningService[] = [];
afterAll(async () => {
  for (const s of running) await s.stop().catch(() => undefined);
});

async function goals(base: string, accessToken: string): Promise<number> {
  const res = await fetch(`${base}/mcp/account`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_my_goals', arguments: {} },
    }),
  });
  return res.status;
}

describeEachStore('a restart mid-session', (kind) => {
  it('keeps registrations, refresh tokens and keys', async () => {
    const first = await listen({ kind });
    running.push(first);
    const base = first.baseUrl;
    const config = await client.dynamicClientRegistration(
      new URL(base),
      {
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      client.None(),
      insecure,
    );
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await new Browser(REDIRECT).authorize(url, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    const jwksBefore = await (await fetch(`${base}/api/auth/mcp/jwks`)).json();

    await first.stop();
    const second = await listen({ location: first.location, port: first.port });
    running.push(second);

    expect(await (await fetch(`${base}/api/auth/mcp/jwks`)).json()).toEqual(jwksBefore);
    // The access token issued before the restart still verifies (same key).
    expect(await goals(base, tokens.access_token)).toBe(200);
    // The client registered before the restart can still authorize (an unknown client would get a 400 page).
    const again = await fetch(
      client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/^\/interaction\//);
    // The refresh token issued before the restart refreshes, and rotation continues.
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await goals(base, refreshed.access_token)).toBe(200);
  });
});

describe('rate limits on the authorization server', () => {
  it('registration and token endpoints answer 429 past the limit, each counted separately', async () => {
    const svc = await listen({ authRateLimitPerMinute: 2 });
    running.push(svc);
    const register = () =>
      fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      });
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).error).toBe('temporarily_unavailable');
    const token = () =>
      fetch(`${svc.baseUrl}/api/auth/mcp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&refresh_token=x&client_id=y',
      });
    expect((await token()).status).toBe(401); // invalid_client: counted all the same
    expect((await token()).status).toBe(401);
    expect((await token()).status).toBe(429);
  });

  it('the sign-in form answers 429 past the limit, even to the right password, and says why', async () => {
    const svc = await listen({ authRateLimitPerMinute: 2 });
    running.push(svc);
    const config = await client.dynamicClientRegistration(
      new URL(svc.baseUrl),
      {
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      client.None(),
      insecure,
    );
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = new Browser(REDIRECT);
    const login = await browser.follow(url);
    const pageUrl = new URL(login.page!.url);
    const attempt = (password: string) =>
      browser.submit(pageUrl, login.html!, '/login', { email: DEMO_EMAIL, password });
    expect((await attempt('wrong-password-1')).page!.status).toBe(401);
    expect((await attempt('wrong-password-2')).page!.status).toBe(401);
    const limited = await attempt(DEMO_PASSWORD);
    expect(limited.callback).toBeUndefined();
    expect(limited.page!.status).toBe(429);
    expect(limited.html).toContain('Too many sign-in attempts from this address. Wait a minute and try again.');
  });
});
