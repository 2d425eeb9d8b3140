/**
 * SIGTERM during a burst of slow uploads, on the real service (spawned, src/main.ts through tsx): every request
 * already received gets its full answer (bodies still arriving when the signal came included), with
 * `Connection: close`; new connections are refused; a request that had begun on a connection before the signal
 * sees /ready answer 503; the process exits 0. With a short SHUTDOWN_TIMEOUT_MS a request still in flight past it
 * is cut and the process exits anyway. SIGINT (Ctrl-C) drains the same way. On PostgreSQL, nothing acknowledged
 * during the drain is lost. What each client saw is written to test-artifacts/drain.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import * as client from 'openid-client';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';
import { createTestDatabase, probePostgres } from '../support/postgres.js';
import { Browser } from '../auth/browser.js';

const transcript: Record<string, unknown[]> = {};
const services: RunningService[] = [];
afterAll(async () => {
  for (const service of services) await service.stop();
  const dir = resolve(import.meta.dirname, '../../test-artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, 'drain.json'), `${JSON.stringify(transcript, null, 2)}\n`);
});

interface Seen {
  status?: number;
  connection?: string | undefined;
  body?: string;
  error?: string;
  /** Milliseconds from the signal to the end of the answer (or the error). */
  afterSignalMs?: number;
}

const sleep = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/**
 * A POST whose body is sent in `chunks` pieces `intervalMs` apart over a connection of its own; `started`
 * resolves once the headers and the first piece are out.
 */
function slowPost(
  port: number,
  path: string,
  body: string,
  options: { chunks: number; intervalMs: number; headers?: Record<string, string>; signalAt: () => number },
): { started: Promise<void>; answer: Promise<Seen> } {
  let started!: () => void;
  const startedPromise = new Promise<void>((done) => (started = done));
  const answer = new Promise<Seen>((done) => {
    const bytes = Buffer.from(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { host: `127.0.0.1:${port}`, 'content-length': String(bytes.length), ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          done({
            status: res.statusCode,
            connection: res.headers.connection,
            body: text,
            afterSignalMs: Date.now() - options.signalAt(),
          }),
        );
        res.on('error', (error: NodeJS.ErrnoException) =>
          done({ error: error.code ?? error.message, afterSignalMs: Date.now() - options.signalAt() }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ error: error.code ?? error.message, afterSignalMs: Date.now() - options.signalAt() }),
    );
    const size = Math.ceil(bytes.length / options.chunks);
    // The headers and the first piece go out once the connection is up; `started` when they have been written.
    req.write(bytes.subarray(0, size), () => started());
    void (async () => {
      for (let i = 1; i < options.chunks; i++) {
        await sleep(options.intervalMs);
        if (req.destroyed) return;
        req.write(bytes.subarray(i * size, (i + 1) * size));
      }
      req.end();
    })();
  });
  return { started: startedPromise, answer };
}

/** A tools/call body padded with spaces to `size` bytes, so it takes every chunk to arrive. */
function paddedCall(id: number, params: Record<string, unknown>, size = 4096): string {
  const json = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
  return json + ' '.repeat(Math.max(0, size - json.length));
}

/** Opens a connection and sends the start of a GET /ready; `finish()` sends the rest and resolves to the answer. */
function halfSentReady(
  port: number,
): Promise<{ finish: () => Promise<{ statusLine: string; connection: string | undefined; body: string }> }> {
  return new Promise((ready, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      ready({
        finish: () =>
          new Promise((done) => {
            let raw = '';
            socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
            socket.on('close', () => {
              const [head = '', body = ''] = raw.split('\r\n\r\n');
              const lines = head.split('\r\n');
              const connection = lines
                .find((l) => l.toLowerCase().startsWith('connection:'))
                ?.slice('connection:'.length)
                .trim();
              done({ statusLine: lines[0] ?? '', connection, body });
            });
            socket.write('\r\n');
          }),
      });
    });
    socket.once('error', fail);
  });
}

