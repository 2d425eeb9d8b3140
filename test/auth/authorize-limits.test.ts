/**
 * Nobody can grow the store through the authorization endpoint: GET /api/auth/mcp/authorize is
 * limited per client address like registration and token, and every authorization parameter the provider stores
 * has a length bound, past which the client gets an OAuth error redirect (RFC 6749 §4.1.2.1: its redirect URI is
 * registered and checked by then) and nothing is stored.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_PARAM_BOUNDS } from '../../src/auth/authorization-bounds.js';
import { errorPageTarget, listen, type ListeningService } from '../account-helpers.js';

const REDIRECT = 'http://127.0.0.1:8976/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const running: ListeningService[] = [];
afterAll(async () => {
  for (const s of running) await s.stop().catch(() => undefined);
});

async function start(authRateLimitPerMinute: number) {
  const svc = await listen({ authRateLimitPerMinute });
  running.push(svc);
  const res = await fetch(`${svc.baseUrl}/api/auth/mcp/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  const clientId = ((await res.json()) as { client_id: string }).client_id;
  const authorize = (params: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      ...params,
    });
    return fetch(`${svc.baseUrl}/api/auth/mcp/authorize?${query}`, { redirect: 'manual' });
  };
  return { svc, clientId, authorize };
}

/** Rows and payload bytes the provider holds, by model. */
async function stored(svc: ListeningService): Promise<{ rows: Record<string, number>; bytes: number }> {
  const result = await sql<{
    type: string;
    n: number;
    bytes: number;
  }>`SELECT type, COUNT(*) AS n, SUM(LENGTH(payload)) AS bytes FROM oidc_payloads GROUP BY type`.execute(
    svc.services.store.db,
  );
  const rows: Record<string, number> = {};
  let bytes = 0;
  for (const r of result.rows) {
    rows[r.type] = Number(r.n);
    bytes += Number(r.bytes);
  }
  return { rows, bytes };
}

async function inBatches(
  total: number,
  size: number,
  send: (i: number) => Promise<Response>,
): Promise<{ res: Response; html: string }[]> {
  const all: { res: Response; html: string }[] = [];
  for (let i = 0; i < total; i += size) {
    const batch = await Promise.all(Array.from({ length: Math.min(size, total - i) }, (_, j) => send(i + j)));
    for (const res of batch) all.push({ res, html: await res.text() });
  }
  return all;
}

describe('1,000 authorization requests with a 15,000-character state', () => {
  it('without a rate limit: every one refused with an error page (no redirect before interaction), none stored', async () => {
    const { svc, authorize } = await start(0);
    const before = await stored(svc);
    const state = 's'.repeat(15_000);
    const answers = await inBatches(1_000, 10, () => authorize({ state }));
    const location = await errorPageTarget(answers[0]!.res, answers[0]!.html);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toBe(
      `state is 15000 characters long; at most ${AUTHORIZATION_PARAM_BOUNDS.state} are allowed`,
    );
    const errors = await Promise.all(
      answers.map(async (a) => (await errorPageTarget(a.res, a.html)).searchParams.get('error')),
    );
    expect(new Set(errors)).toEqual(new Set(['invalid_request']));
    const after = await stored(svc);
    expect(after.rows.Interaction ?? 0).toBe(before.rows.Interaction ?? 0);
    expect(after.bytes - before.bytes).toBeLessThan(10_000);
  }, 120_000);

  it('with the default limit (30 a minute per address): the 31st and later are 429, before the provider runs', async () => {
    const { svc, authorize } = await start(30);
    const before = await stored(svc);
    const answers = await inBatches(1_000, 10, () => authorize({ state: 's'.repeat(15_000) }));
    const statuses = answers.map((a) => a.res.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(970);
    const refused = answers.find((a) => a.res.status === 429)!.res;
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get('ratelimit')).toMatch(/^limit=30, remaining=0, reset=[1-9]\d*$/);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await (await authorize()).text();
    expect(page).toContain('Too many sign-in requests from this address');
    expect((await stored(svc)).bytes - before.bytes).toBeLessThan(10_000);
  }, 120_000);
});

