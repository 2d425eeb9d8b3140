/**
 * PostgreSQL stopped and started again under the real service (spawned, DATABASE_URL on a PostgreSQL server of the
 * test's own): the service starts while the database is down and comes up by itself once it is there; during an
 * outage /mcp and the pages answer, the account endpoint and the authorization server answer 503 with Retry-After
 * in their own shapes, never a 500 or a hang, and /ready answers 503 with the reason (200 again once the database
 * is back); afterwards everything committed before is still there (a refresh token issued before the outage
 * refreshes, an import is read back). What the client saw is written to test-artifacts/postgres-outage.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as client from 'openid-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/store.js';
import { MCP_HEADERS } from '../helpers.js';
import { startService, type RunningService } from '../service.js';
import { createOwnPostgres, type OwnPostgres } from '../support/own-postgres.js';
import { Browser } from './browser.js';

// Without PostgreSQL's binaries this skips; test/global-setup.ts said so in one line (and fails CI without them).
const missing = !inject('services').postgresBinaries;

const REDIRECT = 'http://127.0.0.1:8977/callback';
const DEMO = { email: 'outage@kingshot.example', password: 'outage-password' };
const insecure = { execute: [client.allowInsecureRequests] };

interface Seen {
  step: string;
  request: string;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: unknown;
}
const transcript: Seen[] = [];
let postgres: OwnPostgres | undefined;
let service: RunningService | undefined;
afterAll(async () => {
  await service?.stop();
  await postgres?.destroy();
  if (transcript.length > 0) {
    const dir = resolve(import.meta.dirname, '../../test-artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, 'postgres-outage.json'), `${JSON.stringify(transcript, null, 2)}\n`);
  }
});

async function see(step: string, request: string, response: Response): Promise<Seen> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A page: what a person reads on it.
    body = [...text.matchAll(/<(h1|p)>([^<]*)<\/\1>/g)].map((m) => m[2]).join(' | ');
  }
  const seen = {
    step,
    request,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type'),
    body,
  };
  transcript.push(seen);
  return seen;
}

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
    body: JSON.stringify({ jsonrpc: '2.0', id: 42, method, params }),
    signal: AbortSignal.timeout(20_000),
  });
}

const gearCall = { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3' } };

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting until ${what}`);
}

function countLines(output: string, text: string): number {
  return output.split('\n').filter((line) => line.includes(text)).length;
}

/**
 * The service's output arrives on its stderr pipe, which the test reads apart from the HTTP socket: a line written
 * before a response can reach the test after it. So wait (briefly) for the count to reach what is expected, then
 * assert it exactly — a missing line still fails, and so does an extra one.
 */
async function expectLines(text: string, expected: number): Promise<void> {
  await until(`${expected} "${text}" lines`, async () => countLines(service!.output(), text) >= expected, 10_000).catch(
    () => undefined,
  );
  expect(countLines(service!.output(), text), service!.output()).toBe(expected);
}