function tryConnect(port: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      done('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/** The exit, once its output has been read to the end ('close', not 'exit'). */
function exited(service: RunningService): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((done) => service.process.once('close', (code, signal) => done({ code, signal })));
}

function logLines(service: RunningService): Record<string, unknown>[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function untilReady(base: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${base}/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error('the service never became ready');
}

const gear = { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3' } };
const GEAR_TOTALS = { satin: 393000, gilded_threads: 3960, artisans_vision: 765 };

/**
 * Each upload (ids 1, 2, ...) got its whole answer, the gear totals, on a connection the drain closes after it,
 * more than a second after the signal: its body was still arriving when the signal came.
 */
function expectAnsweredInFull(answers: readonly Seen[]): void {
  answers.forEach((answer, i) => {
    expect(answer.error, JSON.stringify(answer)).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    const json = JSON.parse(answer.body!) as { id: number; result: { structuredContent: { totals: unknown } } };
    expect(json.id).toBe(i + 1);
    expect(json.result.structuredContent.totals).toEqual(GEAR_TOTALS);
    expect(answer.afterSignalMs).toBeGreaterThan(1_000);
  });
}

describe('SIGTERM or SIGINT during slow uploads', () => {
  it(
    'answers every request already received in full, refuses new connections, says not ready, exits 0',
    { timeout: 90_000 },
    async () => {
      const service = await startService({ SHUTDOWN_TIMEOUT_MS: '10000' });
      services.push(service);
      await untilReady(service.baseUrl);
      let signalAt = 0;
      // Ten uploads, each 4 KiB sent in 10 pieces 300 ms apart (about 2.7 s), all under way when the signal comes.
      const uploads = Array.from({ length: 10 }, (_, i) =>
        slowPost(service.port, '/mcp', paddedCall(i + 1, gear), {
          chunks: 10,
          intervalMs: 300,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
          signalAt: () => signalAt,
        }),
      );
      await Promise.all(uploads.map((u) => u.started));
      const ready = await halfSentReady(service.port);
      await sleep(300);
      const exit = exited(service);
      signalAt = Date.now();
      service.process.kill('SIGTERM');
      await sleep(200);
      const newConnection = await tryConnect(service.port);
      const readyDuringDrain = await ready.finish();
      const answers = await Promise.all(uploads.map((u) => u.answer));
      const { code, signal } = await exit;
      const exitedAfterMs = Date.now() - signalAt;
      transcript['sqlite burst'] = [
        { newConnection, readyDuringDrain },
        ...answers.map((a) => ({ ...a, body: a.body?.slice(0, 200) })),
        { code, signal, exitedAfterMs },
      ];

      expect(newConnection).toBe('ECONNREFUSED');
      expect(readyDuringDrain.statusLine).toBe('HTTP/1.1 503 Service Unavailable');
      expect(readyDuringDrain.connection).toBe('close');
      expect(JSON.parse(readyDuringDrain.body)).toEqual({
        status: 'not_ready',
        reason: 'draining: the instance is shutting down',
      });
      expectAnsweredInFull(answers);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      const lines = logLines(service);
      expect(
        lines.filter((l) => l.msg === 'request' && l.endpoint === '/mcp' && l.status === 200 && l.outcome === 'result'),
      ).toHaveLength(10);
      // The ten uploads (the half-sent /ready is not a request until its headers end).
      expect(lines.find((l) => l.signal === 'SIGTERM')).toMatchObject({
        level: 'info',
        in_flight: 10,
        timeout_ms: 10000,
      });
      expect(lines.at(-1)).toMatchObject({ level: 'info', msg: 'drained; exiting', cut: false });
    },
  );

  it(
    'SIGINT (Ctrl-C) drains the same way: the uploads under way are answered in full, new connections refused, exit 0',
    { timeout: 90_000 },
    async () => {
      const service = await startService({ SHUTDOWN_TIMEOUT_MS: '10000' });
      services.push(service);
      await untilReady(service.baseUrl);
      let signalAt = 0;
      // Three uploads, each 4 KiB sent in 8 pieces 300 ms apart (about 2.1 s), under way when the signal comes.
      const uploads = Array.from({ length: 3 }, (_, i) =>
        slowPost(service.port, '/mcp', paddedCall(i + 1, gear), {
          chunks: 8,
          intervalMs: 300,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
          signalAt: () => signalAt,
        }),
      );
      await Promise.all(uploads.map((u) => u.started));
      await sleep(300);
      const exit = exited(service);
      signalAt = Date.now();
      service.process.kill('SIGINT');
      await sleep(200);
      const newConnection = await tryConnect(service.port);
      const answers = await Promise.all(uploads.map((u) => u.answer));
      const { code, signal } = await exit;
      transcript.sigint = [
        { newConnection },
        ...answers.map((a) => ({ ...a, body: a.body?.slice(0, 200) })),
        { code, signal, exitedAfterMs: Date.now() - signalAt },
      ];

      expect(newConnection).toBe('ECONNREFUSED');
      expectAnsweredInFull(answers);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      const lines = logLines(service);
      expect(
        lines.filter((l) => l.msg === 'request' && l.endpoint === '/mcp' && l.status === 200 && l.outcome === 'result'),
      ).toHaveLength(3);
      expect(lines.find((l) => l.signal !== undefined)).toMatchObject({
        level: 'info',
        signal: 'SIGINT',
        in_flight: 3,
        timeout_ms: 10000,
      });
      expect(lines.at(-1)).toMatchObject({ level: 'info', msg: 'drained; exiting', cut: false });
    },
  );

  it(
    'with a short SHUTDOWN_TIMEOUT_MS, cuts a request still in flight past it and exits 0',
    { timeout: 60_000 },
    async () => {
      const service = await startService({ SHUTDOWN_TIMEOUT_MS: '1000' });
      services.push(service);
      await untilReady(service.baseUrl);
      let signalAt = 0;
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      };
      // One upload takes about 6 s, past the 1 s allowed; one finishes within it.
      const slow = slowPost(service.port, '/mcp', paddedCall(1, gear), {
        chunks: 12,
        intervalMs: 500,
        headers,
        signalAt: () => signalAt,
      });
      const quick = slowPost(service.port, '/mcp', paddedCall(2, gear), {
        chunks: 3,
        intervalMs: 300,
        headers,
        signalAt: () => signalAt,
      });
      await Promise.all([slow.started, quick.started]);
      await sleep(200); // the server has read their headers
      const exit = exited(service);
      signalAt = Date.now();
      service.process.kill('SIGTERM');
      const [slowSaw, quickSaw] = await Promise.all([slow.answer, quick.answer]);
      const { code, signal } = await exit;
      const exitedAfterMs = Date.now() - signalAt;
      transcript['short timeout'] = [
        { request: 'slow upload (6 s)', ...slowSaw },
        { request: 'quick upload (0.6 s)', ...quickSaw, body: quickSaw.body?.slice(0, 120) },
        { code, signal, exitedAfterMs },
      ];

      expect(quickSaw.status).toBe(200);
      expect(
        (JSON.parse(quickSaw.body!) as { result: { structuredContent: { totals: unknown } } }).result.structuredContent
          .totals,
      ).toEqual(GEAR_TOTALS);
      // The slow one is cut at the timeout: its connection is reset while its body is still being sent.
      expect(slowSaw.status).toBeUndefined();
      expect(['ECONNRESET', 'EPIPE']).toContain(slowSaw.error);
      expect(slowSaw.afterSignalMs).toBeGreaterThanOrEqual(1_000);
      expect(slowSaw.afterSignalMs).toBeLessThan(5_000);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      const lines = logLines(service);
      transcript['short timeout'].push({ log: lines.slice(-5) });
      expect(
        lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('drain: SHUTDOWN_TIMEOUT_MS passed')),
      ).toMatchObject({ level: 'warn', in_flight: 1, timeout_ms: 1000 });
      expect(lines.find((l) => l.msg === 'request' && l.aborted === true)).toMatchObject({
        endpoint: '/mcp',
        method: 'POST',
        outcome: 'aborted',
        status: 0,
      });
      expect(lines.at(-1)).toMatchObject({ msg: 'drained (requests cut at the timeout); exiting', cut: true });
    },
  );
});

const postgres = await probePostgres();
if (!postgres.available && !process.env.CI)
  process.stderr.write(
    `test/ops/drain.ci.test.ts PostgreSQL case skipped: ${postgres.reason} (start PostgreSQL or set TEST_DATABASE_URL; with CI=1 this is a failure)\n`,
  );

describe.skipIf(!postgres.available && !process.env.CI)('SIGTERM on PostgreSQL', () => {
  it(
    'registrations, a refresh and account reads acknowledged during the drain are all there after it',
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase(postgres.adminUrl);
      try {
        const demo = { email: 'drain@kingshot.example', password: 'drain-password-1' };
        const env = {
          DATABASE_URL: database.url,
          DEMO_EMAIL: demo.email,
          DEMO_PASSWORD: demo.password,
          AUTH_RATE_LIMIT_PER_MINUTE: '0',
          SHUTDOWN_TIMEOUT_MS: '10000',
        };
        const first = await startService(env);
        services.push(first);
        await untilReady(first.baseUrl);
        const redirect = 'http://127.0.0.1:8977/callback';
        const insecure = { execute: [client.allowInsecureRequests] };
        const config = await client.dynamicClientRegistration(
          new URL(first.baseUrl),
          {
            redirect_uris: [redirect],
            token_endpoint_auth_method: 'none',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
          client.None(),
          insecure,
        );
        const verifier = client.randomPKCECodeVerifier();
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: redirect,
          scope: 'openid offline_access',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        });
        const { callback } = await new Browser(redirect).authorize(url, demo);
        const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });

        let signalAt = 0;
        const opts = { chunks: 8, intervalMs: 300, signalAt: () => signalAt };
        const registrations = Array.from({ length: 4 }, (_, i) =>
          slowPost(
            first.port,
            '/api/auth/mcp/register',
            JSON.stringify({ redirect_uris: [`http://127.0.0.1:8977/cb${i}`], client_name: `drain ${i}` }).padEnd(
              1024,
              ' ',
            ),
            { ...opts, headers: { 'content-type': 'application/json' } },
          ),
        );
        const refresh = slowPost(
          first.port,
          '/api/auth/mcp/token',
          new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token!,
            client_id: config.clientMetadata().client_id,
          }).toString(),
          { ...opts, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        );
        const reads = Array.from({ length: 3 }, (_, i) =>
          slowPost(first.port, '/mcp/account', paddedCall(i + 1, { name: 'get_my_profile', arguments: {} }), {
            ...opts,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              authorization: `Bearer ${tokens.access_token}`,
            },
          }),
        );
        await Promise.all([...registrations, refresh, ...reads].map((u) => u.started));
        await sleep(200); // the server has read their headers
        const exit = exited(first);
        signalAt = Date.now();
        first.process.kill('SIGTERM');
        const registered = await Promise.all(registrations.map((r) => r.answer));
        const refreshed = await refresh.answer;
        const read = await Promise.all(reads.map((r) => r.answer));
        const { code } = await exit;
        transcript.postgres = [...registered, refreshed, ...read].map((a) => ({
          status: a.status,
          connection: a.connection,
          error: a.error,
          afterSignalMs: a.afterSignalMs,
        }));

        expect(code).toBe(0);
        const clientIds = registered.map((r) => {
          expect(r.status, JSON.stringify(r)).toBe(201);
          expect(r.connection).toBe('close');
          return (JSON.parse(r.body!) as { client_id: string }).client_id;
        });
        expect(refreshed.status, refreshed.body).toBe(200);
        const rotated = JSON.parse(refreshed.body!) as { access_token: string; refresh_token: string };
        for (const r of read) {
          expect(r.status, r.body).toBe(200);
          expect((JSON.parse(r.body!) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
        }
        // Every registration acknowledged during the drain is in the database.
        const db = new pg.Client({ connectionString: database.url });
        await db.connect();
        const rows = await db.query<{ id: string }>("select id from oidc_payloads where type = 'Client'");
        await db.end();
        expect(rows.rows.map((r) => r.id)).toEqual(
          expect.arrayContaining([...clientIds, config.clientMetadata().client_id]),
        );

        // A new instance on the same database honours the rotation made during the drain: the new refresh token works,
        // the old one is refused as reused.
        // Same port, so the same issuer and resource: what a restarted instance behind the same address would be.
        const second = await startService(env, first.port);
        services.push(second);
        await untilReady(second.baseUrl);
        const token = (refreshToken: string) =>
          fetch(`${second.baseUrl}/api/auth/mcp/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'refresh_token',
              refresh_token: refreshToken,
              client_id: config.clientMetadata().client_id,
            }),
          });
        const again = await token(rotated.refresh_token);
        expect(again.status, await again.clone().text()).toBe(200);
        const reused = await token(tokens.refresh_token!);
        expect(reused.status).toBe(400);
        expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');
        await second.stop();
      } finally {
        await database.drop();
      }
    },
  );
});