describe('length bounds of the stored authorization parameters', () => {
  let authorize: (params?: Record<string, string>) => Promise<Response>;
  let svc: ListeningService;
  beforeAll(async () => {
    ({ authorize, svc } = await start(0));
  });

  const errorOf = async (res: Response) => {
    const location = await errorPageTarget(res);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    return { error: location.searchParams.get('error'), description: location.searchParams.get('error_description') };
  };

  // Free text the provider stores as given: the bound is what refuses them.
  const freeText = ['state', 'nonce', 'login_hint', 'ui_locales', 'claims_locales', 'acr_values', 'display'] as const;
  it.each(freeText)(
    '%s: one character over its bound is an invalid_request redirect naming it and the bound',
    async (name) => {
      const bound = AUTHORIZATION_PARAM_BOUNDS[name];
      expect(await errorOf(await authorize({ [name]: 'a'.repeat(bound + 1) }))).toEqual({
        error: 'invalid_request',
        description: `${name} is ${bound + 1} characters long; at most ${bound} are allowed`,
      });
    },
  );

  it('scope: the provider stores only the known scopes it grants, so a 7,000-character scope is stored as "openid"', async () => {
    const res = await authorize({ scope: 'openid '.repeat(1_000).trim() });
    expect(res.status).toBe(303);
    const uid = /^\/interaction\/([^/?]+)/.exec(res.headers.get('location') ?? '')?.[1];
    expect(uid).toBeDefined();
    const row = await sql<{
      payload: string;
    }>`SELECT payload FROM oidc_payloads WHERE type = 'Interaction' AND id = ${uid}`.execute(svc.services.store.db);
    expect(JSON.parse(row.rows[0]!.payload).params.scope).toBe('openid');
    expect(row.rows[0]!.payload.length).toBeLessThan(2_000);
  });

  // Values the provider checks itself before the bounds (their bounds are a second line): refused all the same.
  it.each([
    ['code_challenge', 'A'.repeat(AUTHORIZATION_PARAM_BOUNDS.code_challenge + 1), 'invalid_request'],
    ['max_age', '1'.repeat(AUTHORIZATION_PARAM_BOUNDS.max_age + 1), 'invalid_request'],
    ['prompt', 'consent '.repeat(20), 'invalid_request'],
    ['response_mode', 'q'.repeat(AUTHORIZATION_PARAM_BOUNDS.response_mode + 1), 'unsupported_response_mode'],
    ['id_token_hint', 'e'.repeat(AUTHORIZATION_PARAM_BOUNDS.id_token_hint + 1), 'invalid_request'],
    ['resource', `https://example.com/${'r'.repeat(AUTHORIZATION_PARAM_BOUNDS.resource)}`, 'invalid_target'],
  ])('%s: over its bound is refused with an error redirect', async (name, value, error) => {
    expect((await errorOf(await authorize({ [name]: value }))).error).toBe(error);
  });

  it('a state, nonce and login hint at their bounds are accepted (the sign-in page follows)', async () => {
    const res = await authorize({
      state: 'x'.repeat(AUTHORIZATION_PARAM_BOUNDS.state),
      nonce: 'n'.repeat(AUTHORIZATION_PARAM_BOUNDS.nonce),
      login_hint: 'h'.repeat(AUTHORIZATION_PARAM_BOUNDS.login_hint),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/interaction\//);
  });

  it('an over-long redirect_uri is refused on an error page, never redirected to', async () => {
    const res = await authorize({ redirect_uri: `${REDIRECT}?${'p'.repeat(AUTHORIZATION_PARAM_BOUNDS.redirect_uri)}` });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('the interaction resume path', () => {
  it('counts in the authorization budget: past it, /api/auth/mcp/authorize/:uid is a 429 page too', async () => {
    const { svc, authorize } = await start(3);
    const first = await authorize();
    expect(first.status).toBe(303);
    const uid = /^\/interaction\/([^/?]+)/.exec(first.headers.get('location') ?? '')?.[1];
    expect(uid).toBeDefined();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${svc.baseUrl}/api/auth/mcp/authorize/${uid}`, { redirect: 'manual' });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // One authorization and two resumes fit in 3 a minute; the third resume is refused before the provider runs.
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
  });
});
