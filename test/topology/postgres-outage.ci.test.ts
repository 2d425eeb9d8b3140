/**
 * PostgreSQL stopped and started again under three instances behind HAProxy (deploy/haproxy.cfg), on a PostgreSQL
 * server and a Redis of this file's own (the other topology tests' database is never touched). During the outage
 * every instance's /ready answers 503, so HAProxy's /ready checks take them all out; the balancer must then send
 * requests to the instances anyway (they answer /mcp and the pages without the store, and the account paths with
 * their own 503), not answer its own 503 on every path. When the database returns, everything recovers by itself
 * and nothing committed is lost. A client keeps calling /mcp through the balancer from before the stop until after
 * the recovery. What clients saw is written to test-artifacts/topology-postgres-outage.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed, onTestFinished } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { runCli } from '../../src/cli/main.js';
import { openStore } from '../../src/store/store.js';
import { startTopology, type Topology } from '../../deploy/topology.js';
import { Browser } from '../auth/browser.js';
import { MCP_HEADERS } from '../helpers.js';
import { startRedis, type TestRedis } from '../redis-server.js';
import { createOwnPostgres, type OwnPostgres } from '../support/own-postgres.js';

// Without HAProxy, redis-server or PostgreSQL's binaries this skips; test/global-setup.ts said so in one line.
const { haproxy, redisServer, postgresBinaries } = inject('services');
const runnable = haproxy && redisServer && postgresBinaries;

const REDIRECT = 'http://127.0.0.1:8977/callback';
const DEMO = { email: 'topology-outage@kingshot.example', password: 'topology-outage-password-1' };
const gearCall = { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3' } };
const GEAR_TOTALS = { satin: 393000, gilded_threads: 3960, artisans_vision: 765 };
const IMPORTED = { ...DEMO_PLAYER.profile, name: 'Committed Before The Outage', power: 55443322 };

let postgres: OwnPostgres | undefined;
let redis: TestRedis | undefined;
let topology: Topology | undefined;
const transcript: Record<string, unknown> = {};

beforeAll(async () => {
  if (!runnable) return;
  postgres = await createOwnPostgres();
  await postgres.start();
  redis = await startRedis();
  topology = await startTopology({
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    env: {
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      RATE_LIMIT_NETWORKS: '127.0.0.1/32=1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PREFIX: `ks-topology-outage-${process.pid}:`,
    },
  });
}, 240_000);

afterAll(async () => {
  await topology?.stop();
  await redis?.stop();
  await postgres?.destroy();
  if (Object.keys(transcript).length > 0) {
    const dir = resolve(import.meta.dirname, '../../test-artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, 'topology-postgres-outage.json'), `${JSON.stringify(transcript, null, 2)}\n`);
  }
}, 60_000);

interface Answer {
  request: string;
  status: number;
  servedBy: string | null;
  retryAfter: string | null;
  contentType: string | null;
  body: any;
}

async function answer(request: string, response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A page: what a person reads on it.
    body = [...text.matchAll(/<(h1|title)>([^<]*)<\/\1>/g)].map((m) => m[2]).join(' | ');
  }
  return {
    request,
    status: response.status,
    servedBy: response.headers.get('x-served-by'),
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type'),
    body,
  };
}

function mcp(
  base: string,
  path: string,
  method: string,
  params: Record<string, unknown>,
  token?: string,
): Promise<Answer> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...MCP_HEADERS,
      'mcp-protocol-version': '2025-06-18',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 42, method, params }),
    signal: AbortSignal.timeout(20_000),
  }).then((response) => answer(`POST ${path} ${method}${params.name ? ` ${String(params.name)}` : ''}`, response));
}

function refresh(base: string, clientId: string, refreshToken: string): Promise<Answer> {
  return fetch(`${base}/api/auth/mcp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
    signal: AbortSignal.timeout(20_000),
  }).then((response) => answer('POST /api/auth/mcp/token grant_type=refresh_token', response));
}

/** Each instance's /ready, asked directly (as HAProxy's checks do), by name. */
async function readiness(t: Topology): Promise<Record<string, { status: number; body: unknown }>> {
  const entries = await Promise.all(
    t.instances.map(async (instance) => {
      const response = await fetch(`${instance.url}/ready`, { signal: AbortSignal.timeout(10_000) });
      return [instance.name, { status: response.status, body: await response.json() }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await Promise.resolve(check()).catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
}

/**
 * HAProxy's log lines since `from` (an offset into its output) that mention `text`: the `<priority>message` lines
 * of `log stderr format short` (in the foreground HAProxy also prints each state change as a [WARNING] line).
 */
function logLines(t: Topology, from: number, text: string): string[] {
  return t
    .haproxyOutput()
    .slice(from)
    .split('\n')
    .filter((line) => /^<\d>/.test(line) && line.includes(text));
}

/** What the transcript keeps of an answer: no tokens, and of a tool result what identifies it. */
function summary(a: Answer): Record<string, unknown> {
  const content = a.body?.result?.structuredContent;
  const body = content?.totals
    ? { totals: content.totals }
    : content?.goals
      ? { goals: content.goals.map((g: { title: string }) => g.title) }
      : content
        ? { name: content.name, power: content.power }
        : a.body?.access_token
          ? { token_type: a.body.token_type, refresh_token: '(a new one)' }
          : a.body;
  return { ...a, body };
}

interface Streamed {
  /** Date.now() when it was sent. */
  at: number;
  status: number;
  servedBy: string | null;
  exact: boolean;
  error?: string;
}

/** One client calling /mcp through the balancer, one request after another, until `stop()`. */
function streamMcp(t: Topology): { stop: () => Promise<Streamed[]> } {
  const seen: Streamed[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      const a = await mcp(t.baseUrl, '/mcp', 'tools/call', gearCall).catch((error: Error) => ({
        status: 0,
        servedBy: null,
        body: undefined,
        error: `${error.message}: ${String((error.cause as Error | undefined)?.message ?? '')}`,
      }));
      seen.push({
        at,
        status: a.status,
        servedBy: a.servedBy,
        exact: JSON.stringify(a.body?.result?.structuredContent?.totals) === JSON.stringify(GEAR_TOTALS),
        ...('error' in a ? { error: a.error } : {}),
      });
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

describe.runIf(runnable)('PostgreSQL stopped and started again under three instances behind HAProxy', () => {
  it(
    '/mcp and the pages answer through the balancer, the account paths answer their own 503, and everything recovers with nothing lost',
    { timeout: 300_000 },
    async () => {
      const t = topology!;
      const db = postgres!;
      // On a failure, what each instance and HAProxy said, for the transcript.
      onTestFailed(() => {
        transcript.onFailure = {
          instances: t.instances.map((i) => ({
            name: i.name,
            running: i.running(),
            output: i.output().split('\n').slice(-40),
          })),
          haproxy: t.haproxyOutput().split('\n').slice(-40),
        };
      });
      const insecure = { execute: [client.allowInsecureRequests] };

      // --- before: a sign-in through the balancer, and a profile imported with the CLI ---------------------------
      const config = await client.dynamicClientRegistration(
        new URL(t.baseUrl),
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
      const resource = `${t.baseUrl}/mcp/account`;
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid offline_access',
        resource,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const { callback } = await new Browser(REDIRECT).authorize(url, DEMO);
      const tokens = await client.authorizationCodeGrant(
        config,
        callback,
        { pkceCodeVerifier: verifier },
        { resource },
      );
      const cliStore = await openStore({ kind: 'postgres', url: db.url }, { poolSize: 2 });
      try {
        await runCli(['import', DEMO.email, 'profile.json'], cliStore, {
          stdout: () => undefined,
          readStdin: () => '',
          readFile: () => JSON.stringify({ profile: IMPORTED }),
          writeFile: () => undefined,
        });
      } finally {
        await cliStore.close();
      }
      const before = await mcp(
        t.baseUrl,
        '/mcp/account',
        'tools/call',
        { name: 'get_my_profile', arguments: {} },
        tokens.access_token,
      );
      expect(before.status).toBe(200);
      expect(before.body.result.structuredContent).toMatchObject({ name: IMPORTED.name, power: IMPORTED.power });
      const goalsBefore = await mcp(
        t.baseUrl,
        '/mcp/account',
        'tools/call',
        { name: 'get_my_goals', arguments: {} },
        tokens.access_token,
      );
      expect(goalsBefore.status).toBe(200);
      expect(goalsBefore.body.result.structuredContent.goals[0].title).toBe(
        'Top (Governor Gear): Gold T1 ★2 → Gold T3 ★3',
      );
      transcript.before = [summary(before), summary(goalsBefore)];

      // --- PostgreSQL crashes (immediate stop: every connection cut) ----------------------------------------------
      const stream = streamMcp(t);
      onTestFinished(async () => void (await stream.stop()));
      await new Promise((r) => setTimeout(r, 500));
      const logFrom = t.haproxyOutput().length;
      const stoppedAt = Date.now();
      await db.stop('immediate');
      // HAProxy's /ready checks (every second, out after two failures) take every instance out of `instances`.
      await until(
        'HAProxy has no instance left that passes /ready',
        () => logLines(t, logFrom, 'backend instances has no server available').length === 1,
        30_000,
      );
      const allOutAt = Date.now();
      const allOutAfterMs = allOutAt - stoppedAt;
      expect(logLines(t, logFrom, 'Server instances/').filter((l) => l.includes(' is DOWN')).length).toBe(3);

      const ready = await readiness(t);
      expect(ready).toEqual({
        i1: { status: 503, body: { status: 'not_ready', reason: 'store unreachable' } },
        i2: { status: 503, body: { status: 'not_ready', reason: 'store unreachable' } },
        i3: { status: 503, body: { status: 'not_ready', reason: 'store unreachable' } },
      });

      const during: Answer[] = [];
      for (let i = 0; i < 3; i++) during.push(await mcp(t.baseUrl, '/mcp', 'tools/call', gearCall));
      for (const a of during) {
        expect(a.status, JSON.stringify(a)).toBe(200);
        expect(a.body.result.structuredContent.totals).toEqual(GEAR_TOTALS);
      }
      // Which instance: any of the three (the /mcp client below shares the round robin, so three calls in a row need
      // not reach three instances; its calls during the outage show all three serving).
      for (const a of during) expect(a.servedBy).toMatch(/^i[123]$/);
      const page = await answer(
        'GET /heroes/amane',
        await fetch(`${t.baseUrl}/heroes/amane`, { signal: AbortSignal.timeout(20_000) }),
      );
      expect(page.status).toBe(200);
      expect(page.contentType).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Amane');
      const account = await mcp(
        t.baseUrl,
        '/mcp/account',
        'tools/call',
        { name: 'get_my_profile', arguments: {} },
        tokens.access_token,
      );
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
      const token = await refresh(t.baseUrl, clientId, tokens.refresh_token!);
      expect(token.status).toBe(503);
      expect(token.retryAfter).toBe('5');
      expect(token.body).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'the authorization server cannot reach its store for a moment; retry shortly',
      });
      for (const a of [account, token]) expect(a.servedBy).toMatch(/^i[123]$/);
      // The outage goes on for a few seconds more, the /mcp client calling all the while.
      await new Promise((r) => setTimeout(r, 3_000));
      transcript.outage = {
        allOutOfReadyBackendAfterMs: allOutAfterMs,
        ready,
        answers: [...during, page, account, token].map(summary),
      };

      // --- PostgreSQL is back: everything recovers by itself -------------------------------------------------------
      const recoveryLogFrom = t.haproxyOutput().length;
      const restartedAt = Date.now();
      await db.start();
      const readyAgainAfterMs = await until(
        'every instance is ready again',
        async () => Object.values(await readiness(t)).every((r) => r.status === 200),
        60_000,
      );
      // HAProxy routes by /ready again once it sees the instances pass it (two checks in a row).
      await until(
        'HAProxy has the three instances back in `instances`',
        () => logLines(t, recoveryLogFrom, 'Server instances/').filter((l) => l.includes(' is UP')).length === 3,
        30_000,
      );
      const backAt = Date.now();
      const routedByReadyAfterMs = backAt - restartedAt;
      expect(await readiness(t)).toEqual({
        i1: { status: 200, body: { status: 'ready' } },
        i2: { status: 200, body: { status: 'ready' } },
        i3: { status: 200, body: { status: 'ready' } },
      });

      await new Promise((r) => setTimeout(r, 500));
      const streamed = await stream.stop();

      // The token issued before the outage works again, and the data committed before it is all there.
      const profiles: Answer[] = [];
      for (let i = 0; i < 3; i++)
        profiles.push(
          await mcp(
            t.baseUrl,
            '/mcp/account',
            'tools/call',
            { name: 'get_my_profile', arguments: {} },
            tokens.access_token,
          ),
        );
      for (const p of profiles) {
        expect(p.status, JSON.stringify(p)).toBe(200);
        expect(p.body.result.structuredContent).toEqual(before.body.result.structuredContent);
      }
      expect(new Set(profiles.map((p) => p.servedBy))).toEqual(new Set(['i1', 'i2', 'i3']));
      // The refresh token issued before the outage (and refused during it) refreshes now; the new token is served.
      const refreshed = await refresh(t.baseUrl, clientId, tokens.refresh_token!);
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
      const goals = await mcp(
        t.baseUrl,
        '/mcp/account',
        'tools/call',
        { name: 'get_my_goals', arguments: {} },
        refreshed.body.access_token,
      );
      expect(goals.status).toBe(200);
      expect(goals.body.result.structuredContent).toEqual(goalsBefore.body.result.structuredContent);

      // What the /mcp client saw from before the stop until after the recovery: every call answered in full.
      const byStatus = streamed.reduce<Record<string, number>>(
        (m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }),
        {},
      );
      transcript.recovered = {
        outageMs: restartedAt - stoppedAt,
        readyAgainAfterStartMs: readyAgainAfterMs,
        routedByReadyAgainAfterMs: routedByReadyAfterMs,
        answers: [...profiles, refreshed, goals].map(summary),
      };
      // Sent after HAProxy had taken every instance out of `instances` and before PostgreSQL was started again.
      const whileNoneReady = streamed.filter((s) => s.at > allOutAt && s.at < restartedAt);
      transcript.mcpClientThroughout = {
        requests: streamed.length,
        byStatus,
        sentWhileNoInstanceWasReady: whileNoneReady.length,
        failed: streamed.filter((s) => s.status !== 200 || !s.exact),
        servedBy: [...new Set(streamed.map((s) => s.servedBy))].sort(),
      };
      transcript.haproxyStateChanges = logLines(t, logFrom, '');
      expect(streamed.filter((s) => s.status !== 200 || !s.exact)).toEqual([]);
      expect(streamed.length).toBeGreaterThan(20);
      expect(new Set(whileNoneReady.map((s) => s.servedBy))).toEqual(new Set(['i1', 'i2', 'i3']));
    },
  );
});
