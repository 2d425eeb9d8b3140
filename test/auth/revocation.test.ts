/**
 * Revoking an app reaches its access tokens: a token is accepted only while its grant stands in the store, checked
 * with a memory of LIVE_GRANT_CACHE_MS. On the instance that revoked, the next call is refused; on every other
 * instance on the same store, within LIVE_GRANT_CACHE_MS (a clock the test moves, no waiting). Tokens come from the
 * real OAuth flow (registration, PKCE, sign-in, consent). A store outage during the check answers 503 as a tool's
 * store read does, and the grant's last use is written at most once a minute.
 */
import * as client from 'openid-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LIVE_GRANT_CACHE_MS, LiveGrants } from '../../src/auth/live-grants.js';
import { StoreUnavailableError } from '../../src/store/errors.js';
import {
  accountApp,
  accountRpc,
  accountServices,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  listen,
  mintAccessToken,
  type ListeningService,
} from '../account-helpers.js';
import { MCP_HEADERS } from '../helpers.js';
import { describeEachStore, storeAvailable, testStoreLocation } from '../support/stores.js';
import { Browser } from './browser.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const REVOKED = "the access token was revoked (the app's access was withdrawn or the account signed out everywhere)";
const insecure = { execute: [client.allowInsecureRequests] };
const running: ListeningService[] = [];
afterAll(async () => {
  for (const s of running) await s.stop().catch(() => undefined);
});

/**
 * A clock the test moves forward (every instance of a test shares it, as machines share the time). It runs with
 * the real time until `freeze`, then moves only when the test moves it, so how long a step takes on a busy machine
 * cannot change what the grant check remembers.
 */
function movableClock() {
  let offsetMs = 0;
  let frozenAt: number | undefined;
  return {
    now: () => new Date(frozenAt ?? Date.now() + offsetMs),
    advance: (ms: number) => {
      if (frozenAt !== undefined) frozenAt += ms;
      else offsetMs += ms;
    },
    freeze: () => (frozenAt = Date.now() + offsetMs),
  };
}

/** An app signing in as a client does: registration, PKCE, the player's sign-in and consent, the code exchange. */
async function connectApp(base: string) {
  const config = await client.dynamicClientRegistration(
    new URL(base),
    {
      client_name: 'Revocation Test App',
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
  return { config, tokens };
}

async function goals(base: string, accessToken: string): Promise<{ status: number; challenge: string | null }> {
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
  await res.text();
  return { status: res.status, challenge: res.headers.get('www-authenticate') };
}

const refusedAsRevoked = { status: 401, challenge: expect.stringContaining(`error_description="${REVOKED}"`) };
const accepted = { status: 200, challenge: null };

describeEachStore('revoking an app', (kind) => {
  it('lists the app with what it was granted, and after revoking its next call gets 401, its refresh token nothing', async () => {
    const clock = movableClock();
    const svc = await listen({ kind, clock: clock.now });
    running.push(svc);
    const { config, tokens } = await connectApp(svc.baseUrl);
    const { store, demoUserId, liveGrants } = svc.services;
    // The store stamps the use by its own (wall) clock: on a loaded machine the second may turn during the call.
    const beforeUse = store.nowSeconds();
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(accepted);

    const apps = await store.grants.appsOf(demoUserId);
    const afterUse = store.nowSeconds();
    expect(apps).toEqual([
      {
        grantId: expect.any(String),
        clientId: config.clientMetadata().client_id,
        name: 'Revocation Test App',
        redirectHosts: ['127.0.0.1:8976'],
        scopes: ['openid', 'offline_access'],
        grantedAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
      },
    ]);
    expect(apps[0]!.lastUsedAt).toBeGreaterThanOrEqual(beforeUse);
    expect(apps[0]!.lastUsedAt).toBeLessThanOrEqual(afterUse);
    const grantId = apps[0]!.grantId;
    expect(await store.grants.revoke('someone-else', grantId)).toBe(false);
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(accepted);

    expect(await store.grants.revoke(demoUserId, grantId)).toBe(true);
    liveGrants.forget(grantId);
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(refusedAsRevoked);
    expect(await store.grants.appsOf(demoUserId)).toEqual([]);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const left = await store.db
      .selectFrom('oidc_payloads')
      .select(['type'])
      .where((eb) => eb.or([eb('grant_id', '=', grantId), eb('id', '=', grantId)]))
      .execute();
    expect(left).toEqual([]);
    expect(await store.grants.revoke(demoUserId, grantId)).toBe(false);
  });

  it('a revocation made elsewhere (another process on the store) is seen once the memory of the grant runs out', async () => {
    const clock = movableClock();
    const svc = await listen({ kind, clock: clock.now });
    running.push(svc);
    const { tokens } = await connectApp(svc.baseUrl);
    clock.freeze();
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(accepted);
    const [app] = await svc.services.store.grants.appsOf(svc.services.demoUserId);
    // As the CLI or another instance would: in the store only, this instance's memory untouched.
    expect(await svc.services.store.grants.revoke(svc.services.demoUserId, app!.grantId)).toBe(true);
    clock.advance(LIVE_GRANT_CACHE_MS - 100);
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(accepted);
    clock.advance(100);
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(refusedAsRevoked);
  });

  it('ending all sign-ins of the player (password change, deletion) voids the tokens as well', async () => {
    const clock = movableClock();
    const svc = await listen({ kind, clock: clock.now });
    running.push(svc);
    const { tokens } = await connectApp(svc.baseUrl);
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(accepted);
    expect(await svc.services.store.endSignIns(svc.services.demoUserId)).toBeGreaterThan(0);
    clock.advance(LIVE_GRANT_CACHE_MS);
    expect(await goals(svc.baseUrl, tokens.access_token)).toEqual(refusedAsRevoked);
  });
});

describe.skipIf(!storeAvailable('postgres'))('two instances on one PostgreSQL database', () => {
  it('an app revoked on one is refused on the other within the memory of a grant', async () => {
    const clock = movableClock();
    const location = await testStoreLocation('postgres');
    const first = await listen({ location, clock: clock.now });
    running.push(first);
    // Both serve one BASE_URL, as behind the balancer; each is reached at its own port.
    const second = await listen({ location, clock: clock.now, baseUrl: first.baseUrl });
    running.push(second);
    const { tokens } = await connectApp(first.baseUrl);
    expect(await goals(first.baseUrl, tokens.access_token)).toEqual(accepted);
    const secondUrl = `http://127.0.0.1:${second.port}`;
    expect(await goals(secondUrl, tokens.access_token)).toEqual(accepted);

    const [app] = await first.services.store.grants.appsOf(first.services.demoUserId);
    expect(await first.services.store.grants.revoke(first.services.demoUserId, app!.grantId)).toBe(true);
    first.services.liveGrants.forget(app!.grantId);
    expect(await goals(first.baseUrl, tokens.access_token)).toEqual(refusedAsRevoked);
    // The second instance believed the grant standing a moment ago; it asks again once that memory runs out.
    clock.advance(LIVE_GRANT_CACHE_MS);
    expect(await goals(secondUrl, tokens.access_token)).toEqual(refusedAsRevoked);
  });
});

describe('the store unreachable during the check', () => {
  it('answers 503 with Retry-After and the request id, as a tool reading the data does', async () => {
    const services = await accountServices();
    const app = accountApp(services);
    const token = await mintAccessToken(services, services.demoUserId);
    vi.spyOn(services.store.grants, 'isLive').mockRejectedValue(new StoreUnavailableError(new Error('ECONNREFUSED')));
    const answer = await accountRpc(app, token, 'tools/call', { name: 'get_my_goals', arguments: {} });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      error: {
        code: -32603,
        message: 'The account data is temporarily unavailable (the store cannot be reached). Retry after 5 seconds.',
        data: { retry_after_seconds: 5 },
      },
    });
    expect(answer.json.id).not.toBeNull();
  });
});

