/**
 * A lost refresh response, or two refreshes sent at once, do not sign the player out. Refresh tokens rotate on
 * every use; a retry with the token just rotated, within REFRESH_REUSE_SECONDS (60 by default) of its first use,
 * gets a valid answer, and every answer's refresh token stays valid until one of them is used: the first used wins
 * and the others then stop working (one live token per chain). Reuse after the interval,
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

  it("a retry within the interval gets a valid answer; the retry's token goes on, the other answer's then stops", async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const lost = ok(await refresh(a, clientId, first));
    clock.advance(20);
    const retried = ok(await refresh(a, clientId, first));
    expect(retried).not.toBe(lost);
    const next = ok(await refresh(a, clientId, retried));
    refused(await refresh(a, clientId, lost), 'grant request is invalid');
    ok(await refresh(a, clientId, next));
  });

  it("the first answer's token is still valid after a retry (at the other instance), and used first it wins", async () => {
    const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
    const earlier = ok(await refresh(a, clientId, first));
    const retried = ok(await refresh(b, clientId, first));
    const next = ok(await refresh(b, clientId, earlier));
    refused(await refresh(a, clientId, retried), 'grant request is invalid');
    ok(await refresh(a, clientId, next));
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

  it.each([0, 1])(
    'two concurrent refreshes with one token (one at each instance): whichever answer the client keeps (answer %i) works',
    async (kept) => {
      for (let round = 0; round < 3; round++) {
        const { clientId, refreshToken: first } = await grantWithRefreshToken(a);
        const answers = (await Promise.all([refresh(a, clientId, first), refresh(b, clientId, first)])).map(ok);
        // Both answers' tokens are live: the one used first wins, the other is then refused without ending the grant.
        const next = ok(await refresh(b, clientId, answers[kept]!));
        refused(await refresh(a, clientId, answers[1 - kept]!), 'grant request is invalid');
        ok(await refresh(a, clientId, next));
      }
    },
  );

  it('a code redeemed twice at once (one redemption at each instance) leaves no live refresh token', async () => {
    for (let round = 0; round < 8; round++) {
      const config = await client.dynamicClientRegistration(
        new URL(a.baseUrl),
        {
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
        client.None(),
        insecure,
      );
      const clientId = config.clientMetadata().client_id;
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid offline_access',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const { callback } = await new Browser(REDIRECT).authorize(url, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      const code = callback.searchParams.get('code')!;
      const redeem = (at: ListeningService) =>
        fetch(`http://127.0.0.1:${at.port}/api/auth/mcp/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: clientId,
            grant_type: 'authorization_code',
            code,
            redirect_uri: REDIRECT,
            code_verifier: verifier,
          }),
        }).then(async (res) => ({ status: res.status, json: (await res.json()) as TokenAnswer['json'] }));
      const answers = await Promise.all([redeem(a), redeem(b)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      const winner = answers.find((x) => x.status === 200)!;
      expect(answers.find((x) => x.status === 400)!.json.error).toBe('invalid_grant');
      // The replay ended the grant: the refresh token the winner got must not outlive it, at either instance.
      refused(await refresh(round % 2 === 0 ? a : b, clientId, winner.json.refresh_token!), 'grant request is invalid');
    }
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
