/**
 * A lost refresh response does not sign the player out. Refresh tokens rotate on every use; a
 * retry with the token just rotated, within REFRESH_REUSE_SECONDS (60 by default) of its first use, gets a valid
 * answer, and the lost answer's refresh token stops working (one live token per chain). Reuse after the interval,
 * or after the client has used the token it got, is still treated as theft: invalid_grant and the whole grant
 * revoked. On both stores, on one instance and across two instances sharing one store (the retry at the other).
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, listen, type ListeningService } from '../account-helpers.js';
import { describeEachStore } from '../support/stores.js';
import { MCP_HEADERS } from '../helpers.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const insecure = { execute: [client.allowInsecureRequests] };

/** The store's clock, moved on by the tests (the provider's own token lifetimes are far longer than the moves). */
function movableClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (seconds: number) => (offsetMs += seconds * 1000) };
}

interface TokenAnswer {
  status: number;
  json: { refresh_token?: string; access_token?: string; error?: string; error_description?: string };
}

describeEachStore('refresh token reuse interval', (kind) => {
  const clock = movableClock();
  let a: ListeningService;
  let b: ListeningService;

  beforeAll(async () => {
    a = await listen({ kind, clock: clock.now });
    // A second instance on the same store (and so the same keys and issuer): what a load balancer would pick.
    b = await listen({ kind, clock: clock.now, location: a.location, baseUrl: a.baseUrl });
  });
  afterAll(async () => {
    await b.stop();
    await a.stop();
  });

  async function grantWithRefreshToken(svc: ListeningService): Promise<{ clientId: string; refreshToken: string }> {
    const config = await client.dynamicClientRegistration(
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
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await new Browser(REDIRECT).authorize(url, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    return { clientId: config.clientMetadata().client_id, refreshToken: tokens.refresh_token! };
  }

  /** A refresh at the instance `at` (its own port), as a client would send it. */
  async function refresh(at: ListeningService, clientId: string, refreshToken: string): Promise<TokenAnswer> {
    const res = await fetch(`http://127.0.0.1:${at.port}/api/auth/mcp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    return { status: res.status, json: await res.json() };
  }

  async function goalsStatus(at: ListeningService, accessToken: string): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${at.port}/mcp/account`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_my_goals', arguments: {} },
      }),
    });
    await res.text();
    return res.status;
  }

  const ok = (answer: TokenAnswer) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.refresh_token).toMatch(/^[\w-]{43,}$/);
    expect(answer.json.access_token).toMatch(/^ey/);
    return answer.json.refresh_token!;
  };
  const refused = (answer: TokenAnswer, description: string) =>
    expect(answer).toEqual({ status: 400, json: { error: 'invalid_grant', error_description: description } });

  it("a retry within the interval gets a valid answer; the lost answer's token stops working, the retry's goes on", async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const lost = ok(await refresh(a, clientId, first));
    clock.advance(20);
    const retried = ok(await refresh(a, clientId, first));
    expect(retried).not.toBe(lost);
    refused(await refresh(a, clientId, lost), 'grant request is invalid');
    const next = ok(await refresh(a, clientId, retried));
    ok(await refresh(a, clientId, next));
  });

  it('the retry at the other instance (one shared store) gets a valid answer too', async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const lost = ok(await refresh(a, clientId, first));
    const retried = ok(await refresh(b, clientId, first));
    refused(await refresh(b, clientId, lost), 'grant request is invalid');
    ok(await refresh(a, clientId, retried));
  });

  it('reuse after the interval is theft: invalid_grant, and the whole grant is revoked (at either instance)', async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const answer = await refresh(a, clientId, first);
    const current = ok(answer);
    const accessToken = answer.json.access_token!;
    expect(await goalsStatus(a, accessToken)).toBe(200);
    clock.advance(61);
    refused(await refresh(b, clientId, first), 'grant request is invalid');
    refused(await refresh(a, clientId, current), 'grant request is invalid');
    // The access tokens of the revoked grant go too, once the grant check's memory (2 s) has run out.
    expect(await goalsStatus(a, accessToken)).toBe(401);
    expect(await goalsStatus(b, accessToken)).toBe(401);
  });

  it('reuse within the interval after the client has used its new token is theft too', async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const second = ok(await refresh(a, clientId, first));
    const third = ok(await refresh(b, clientId, second));
    clock.advance(5);
    refused(await refresh(a, clientId, first), 'grant request is invalid');
    refused(await refresh(a, clientId, third), 'grant request is invalid');
  });

  it('two concurrent refreshes with one token (one at each instance) both get an answer; one chain lives on', async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const answers = (await Promise.all([refresh(a, clientId, first), refresh(b, clientId, first)])).map(ok);
    // Whichever came second was the retry, and the first answer's token may already be gone by then; of the two,
    // the token used first wins, the other is refused without ending the grant.
    const uses: TokenAnswer[] = [];
    for (const token of answers) uses.push(await refresh(b, clientId, token));
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400]);
    refused(
      uses.find((use) => use.status === 400)!,
      'grant request is invalid',
    );
    ok(await refresh(a, clientId, ok(uses.find((use) => use.status === 200)!)));
  });

  describe('REFRESH_REUSE_SECONDS=0', () => {
    let strict: ListeningService;
    beforeAll(async () => {
      strict = await listen({ kind, refreshReuseSeconds: 0 });
    });
    afterAll(async () => {
      await strict.stop();
    });

    it('any reuse revokes the grant at once, as before', async () => {
      const { clientId, refreshToken: first } = await grantWithRefreshToken(strict);
      const current = ok(await refresh(strict, clientId, first));
      refused(await refresh(strict, clientId, first), 'grant request is invalid');
      refused(await refresh(strict, clientId, current), 'grant request is invalid');
    });
  });
});