describe('LiveGrants', () => {
  function countingStore(live: Set<string>) {
    const calls = { isLive: 0, recordUse: 0 };
    return {
      calls,
      live,
      grants: {
        isLive: async (grantId: string) => {
          calls.isLive++;
          return live.has(grantId);
        },
        recordUse: async () => {
          calls.recordUse++;
        },
      },
    };
  }
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 10) + ms);

  it('asks the store once per memory span, and notes the use at most once a minute', async () => {
    const store = countingStore(new Set(['g']));
    const grants = new LiveGrants(store.grants, { cacheMs: 2_000 });
    expect(await grants.isLive('g', at(0))).toBe(true);
    expect(store.calls).toEqual({ isLive: 1, recordUse: 1 });
    expect(await grants.isLive('g', at(1_999))).toBe(true);
    expect(store.calls).toEqual({ isLive: 1, recordUse: 1 });
    expect(await grants.isLive('g', at(2_000))).toBe(true);
    expect(store.calls).toEqual({ isLive: 2, recordUse: 1 });
    expect(await grants.isLive('g', at(60_000))).toBe(true);
    expect(store.calls).toEqual({ isLive: 3, recordUse: 2 });
  });

  it('a grant found gone stays refused without asking again; many checks at once share one read', async () => {
    const store = countingStore(new Set(['g']));
    const grants = new LiveGrants(store.grants, { cacheMs: 2_000 });
    expect(await Promise.all([1, 2, 3, 4].map(() => grants.isLive('g', at(0))))).toEqual([true, true, true, true]);
    expect(store.calls.isLive).toBe(1);
    store.live.delete('g');
    expect(await grants.isLive('g', at(2_000))).toBe(false);
    expect(await grants.isLive('g', at(600_000))).toBe(false);
    expect(store.calls).toEqual({ isLive: 2, recordUse: 1 });
  });

  it('a clock stepped back does not keep a stale answer', async () => {
    const store = countingStore(new Set(['g']));
    const grants = new LiveGrants(store.grants, { cacheMs: 2_000 });
    expect(await grants.isLive('g', at(10_000))).toBe(true);
    store.live.delete('g');
    expect(await grants.isLive('g', at(5_000))).toBe(false);
  });
});
