/**
 * No secret reaches the log. The real service (spawned, LOG_LEVEL=trace so every line it could write is written)
 * goes through a whole OAuth flow with a sign-in refused for a bad password, then a good one, the code exchange,
 * account calls with the bearer token, a refresh, a reused refresh token, a forged bearer token and scrapes with
 * METRICS_TOKEN; then every line the process wrote (stdout and stderr) is searched for each secret string it saw.
 * The same run checks the OAuth outcome counters and the request lines of the flow.
 */
import * as client from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '../helpers.js';
import { startService, type RunningService } from '../service.js';
import { Browser } from '../auth/browser.js';

const DEMO = { email: 'logs@kingshot.example', password: 'Known-pass-Word-4417' };
const BAD_PASSWORD = 'Wrong-pass-Word-9026';
const METRICS_TOKEN = 'metrics-0c1d2e3f4a5b6c7d8e9f';
const FORGED = 'forged.bearer.token-5a5a5a5a5a';
const REDIRECT = 'http://127.0.0.1:8977/callback';
const insecure = { execute: [client.allowInsecureRequests] };

let service: RunningService | undefined;
afterAll(async () => {
  await service?.stop();
});

function mcp(
  base: string,
  path: string,
  method: string,
  params: Record<string, unknown>,
  token?: string,
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...MCP_HEADERS,
      'mcp-protocol-version': '2025-06-18',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('secrets never reach a log line', () => {
  it(
    'an OAuth flow, a bad and a good sign-in, account calls, refreshes and scrapes leave no token, password, code, state or cookie in the output',
    { timeout: 120_000 },
    async () => {
      service = await startService({
        DEMO_EMAIL: DEMO.email,
        DEMO_PASSWORD: DEMO.password,
        AUTH_RATE_LIMIT_PER_MINUTE: '0',
        METRICS_TOKEN,
        LOG_LEVEL: 'trace',
        REFRESH_REUSE_SECONDS: '0',
      });
      const base = service.baseUrl;
      for (let i = 0; i < 200 && (await fetch(`${base}/ready`)).status !== 200; i++)
        await new Promise((r) => setTimeout(r, 100));
      const secrets = new Map<string, string>([
        ['demo password', DEMO.password],
        ['bad password', BAD_PASSWORD],
        ['metrics token', METRICS_TOKEN],
        ['forged bearer token', FORGED],
      ]);

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
      const state = client.randomState();
      secrets.set('code verifier', verifier);
      secrets.set('state', state);
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid offline_access',
        state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });

      // A sign-in with the wrong password first: the login page comes back with an error, no redirect.
      const browser = new Browser(REDIRECT);
      const login = await browser.follow(url);
      expect(login.page?.status).toBe(200);
      const refused = await browser.submit(new URL(login.page!.url || url), login.html!, '/login', {
        email: DEMO.email,
        password: BAD_PASSWORD,
      });
      expect(refused.callback).toBeUndefined();
      expect(refused.page?.status).toBe(401);
      expect(refused.html).toContain('The email or password is wrong.');
      // Then the right one, and consent.
      const { callback } = await browser.authorize(url, DEMO);
      for (const [name, value] of browser.jar) secrets.set(`cookie ${name}`, value);
      const code = callback.searchParams.get('code')!;
      expect(code.length).toBeGreaterThan(20);
      secrets.set('authorization code', code);
      expect(callback.searchParams.get('state')).toBe(state);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      secrets.set('access token', tokens.access_token);
      secrets.set('refresh token', tokens.refresh_token!);
      secrets.set('id token', tokens.id_token!);

      expect(
        (await mcp(base, '/mcp/account', 'tools/call', { name: 'get_my_profile', arguments: {} }, tokens.access_token))
          .status,
      ).toBe(200);
      expect(
        (await mcp(base, '/mcp/account', 'tools/call', { name: 'get_my_goals', arguments: {} }, tokens.access_token))
          .status,
      ).toBe(200);
      expect((await mcp(base, '/mcp/account', 'tools/list', {}, FORGED)).status).toBe(401);
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      secrets.set('refreshed access token', refreshed.access_token);
      secrets.set('rotated refresh token', refreshed.refresh_token!);
      // The old refresh token again (REFRESH_REUSE_SECONDS=0: no retry interval): refused, and the grant revoked.
      const reuse = await fetch(`${base}/api/auth/mcp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: config.clientMetadata().client_id,
        }),
      });
      expect(reuse.status).toBe(400);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${FORGED}` } })).status).toBe(401);
      const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.status).toBe(200);
      const metrics = await scrape.text();

      const oauth = (operation: string, outcome: string) =>
        series(metrics, `kingshot_oauth_operations_total{operation="${operation}",outcome="${outcome}"}`);
      expect(oauth('registration', 'success')).toBe(1);
      expect(oauth('authorization', 'success')).toBe(1);
      expect(oauth('token', 'success')).toBe(1);
      expect(oauth('refresh', 'success')).toBe(1);
      expect(oauth('refresh', 'invalid_grant')).toBe(1);
      expect(oauth('grant_revoked', 'success')).toBe(1);
      expect(
        series(
          metrics,
          'mcp_server_operation_duration_seconds_count{endpoint="/mcp/account",mcp_method_name="tools/call",gen_ai_tool_name="get_my_profile",outcome="result"}',
        ),
      ).toBe(1);
      expect(
        series(
          metrics,
          'mcp_server_operation_duration_seconds_count{endpoint="/mcp/account",mcp_method_name="",gen_ai_tool_name="",outcome="401"}',
        ),
      ).toBe(1);

      const exited = new Promise((done) => service!.process.once('close', done));
      service.process.kill('SIGTERM');
      await exited;
      const output = service.output();
      const lines = output.split('\n');
      const requests = lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === 'request');
      // The flow is in the log, by endpoint pattern: the sign-in posts, the token requests, the account calls.
      expect(requests.filter((l) => l.endpoint === '/interaction/:uid/login' && l.method === 'POST').length).toBe(2);
      expect(requests.filter((l) => l.endpoint === '/api/auth/mcp/token').map((l) => l.status)).toEqual([
        200, 200, 400,
      ]);
      expect(
        requests.filter((l) => l.endpoint === '/mcp/account').map((l) => [l.tool ?? l.mcp_method ?? null, l.status]),
      ).toEqual([
        ['get_my_profile', 200],
        ['get_my_goals', 200],
        [null, 401],
      ]);
      expect(secrets.size).toBeGreaterThanOrEqual(15);
      for (const [name, value] of secrets) {
        expect(value.length, name).toBeGreaterThanOrEqual(8);
        const leaking = lines.filter((line) => line.includes(value) || line.includes(encodeURIComponent(value)));
        expect(leaking, `${name} appears in the output`).toEqual([]);
      }
    },
  );
});