describe.skipIf(missing)('PostgreSQL stopped and started again', () => {
  it(
    'the service starts without its database, serves /mcp, answers 503 on the account stack, and recovers with nothing lost',
    { timeout: 300_000 },
    async () => {
      postgres = await createOwnPostgres();
      // The database is not running yet: the service must start anyway.
      // The test server trusts loopback, so the password is ignored by it: it is there to show no log line repeats it.
      const databaseUrl = postgres.url.replace('postgres@', 'postgres:never-logged-s3cret@');
      service = await startService({
        DATABASE_URL: databaseUrl,
        DEMO_EMAIL: DEMO.email,
        DEMO_PASSWORD: DEMO.password,
        AUTH_RATE_LIMIT_PER_MINUTE: '0',
      });
      const base = service.baseUrl;

      // --- down at start ---------------------------------------------------------------------------------------
      const publicAtStart = await see(
        'down at start',
        'POST /mcp tools/call governor_gear_cost',
        await mcp(base, '/mcp', 'tools/call', gearCall),
      );
      expect(publicAtStart.status).toBe(200);
      expect(
        (publicAtStart.body as { result: { structuredContent: { totals: unknown } } }).result.structuredContent.totals,
      ).toEqual({ satin: 393000, gilded_threads: 3960, artisans_vision: 765 });
      await until('the first attempt failed', async () => service!.output().includes('store unreachable'));
      const accountAtStart = await see(
        'down at start',
        'POST /mcp/account tools/list (no token)',
        await mcp(base, '/mcp/account', 'tools/list', {}),
      );
      expect(accountAtStart.status).toBe(503);
      expect(accountAtStart.retryAfter).toBe('5');
      expect(accountAtStart.body).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32603, data: { retry_after_seconds: 5 } },
      });
      const registerAtStart = await see(
        'down at start',
        'POST /api/auth/mcp/register',
        await fetch(`${base}/api/auth/mcp/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [REDIRECT] }),
        }),
      );
      expect(registerAtStart.status).toBe(503);
      expect(registerAtStart.retryAfter).toBe('5');
      expect(registerAtStart.body).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'the authorization server cannot reach its store for a moment; retry after 5 seconds',
      });
      const pageAtStart = await see('down at start', 'GET /interaction/abc', await fetch(`${base}/interaction/abc`));
      expect(pageAtStart.status).toBe(503);
      expect(pageAtStart.contentType).toBe('text/html; charset=utf-8');
      expect(String(pageAtStart.body)).toContain('Sign-in is unavailable for a moment');
      const pages = await see('down at start', 'GET /reference', await fetch(`${base}/reference`));
      expect(pages.status).toBe(200);
      const readyAtStart = await see('down at start', 'GET /ready', await fetch(`${base}/ready`));
      expect(readyAtStart.status).toBe(503);
      expect(readyAtStart.body).toEqual({
        status: 'not_ready',
        reason: 'store unreachable: the account stack is waiting for it',
      });

      // --- the database arrives: the account stack comes up by itself ------------------------------------------
      await postgres.start();
      await until(
        'the account endpoint is up',
        async () => (await mcp(base, '/mcp/account', 'tools/list', {})).status === 401,
      );
      const readyOnceUp = await see('database arrived', 'GET /ready', await fetch(`${base}/ready`));
      expect(readyOnceUp.status).toBe(200);
      expect(readyOnceUp.body).toEqual({ status: 'ready' });
      await expectLines('store unreachable', 1);
      await expectLines('store reachable again', 1);

      // Sign in, get a refresh token, and import a profile with the CLI into the same database.
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
      const { callback } = await new Browser(REDIRECT).authorize(url, DEMO);
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
      const cliStore = await openStore({ kind: 'postgres', url: postgres.url }, { poolSize: 2 });
      const imported = { profile: { ...DEMO_PLAYER.profile, name: 'Imported Before The Outage', power: 12345678 } };
      await runCli(['import', DEMO.email, 'profile.json'], cliStore, {
        stdout: () => undefined,
        readStdin: () => '',
        readFile: () => JSON.stringify(imported),
        writeFile: () => undefined,
      });
      await cliStore.close();

      // --- PostgreSQL crashes (immediate stop: every connection cut) --------------------------------------------
      await postgres.stop('immediate');
      const publicDown = await see(
        'outage',
        'POST /mcp tools/call governor_gear_cost',
        await mcp(base, '/mcp', 'tools/call', gearCall),
      );
      expect(publicDown.status).toBe(200);
      const started = Date.now();
      const account = await see(
        'outage',
        'POST /mcp/account tools/call get_my_profile (valid token)',
        await mcp(base, '/mcp/account', 'tools/call', { name: 'get_my_profile', arguments: {} }, tokens.access_token),
      );
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(account.status).toBe(503);
      expect(account.retryAfter).toBe('5');
      expect(account.body).toEqual({
        jsonrpc: '2.0',
        id: 42,
        error: {
          code: -32603,
          message: 'The account data is temporarily unavailable (the store cannot be reached). Retry after 5 seconds.',
          data: { retry_after_seconds: 5 },
        },
      });
      const refreshDown = await see(
        'outage',
        'POST /api/auth/mcp/token grant_type=refresh_token',
        await fetch(`${base}/api/auth/mcp/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token!,
            client_id: config.clientMetadata().client_id,
          }),
        }),
      );
      expect(refreshDown.status).toBe(503);
      expect(refreshDown.retryAfter).toBe('5');
      expect(refreshDown.body).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'the authorization server cannot reach its store for a moment; retry shortly',
      });
      const authorizeDown = await see(
        'outage',
        'GET /api/auth/mcp/authorize (browser)',
        await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } }),
      );
      expect(authorizeDown.status).toBe(503);
      expect(authorizeDown.retryAfter).toBe('5');
      expect(String(authorizeDown.body)).toContain('Sign-in is unavailable for a moment');
      const metadataDown = await see(
        'outage',
        'GET /.well-known/oauth-authorization-server',
        await fetch(`${base}/.well-known/oauth-authorization-server`),
      );
      expect(metadataDown.status).toBe(200);
      const readyDown = await see('outage', 'GET /ready', await fetch(`${base}/ready`));
      expect(readyDown.status).toBe(503);
      expect(readyDown.body).toEqual({ status: 'not_ready', reason: 'store unreachable' });
      for (const seen of transcript)
        expect(JSON.stringify(seen.body)).not.toMatch(/at .*\.(ts|js):\d+|ECONNREFUSED|Error:/);
      await expectLines('store unreachable', 2);

      // --- PostgreSQL is back: everything recovers by itself, nothing committed is lost ------------------------
      await postgres.start();
      await until(
        'the account endpoint answers again',
        async () =>
          (
            await mcp(
              base,
              '/mcp/account',
              'tools/call',
              { name: 'get_my_profile', arguments: {} },
              tokens.access_token,
            )
          ).status === 200,
      );
      const profile = await see(
        'recovered',
        'POST /mcp/account tools/call get_my_profile',
        await mcp(base, '/mcp/account', 'tools/call', { name: 'get_my_profile', arguments: {} }, tokens.access_token),
      );
      expect(
        (profile.body as { result: { structuredContent: { name: string; power: number } } }).result.structuredContent,
      ).toMatchObject({ name: 'Imported Before The Outage', power: 12345678 });
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      transcript.push({
        step: 'recovered',
        request: 'POST /api/auth/mcp/token grant_type=refresh_token (the refresh token issued before the outage)',
        status: 200,
        retryAfter: null,
        contentType: 'application/json',
        body: {
          refresh_token_rotated: refreshed.refresh_token !== tokens.refresh_token,
          token_type: refreshed.token_type,
        },
      });
      expect(refreshed.refresh_token).toBeDefined();
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      const goals = await see(
        'recovered',
        'POST /mcp/account tools/call get_my_goals (refreshed token)',
        await mcp(base, '/mcp/account', 'tools/call', { name: 'get_my_goals', arguments: {} }, refreshed.access_token),
      );
      expect(goals.status).toBe(200);
      const readyAgain = await see('recovered', 'GET /ready', await fetch(`${base}/ready`));
      expect(readyAgain.status).toBe(200);
      expect(readyAgain.body).toEqual({ status: 'ready' });
      await expectLines('store reachable again', 2);

      // --- a clean shutdown of the database (fast stop) is the same outage for clients ---------------------------
      await postgres.stop('fast');
      const fastDown = await see(
        'fast stop',
        'POST /mcp/account tools/call get_my_goals',
        await mcp(base, '/mcp/account', 'tools/call', { name: 'get_my_goals', arguments: {} }, refreshed.access_token),
      );
      expect(fastDown.status).toBe(503);
      expect(fastDown.retryAfter).toBe('5');
      const readyFastDown = await see('fast stop', 'GET /ready', await fetch(`${base}/ready`));
      expect(readyFastDown.status).toBe(503);
      expect(readyFastDown.body).toEqual({ status: 'not_ready', reason: 'store unreachable' });
      await postgres.start();
      await until(
        'the account endpoint answers after the fast stop',
        async () =>
          (
            await mcp(
              base,
              '/mcp/account',
              'tools/call',
              { name: 'get_my_goals', arguments: {} },
              refreshed.access_token,
            )
          ).status === 200,
      );
      const readyAfterFastStop = await see('fast stop', 'GET /ready (after the restart)', await fetch(`${base}/ready`));
      expect(readyAfterFastStop.status).toBe(200);
      expect(readyAfterFastStop.body).toEqual({ status: 'ready' });
      await expectLines('store unreachable', 3);
      await expectLines('store reachable again', 3);
      expect(service.output()).not.toMatch(/\n\s+at /); // no stack trace in the service's output
      expect(service.output()).toContain(
        `store unreachable (PostgreSQL postgres://postgres@127.0.0.1:${postgres.port}/postgres)`,
      );
      expect(service.output()).not.toContain('never-logged-s3cret');
    },
  );
});
