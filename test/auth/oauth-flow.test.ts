/**
 * The authorization server end to end, with openid-client 6 as the client against a listening server: discovery,
 * dynamic registration, PKCE, sign-in, consent, tokens, refresh, and the security rules of
 * docs/oauth-and-security.md.
 */
import * as client from 'openid-client';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADERS } from '../../src/auth/pages.js';
import { runCli } from '../../src/cli/main.js';
import { DEMO_EMAIL, DEMO_PASSWORD, errorPageTarget, listen, type ListeningService } from '../account-helpers.js';
import { describeEachStore } from '../support/stores.js';
import { MCP_HEADERS } from '../helpers.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const DEMO = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const insecure = { execute: [client.allowInsecureRequests] };

describeEachStore('the authorization server', (kind) => {
  let svc: ListeningService;
  let base: string;
  let resource: string;

  beforeAll(async () => {
    svc = await listen({ kind });
    base = svc.baseUrl;
    resource = `${base}/mcp/account`;
  });
  afterAll(async () => {
    await svc.stop();
  });

  async function register(metadata: Record<string, unknown> = {}): Promise<client.Configuration> {
    return client.dynamicClientRegistration(
      new URL(base),
      {
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        client_name: 'flow test',
        ...metadata,
      },
      client.None(),
      insecure,
    );
  }

  interface Started {
    url: URL;
    verifier: string;
    state: string;
  }
  async function start(config: client.Configuration, params: Record<string, string> = {}): Promise<Started> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...params,
    });
    return { url, verifier, state };
  }

  async function signIn(config: client.Configuration, params: Record<string, string> = {}) {
    const started = await start(config, params);
    const { callback, pages } = await new Browser(REDIRECT).authorize(started.url, DEMO);
    return { ...started, callback, pages };
  }

  async function tokensFor(config: client.Configuration, params: Record<string, string> = {}) {
    const s = await signIn(config, params);
    return client.authorizationCodeGrant(config, s.callback, { pkceCodeVerifier: s.verifier, expectedState: s.state });
  }

  async function rawToken(
    config: client.Configuration,
    body: Record<string, string>,
  ): Promise<{ status: number; json: any; headers: Headers }> {
    const res = await fetch(`${base}/api/auth/mcp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientMetadata().client_id, ...body }),
    });
    return { status: res.status, json: await res.json(), headers: res.headers };
  }

  async function callGoals(accessToken: string): Promise<{ status: number; json: any }> {
    const res = await fetch(resource, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'get_my_goals', arguments: {} },
      }),
    });
    return { status: res.status, json: await res.json() };
  }

  describe('metadata', () => {
    it('RFC 8414: issuer is BASE_URL byte for byte, code + S256 only, no implicit or password grants', async () => {
      const meta = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
      expect(meta.issuer).toBe(base);
      expect(meta.authorization_endpoint).toBe(`${base}/api/auth/mcp/authorize`);
      expect(meta.token_endpoint).toBe(`${base}/api/auth/mcp/token`);
      expect(meta.registration_endpoint).toBe(`${base}/api/auth/mcp/register`);
      expect(meta.jwks_uri).toBe(`${base}/api/auth/mcp/jwks`);
      expect(meta.revocation_endpoint).toBe(`${base}/api/auth/mcp/revoke`);
      expect(meta.code_challenge_methods_supported).toEqual(['S256']);
      expect(meta.response_types_supported).toEqual(['code']);
      expect(meta.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
      expect(meta.scopes_supported).toEqual(['openid', 'profile', 'email', 'offline_access']);
      expect(meta.authorization_response_iss_parameter_supported).toBe(true);
    });

    it('RFC 9728: the same document at the path-aware and the root URI, resource exactly the endpoint URL', async () => {
      for (const path of [
        '/.well-known/oauth-protected-resource/mcp/account',
        '/.well-known/oauth-protected-resource',
      ]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        const prm = await res.json();
        expect(prm).toMatchObject({
          resource: `${base}/mcp/account`,
          authorization_servers: [base],
          bearer_methods_supported: ['header'],
          scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        });
      }
    });

    it('the JWKS publishes one ES256 public key (no private part)', async () => {
      const jwks = await (await fetch(`${base}/api/auth/mcp/jwks`)).json();
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(jwks.keys[0]).not.toHaveProperty('d');
    });
  });

  describe('behind a TLS proxy', () => {
    let proxied: ListeningService;
    const PUBLIC = 'https://kingshot.test';
    beforeAll(async () => {
      proxied = await listen({ kind, baseUrl: PUBLIC });
    });
    afterAll(async () => {
      await proxied.stop();
    });
    const direct = (path: string) => `http://127.0.0.1:${proxied.port}${path}`;

    it('every URL in the metadata is on BASE_URL, whatever X-Forwarded-Host or -Proto the client sends', async () => {
      for (const headers of [
        {},
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'kingshot.test.evil.example' },
      ] as Record<string, string>[]) {
        const meta = await (await fetch(direct('/.well-known/oauth-authorization-server'), { headers })).json();
        expect(meta.issuer).toBe(PUBLIC);
        const urls = Object.entries(meta).filter(([name]) => name.endsWith('_endpoint') || name.endsWith('_uri'));
        expect(urls.length).toBeGreaterThanOrEqual(5);
        for (const [name, url] of urls)
          expect(url, `${name} with ${JSON.stringify(headers)}`).toMatch(/^https:\/\/kingshot\.test\/api\/auth\/mcp\//);
      }
    });

    it('sends the sign-in to BASE_URL with a secure interaction cookie', async () => {
      const registered = await fetch(direct('/api/auth/mcp/register'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example' },
        body: JSON.stringify({
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        }),
      });
      expect(registered.status).toBe(201);
      // The answer carries no URL (no registration_client_uri: registration access tokens are not issued).
      const { client_id } = await registered.json();
      const query = new URLSearchParams({
        client_id,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 's',
      });
      const res = await fetch(direct(`/api/auth/mcp/authorize?${query}`), {
        redirect: 'manual',
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^(https:\/\/kingshot\.test)?\/interaction\//);
      const cookies = res.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
    });
  });

  describe('a password change', () => {
    it('ends the sessions, grants and refresh tokens signed in with the old password (CLI set-password)', async () => {
      const own = await listen({ kind });
      try {
        const config = await client.dynamicClientRegistration(
          new URL(own.baseUrl),
          {
            redirect_uris: [REDIRECT],
            token_endpoint_auth_method: 'none',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
          client.None(),
          insecure,
        );
        const authorizeUrl = async (verifier: string) =>
          client.buildAuthorizationUrl(config, {
            redirect_uri: REDIRECT,
            scope: 'openid offline_access',
            prompt: 'consent',
            code_challenge: await client.calculatePKCECodeChallenge(verifier),
            code_challenge_method: 'S256',
          });
        const verifier = client.randomPKCECodeVerifier();
        const browser = new Browser(REDIRECT);
        const { callback } = await browser.authorize(await authorizeUrl(verifier), DEMO);
        const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
        const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
        // Still signed in: authorizing again goes past the sign-in form.
        expect((await browser.follow(await authorizeUrl(client.randomPKCECodeVerifier()))).html).not.toContain(
          '/login"',
        );

        let out = '';
        const io = {
          stdout: (t: string) => void (out += t),
          readStdin: () => 'a-brand-new-password\n',
          readFile: () => '',
          writeFile: () => undefined,
        };
        await runCli(['set-password', DEMO_EMAIL, '--password-stdin'], own.services.store, io);
        expect(out).toMatch(/^password of demo@kingshot\.example changed; [1-9]\d* sign-in record\(s\) ended\n$/);

        await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
          error: 'invalid_grant',
        });
        expect((await browser.follow(await authorizeUrl(client.randomPKCECodeVerifier()))).html).toContain('/login"');
      } finally {
        await own.stop();
      }
    });
  });

  describe('the whole flow', () => {
    it('registers, signs in, consents, gets a 10-minute JWT for the account endpoint, an ID token per scope, reads goals, and refreshes with rotation', async () => {
      const config = await register();
      const s = await signIn(config, { scope: 'openid profile email offline_access', resource });
      expect(s.callback.searchParams.get('iss')).toBe(base);
      expect(s.callback.searchParams.get('state')).toBe(s.state);
      for (const page of s.pages) {
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
      }
      const tokens = await client.authorizationCodeGrant(config, s.callback, {
        pkceCodeVerifier: s.verifier,
        expectedState: s.state,
      });
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.expires_in).toBe(600);
      expect(tokens.refresh_token).toBeDefined();

      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
      const at = decodeJwt(tokens.access_token);
      expect(at).toMatchObject({
        iss: base,
        aud: resource,
        sub: svc.services.demoUserId,
        client_id: config.clientMetadata().client_id,
      });
      expect(at.exp! - at.iat!).toBe(600);

      const id = tokens.claims()!;
      expect(id).toMatchObject({ iss: base, sub: svc.services.demoUserId, name: 'Demo Governor', email: DEMO_EMAIL });
      expect(id.exp - id.iat).toBe(3600);

      const goals = await callGoals(tokens.access_token);
      expect(goals.status).toBe(200);
      expect(goals.json.result.structuredContent.goals[0].title).toBe('Top (Governor Gear): Gold T1 ★2 → Gold T3 ★3');

      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.refresh_token).toBeDefined();
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(decodeJwt(refreshed.access_token).aud).toBe(resource);
      expect((await callGoals(refreshed.access_token)).status).toBe(200);

      // Once the client has used the new refresh token, reusing the rotated one is refused and ends the whole grant,
      // including the newest refresh token (a retry before that is the reuse interval: refresh-reuse.test.ts).
      const again = await client.refreshTokenGrant(config, refreshed.refresh_token!);
      const reuse = await rawToken(config, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
      expect(reuse.status).toBe(400);
      expect(reuse.json.error).toBe('invalid_grant');
      const afterReuse = await rawToken(config, { grant_type: 'refresh_token', refresh_token: again.refresh_token! });
      expect(afterReuse.json.error).toBe('invalid_grant');
    });

    it('token responses are no-store, and errors follow RFC 6749 §5.2', async () => {
      const config = await register();
      const s = await signIn(config);
      const ok = await rawToken(config, {
        grant_type: 'authorization_code',
        code: s.callback.searchParams.get('code')!,
        code_verifier: s.verifier,
        redirect_uri: REDIRECT,
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('cache-control')).toBe('no-store');
      const bad = await rawToken(config, {
        grant_type: 'authorization_code',
        code: 'nope',
        code_verifier: s.verifier,
        redirect_uri: REDIRECT,
      });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('cache-control')).toBe('no-store');
      expect(bad.json).toMatchObject({ error: 'invalid_grant' });
    });

    it('openid alone: ID token with sub only, no refresh token', async () => {
      const tokens = await tokensFor(await register(), { scope: 'openid' });
      expect(tokens.refresh_token).toBeUndefined();
      const id = tokens.claims()!;
      expect(id.sub).toBe(svc.services.demoUserId);
      expect(id).not.toHaveProperty('name');
      expect(id).not.toHaveProperty('email');
    });

    it('offline_access without prompt=consent still gets a refresh token (shim 1)', async () => {
      const tokens = await tokensFor(await register(), { scope: 'openid offline_access' });
      expect(tokens.refresh_token).toBeDefined();
    });

    it('unknown scopes are dropped, not granted; an empty scope becomes openid (9, shim 2)', async () => {
      const config = await register();
      const tokens = await tokensFor(config, { scope: 'openid mcp:tools admin' });
      expect(tokens.scope).toBe('openid');
      expect(decodeJwt(tokens.access_token).scope).toBe('openid');
      const onlyUnknown = await tokensFor(config, { scope: 'claudeai' });
      expect(onlyUnknown.scope).toBe('openid');
    });

    it('Deny sends access_denied to the client', async () => {
      const config = await register();
      const s = await start(config);
      const { callback } = await new Browser(REDIRECT).authorize(s.url, DEMO, 'deny');
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('code')).toBeNull();
      expect(callback.searchParams.get('state')).toBe(s.state);
    });

    it('a wrong password shows the sign-in page again (401) and issues nothing', async () => {
      const config = await register();
      const s = await start(config);
      const browser = new Browser(REDIRECT);
      const first = await browser.follow(s.url);
      const again = await browser.submit(new URL(base), first.html!, '/login', {
        email: DEMO_EMAIL,
        password: 'wrong-password',
      });
      expect(again.page!.status).toBe(401);
      expect(again.html).toContain('The email or password is wrong.');
      expect(again.html).toContain('role="alert"');
    });
  });

  describe('PKCE', () => {
    it('authorize without code_challenge, or with method plain, is refused; S256 is the only method', async () => {
      const config = await register();
      const id = config.clientMetadata().client_id;
      const variants: Record<string, string>[] = [
        {},
        { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
      ];
      for (const extra of variants) {
        const url = new URL(`${base}/api/auth/mcp/authorize`);
        url.search = new URLSearchParams({
          response_type: 'code',
          client_id: id,
          redirect_uri: REDIRECT,
          scope: 'openid',
          state: 's',
          ...extra,
        }).toString();
        const res = await fetch(url, { redirect: 'manual' });
        const location = await errorPageTarget(res);
        expect(location.origin + location.pathname).toBe(REDIRECT);
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('code')).toBeNull();
      }
    });

    it('a wrong or missing code_verifier is invalid_grant', async () => {
      const config = await register();
      for (const verifier of [client.randomPKCECodeVerifier(), undefined]) {
        const s = await signIn(config);
        const res = await rawToken(config, {
          grant_type: 'authorization_code',
          code: s.callback.searchParams.get('code')!,
          redirect_uri: REDIRECT,
          ...(verifier ? { code_verifier: verifier } : {}),
        });
        expect(res.status).toBe(400);
        expect(res.json.error).toBe('invalid_grant');
      }
    });
  });

  describe('redirect URIs', () => {
    it('an unregistered redirect_uri (or a sub-path of one) gets an error page and no redirect', async () => {
      const config = await register();
      for (const redirect of ['http://127.0.0.1:8976/other', `${REDIRECT}/x`, 'http://evil.example/callback']) {
        const s = await start(config, { redirect_uri: redirect });
        const res = await fetch(s.url, { redirect: 'manual' });
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        // The provider's error page carries the same headers as our own sign-in pages.
        for (const [name, value] of Object.entries(PAGE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
        const html = await res.text();
        expect(html).toContain('redirect_uri did not match any of the client');
      }
    });

    it('the token request must repeat the redirect_uri of the authorization', async () => {
      const config = await register({ redirect_uris: [REDIRECT, 'http://localhost:8976/callback'] });
      const s = await signIn(config);
      const res = await rawToken(config, {
        grant_type: 'authorization_code',
        code: s.callback.searchParams.get('code')!,
        code_verifier: s.verifier,
        redirect_uri: 'http://localhost:8976/callback',
      });
      expect(res.json.error).toBe('invalid_grant');
    });

    it('registration: https, loopback http and private-use schemes pass; other http, javascript: and fragments are refused', async () => {
      const post = (metadata: Record<string, unknown>, origin?: string) =>
        fetch(`${base}/api/auth/mcp/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
          body: JSON.stringify({ token_endpoint_auth_method: 'none', ...metadata }),
        });
      for (const uri of [
        'https://app.example/cb',
        'http://localhost:3999/cb',
        'http://[::1]:1234/cb',
        'http://127.0.0.1/cb',
      ]) {
        expect((await post({ redirect_uris: [uri] })).status, uri).toBe(201);
      }
      const native = await post({ redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'] });
      expect(native.status).toBe(201);
      expect((await native.json()).application_type).toBe('native');
      for (const uri of [
        'http://example.com/cb',
        'http://192.168.1.10/cb',
        'javascript:alert(1)',
        'data:text/html,x',
        'https://app.example/cb#frag',
      ]) {
        const res = await post({ redirect_uris: [uri] });
        expect(res.status, uri).toBe(400);
        expect((await res.json()).error, uri).toMatch(/^invalid_(redirect_uri|client_metadata)$/);
      }
      const scoped = await post({ redirect_uris: [REDIRECT], scope: 'openid mcp:tools claudeai profile' });
      expect(scoped.status).toBe(201);
      expect((await scoped.json()).scope).toBe('openid profile');
      const cors = await post({ redirect_uris: [REDIRECT] }, 'http://localhost:6274');
      expect(cors.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
      const preflight = await fetch(`${base}/api/auth/mcp/register`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:6274',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    });
  });

  describe('codes', () => {
    it('a replayed code is invalid_grant and revokes the refresh token of the first redemption', async () => {
      const config = await register();
      const s = await signIn(config, { scope: 'openid offline_access' });
      const body = {
        grant_type: 'authorization_code',
        code: s.callback.searchParams.get('code')!,
        code_verifier: s.verifier,
        redirect_uri: REDIRECT,
      };
      const first = await rawToken(config, body);
      expect(first.status).toBe(200);
      const replay = await rawToken(config, body);
      expect(replay.status).toBe(400);
      expect(replay.json.error).toBe('invalid_grant');
      const refresh = await rawToken(config, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token });
      expect(refresh.json.error).toBe('invalid_grant');
    });

    it('three concurrent redemptions of one code give exactly one success', async () => {
      const config = await register();
      const s = await signIn(config);
      const body = {
        grant_type: 'authorization_code',
        code: s.callback.searchParams.get('code')!,
        code_verifier: s.verifier,
        redirect_uri: REDIRECT,
      };
      const results = await Promise.all([rawToken(config, body), rawToken(config, body), rawToken(config, body)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    });

    it('a code is bound to its client', async () => {
      const config = await register();
      const other = await register();
      const s = await signIn(config);
      const res = await rawToken(other, {
        grant_type: 'authorization_code',
        code: s.callback.searchParams.get('code')!,
        code_verifier: s.verifier,
        redirect_uri: REDIRECT,
      });
      expect(res.json.error).toBe('invalid_grant');
    });
  });

  describe('refresh tokens', () => {
    it('two concurrent refreshes with one refresh token both succeed (reuse interval); one chain lives on', async () => {
      const config = await register();
      const tokens = await tokensFor(config, { scope: 'openid offline_access' });
      const body = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! };
      const results = await Promise.all([rawToken(config, body), rawToken(config, body)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      // The later of the two was the retry: the earlier answer's token may already be gone; the one used first wins.
      const uses = [];
      for (const result of results)
        uses.push(await rawToken(config, { grant_type: 'refresh_token', refresh_token: result.json.refresh_token }));
      expect(uses.filter((use) => use.status === 200)).toHaveLength(1);
      expect(uses.find((use) => use.status !== 200)!.json.error).toBe('invalid_grant');
      const winner = uses.find((use) => use.status === 200)!;
      expect(
        (await rawToken(config, { grant_type: 'refresh_token', refresh_token: winner.json.refresh_token })).status,
      ).toBe(200);
    });

    it('a refresh token is bound to its client and cannot widen the scope', async () => {
      const config = await register();
      const other = await register();
      const tokens = await tokensFor(config, { scope: 'openid offline_access' });
      expect(
        (await rawToken(other, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })).json.error,
      ).toBe('invalid_grant');
      const wider = await rawToken(config, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        scope: 'openid offline_access email',
      });
      expect(wider.status).toBe(400);
      expect(wider.json.error).toBe('invalid_scope');
    });
  });

  describe('resource indicators', () => {
    it('without resource the token is for the account endpoint; a foreign resource is invalid_target at authorize and at token', async () => {
      const config = await register();
      const tokens = await tokensFor(config);
      expect(decodeJwt(tokens.access_token).aud).toBe(resource);

      const s = await start(config, { resource: 'https://other.example/mcp' });
      const res = await fetch(s.url, { redirect: 'manual' });
      expect((await errorPageTarget(res)).searchParams.get('error')).toBe('invalid_target');

      const signed = await signIn(config, { scope: 'openid offline_access' });
      const token = await rawToken(config, {
        grant_type: 'authorization_code',
        code: signed.callback.searchParams.get('code')!,
        code_verifier: signed.verifier,
        redirect_uri: REDIRECT,
        resource: 'https://other.example/mcp',
      });
      expect(token.json.error).toBe('invalid_target');
    });
  });

  describe('the sign-in and consent forms', () => {
    it('refuse a POST without the CSRF token, with a wrong one, or from a foreign Origin', async () => {
      const config = await register();
      const s = await start(config);
      const browser = new Browser(REDIRECT);
      const page = await browser.follow(s.url);
      const action = /action="([^"]+\/login)"/.exec(page.html!)![1]!;
      const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
        browser.fetch(new URL(action, base), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(fields).toString(),
        });
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.html!)![1]!;
      expect((await post({ email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(403);
      expect((await post({ csrf: 'x'.repeat(43), email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(403);
      expect(
        (await post({ csrf, email: DEMO_EMAIL, password: DEMO_PASSWORD }, { origin: 'https://evil.example' })).status,
      ).toBe(403);
      // The same browser can still sign in with the page's own token.
      expect((await post({ csrf, email: DEMO_EMAIL, password: DEMO_PASSWORD }, { origin: base })).status).toBe(303);
    });

    it('a POST from a browser without the interaction cookie gets the expired page, not a sign-in', async () => {
      const config = await register();
      const s = await start(config);
      const page = await new Browser(REDIRECT).follow(s.url);
      const action = /action="([^"]+\/login)"/.exec(page.html!)![1]!;
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.html!)![1]!;
      const res = await fetch(new URL(action, base), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
        redirect: 'manual',
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This sign-in has expired');
    });

    it('the consent page names the client as unverified and escaped, the redirect host, what it can and cannot read', async () => {
      const config = await register({ client_name: '<script>alert(1)</script> Evil & Co' });
      const s = await start(config, { scope: 'openid offline_access' });
      const browser = new Browser(REDIRECT);
      const login = await browser.follow(s.url);
      const consent = await browser.submit(new URL(base), login.html!, '/login', {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      const html = consent.html!;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Evil &amp; Co');
      expect(html).toContain('has not verified it');
      expect(html).toContain('<strong>127.0.0.1:8976</strong>');
      for (const text of [
        'Your player profile',
        'Your active Progression Goals',
        'Your saved inventory',
        'Change your account data',
        'Read alliance data',
        'Spend AI Credits',
        'stay connected',
      ])
        expect(html).toContain(text);
      expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);
      expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
      expect(consent.page!.headers.get('cache-control')).toBe('no-store');
    });
  });
});
