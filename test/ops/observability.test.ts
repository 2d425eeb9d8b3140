/**
 * /ready, /metrics, the request log and the request id on a real Node server in this process (the app as main.ts
 * builds it: createApp with metrics and readiness, every request through the RequestObserver), with the log lines
 * captured from pino.
 */
import { request as httpRequest, type Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { McpFastPaths } from '../../src/http/node-fast-path.js';
import { createNodeServer } from '../../src/http/node-server.js';
import { endpointClassifier } from '../../src/observability/endpoints.js';
import { createLogger, createRequestLogger } from '../../src/observability/logger.js';
import { ServiceMetrics } from '../../src/observability/metrics.js';
import { bearerMatches } from '../../src/observability/ops-routes.js';
import { Readiness } from '../../src/observability/readiness.js';
import { RequestObserver } from '../../src/observability/request-observer.js';
import { MCP_HEADERS, testConfig } from '../helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef';
/** Our own ids: 12 hex digits drawn per process, a dash, a counter in base 36. */
const OWN_ID = /^[0-9a-f]{12}-[0-9a-z]+$/;

interface Running {
  base: string;
  host: string;
  lines: Record<string, unknown>[];
  metrics: ServiceMetrics;
  readiness: Readiness;
  observer: RequestObserver;
  close(): Promise<void>;
}
const running: Running[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

async function start(
  options: {
    rateLimitPerMinute?: number;
    metricsToken?: string;
    trustedProxies?: string[];
    ready?: () => Promise<string | undefined>;
  } = {},
): Promise<Running> {
  const lines: Record<string, unknown>[] = [];
  const logger = createRequestLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const metrics = new ServiceMetrics();
  const readiness = new Readiness(options.ready);
  const trustedProxies = new Set(options.trustedProxies ?? []);
  const observer = new RequestObserver({
    metrics,
    logger,
    endpointOf: endpointClassifier(['/mcp', '/mcp/account']),
    mcpPaths: new Set(['/mcp', '/mcp/account']),
    trustedProxies,
  });
  // The app's allowed host names the port, known once the server listens: the app is built right after. The
  // server is wired as main.ts wires it, so the everyday MCP POSTs take Node's fast path and are observed there.
  let app: ReturnType<typeof createApp> | undefined;
  const fastPaths = new McpFastPaths();
  const server = createNodeServer(
    observer.wrap((request, env) => app!.fetch(request, env)),
    {},
    undefined,
    {
      fastPaths,
      // As main.ts: the fast path writes X-Request-Id with the answer's other headers.
      observe: (incoming, outgoing) => observer.observe(incoming, outgoing, false),
    },
  );
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const config = testConfig({
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    allowedHosts: new Set([`127.0.0.1:${port}`]),
    trustedProxies,
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
  });
  app = createApp({ config, metrics, readiness, logError: () => undefined, mcpFastPaths: fastPaths });
  const r: Running = {
    base: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    lines,
    metrics,
    readiness,
    observer,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  running.push(r);
  return r;
}

function mcp(r: Running, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${r.base}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18', ...headers },
    body: JSON.stringify(body),
  });
}

async function scrape(r: Running, token?: string): Promise<string> {
  const res = await fetch(`${r.base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

/** A GET with exactly these headers (fetch does not let a test choose the Host header). */
function get(r: Running, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, r.base);
  return new Promise((done, fail) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The value of one series in the exposition text, or undefined when it is absent. */
function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** Waits until the log has `count` request lines (a line is written when the response has gone). */
async function requestLines(r: Running, count: number): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 100; i++) {
    const found = r.lines.filter((l) => l.msg === 'request');
    if (found.length >= count) return found;
    await new Promise((settle) => setTimeout(settle, 10));
  }
  throw new Error(`expected ${count} request lines, got ${JSON.stringify(r.lines)}`);
}

const gear = { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3' } };

describe('/metrics', () => {
  it('counts MCP requests by endpoint, method, tool and outcome, with the latency histogram in seconds', async () => {
    const r = await start();
    expect((await mcp(r, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: gear })).status).toBe(200);
    expect((await mcp(r, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: gear })).status).toBe(200);
    expect(
      (
        await mcp(r, {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'governor_gear_cost', arguments: {} },
        })
      ).status,
    ).toBe(200);
    // A name the registry does not have: a protocol error, counted as tool "unknown" (never the name sent).
    expect(
      (
        await mcp(r, {
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'not-a-tool-8c1f', arguments: { secret: 'arg-value-77' } },
        })
      ).status,
    ).toBe(200);
    expect((await mcp(r, { jsonrpc: '2.0', id: 5, method: 'made/up-method-9d2e' })).status).toBe(200);
    expect((await mcp(r, { jsonrpc: '2.0', id: 6, method: 'tools/list' })).status).toBe(200);
    expect((await mcp(r, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    expect((await fetch(`${r.base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS }, body: '{' })).status).toBe(400);
    await requestLines(r, 8);
    const text = await scrape(r);
    const op = (labels: string) => `mcp_server_operation_duration_seconds_count{endpoint="/mcp",${labels}}`;
    expect(
      series(text, op('mcp_method_name="tools/call",gen_ai_tool_name="governor_gear_cost",outcome="result"')),
    ).toBe(2);
    expect(
      series(text, op('mcp_method_name="tools/call",gen_ai_tool_name="governor_gear_cost",outcome="tool_error"')),
    ).toBe(1);
    expect(series(text, op('mcp_method_name="tools/call",gen_ai_tool_name="unknown",outcome="protocol_error"'))).toBe(
      1,
    );
    expect(series(text, op('mcp_method_name="other",gen_ai_tool_name="",outcome="protocol_error"'))).toBe(1);
    expect(series(text, op('mcp_method_name="tools/list",gen_ai_tool_name="",outcome="result"'))).toBe(1);
    expect(series(text, op('mcp_method_name="notifications/initialized",gen_ai_tool_name="",outcome="accepted"'))).toBe(
      1,
    );
    // The body was not JSON: no method was read.
    expect(series(text, op('mcp_method_name="",gen_ai_tool_name="",outcome="protocol_error"'))).toBe(1);
    expect(text).toContain(
      'mcp_server_operation_duration_seconds_bucket{le="0.001",endpoint="/mcp",mcp_method_name="tools/call",gen_ai_tool_name="governor_gear_cost",outcome="result"}',
    );
    expect(
      series(
        text,
        'http_server_request_duration_seconds_count{endpoint="/mcp",http_request_method="POST",http_response_status_code="200"}',
      ),
    ).toBe(6);
    expect(
      series(
        text,
        'http_server_request_duration_seconds_count{endpoint="/mcp",http_request_method="POST",http_response_status_code="400"}',
      ),
    ).toBe(1);
    // Nothing the client chose appears as a label value.
    for (const chosen of ['not-a-tool-8c1f', 'arg-value-77', 'made/up-method-9d2e', '127.0.0.1'])
      expect(text).not.toContain(chosen);
    // The default process metrics and the store error counter at zero.
    expect(series(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds ');
    expect(series(text, 'kingshot_store_errors_total{kind="unavailable"}')).toBe(0);
    expect(series(text, 'kingshot_store_errors_total{kind="query"}')).toBe(0);
    // The scrape itself is counted as a request in flight, then answered.
    expect(series(text, 'http_server_active_requests')).toBe(1);
  });

  it('counts 429 refusals by limiter and as the 429 outcome', async () => {
    const r = await start({ rateLimitPerMinute: 1 });
    expect((await mcp(r, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(200);
    expect((await mcp(r, { jsonrpc: '2.0', id: 2, method: 'ping' })).status).toBe(429);
    expect((await mcp(r, { jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(429);
    await requestLines(r, 3);
    const text = await scrape(r);
    expect(series(text, 'kingshot_rate_limit_refusals_total{limiter="mcp"}')).toBe(2);
    expect(
      series(
        text,
        'mcp_server_operation_duration_seconds_count{endpoint="/mcp",mcp_method_name="",gen_ai_tool_name="",outcome="429"}',
      ),
    ).toBe(2);
    expect(
      series(
        text,
        'mcp_server_operation_duration_seconds_count{endpoint="/mcp",mcp_method_name="ping",gen_ai_tool_name="",outcome="result"}',
      ),
    ).toBe(1);
  });

  it('with METRICS_TOKEN: 401 without it or with another, 200 with it; without a token the host guard applies', async () => {
    const r = await start({ metricsToken: TOKEN });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
    ]) {
      const res = await fetch(`${r.base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({
        error: 'unauthorized',
        error_description: '/metrics needs the METRICS_TOKEN as a bearer token: Authorization: Bearer <token>',
      });
    }
    // With the token, any Host: Prometheus scrapes an instance by its address.
    const scraped = await get(r, '/metrics', { authorization: `Bearer ${TOKEN}`, host: 'instance-3.internal:9000' });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain('# TYPE mcp_server_operation_duration_seconds histogram');

    const open = await start();
    expect((await fetch(`${open.base}/metrics`)).status).toBe(200);
    const foreign = await get(open, '/metrics', { host: 'evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({
      error: { message: 'Forbidden: host "evil.example" is not served here.' },
    });
  });

  it('compares the token in constant time over digests, and only a bearer token matches', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer   ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer', TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
  });

  it('renders the store, Redis and OAuth counters fed through their seams', async () => {
    const metrics = new ServiceMetrics();
    metrics.storeError(true);
    metrics.storeError(true);
    metrics.storeError(false);
    metrics.redisConfigured(true);
    metrics.redisDown();
    metrics.rateLimitFallback('mcp');
    metrics.rateLimitFallback('mcp');
    metrics.oauthOutcome('refresh', 'invalid_grant');
    const text = await metrics.render();
    expect(series(text, 'kingshot_store_errors_total{kind="unavailable"}')).toBe(2);
    expect(series(text, 'kingshot_store_errors_total{kind="query"}')).toBe(1);
    expect(series(text, 'kingshot_redis_up')).toBe(0);
    expect(series(text, 'kingshot_redis_outages_total')).toBe(1);
    expect(series(text, 'kingshot_rate_limit_fallbacks_total{limiter="mcp"}')).toBe(2);
    expect(series(text, 'kingshot_oauth_operations_total{operation="refresh",outcome="invalid_grant"}')).toBe(1);
    metrics.redisUp();
    expect(series(await metrics.render(), 'kingshot_redis_up')).toBe(1);
    // Without Redis configured the gauge is not there at all.
    expect(await new ServiceMetrics().render()).not.toContain('kingshot_redis_up');
  });
});

describe('/ready', () => {
  it('200 when the check passes, 503 with its reason when not, and 503 from the moment a drain starts', async () => {
    let reason: string | undefined = 'starting: opening and migrating the store';
    const r = await start({ ready: async () => reason });
    // Any Host: a probe addresses the instance by IP.
    const starting = await get(r, '/ready', { host: '10.1.2.3:3000' });
    expect(starting.status).toBe(503);
    expect(JSON.parse(starting.body)).toEqual({
      status: 'not_ready',
      reason: 'starting: opening and migrating the store',
    });
    reason = undefined;
    const ready = await fetch(`${r.base}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });
    const failing = await start({ ready: () => Promise.reject(new Error('ping exploded')) });
    expect(await (await fetch(`${failing.base}/ready`)).json()).toEqual({
      status: 'not_ready',
      reason: 'check failed: ping exploded',
    });

    r.readiness.startDrain();
    r.observer.startDrain();
    const draining = await fetch(`${r.base}/ready`);
    expect(draining.status).toBe(503);
    expect(draining.headers.get('connection')).toBe('close');
    expect(await draining.json()).toEqual({ status: 'not_ready', reason: 'draining: the instance is shutting down' });
    // /health stays liveness: still 200 while draining.
    expect((await fetch(`${r.base}/health`)).status).toBe(200);
  });
});

describe('request log and request id', () => {
  it('one JSON line per request with id, endpoint, method, tool, outcome, status and duration; the id is the X-Request-Id header', async () => {
    const r = await start();
    const res = await mcp(r, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: gear });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(OWN_ID);
    const page = await fetch(`${r.base}/reference?state=query-secret-1`, { headers: { host: r.host } });
    expect(page.status).toBe(200);
    const missing = await fetch(`${r.base}/no/such/page`, { headers: { host: r.host } });
    expect(missing.status).toBe(404);
    const [call, reference, notFound] = await requestLines(r, 3);
    expect(call).toEqual({
      level: 'info',
      time: expect.any(String),
      pid: process.pid,
      hostname: expect.any(String),
      request_id: id,
      endpoint: '/mcp',
      method: 'POST',
      mcp_method: 'tools/call',
      tool: 'governor_gear_cost',
      outcome: 'result',
      status: 200,
      duration_ms: expect.any(Number),
      msg: 'request',
    });
    expect(new Date(call!.time as string).toISOString()).toBe(call!.time);
    expect(call!.duration_ms).toBeGreaterThan(0);
    // Pages carry their path, never the query string.
    expect(reference).toMatchObject({
      endpoint: 'page',
      method: 'GET',
      path: '/reference',
      status: 200,
      request_id: page.headers.get('x-request-id'),
    });
    expect(notFound).toMatchObject({ endpoint: 'page', path: '/no/such/page', status: 404 });
    expect(JSON.stringify(r.lines)).not.toContain('query-secret-1');
  });

  it('keeps a sane X-Request-Id only from a trusted proxy, and replaces one that is not sane', async () => {
    const untrusted = await start();
    const fromClient = await fetch(`${untrusted.base}/health`, {
      headers: { host: untrusted.host, 'x-request-id': 'client-chosen-id' },
    });
    expect(fromClient.headers.get('x-request-id')).toMatch(OWN_ID);
    const next = await fetch(`${untrusted.base}/health`);
    const [prefix, count] = fromClient.headers.get('x-request-id')!.split('-');
    expect(next.headers.get('x-request-id')).toBe(`${prefix}-${(parseInt(count!, 36) + 1).toString(36)}`);

    const proxied = await start({ trustedProxies: ['127.0.0.1'] });
    const kept = await fetch(`${proxied.base}/health`, {
      headers: { host: proxied.host, 'x-request-id': 'lb-7f3a:0001' },
    });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a:0001');
    for (const insane of ['has space', 'x'.repeat(129), 'quote"d', 'new\tline']) {
      const replaced = await fetch(`${proxied.base}/health`, {
        headers: { host: proxied.host, 'x-request-id': insane },
      });
      expect(replaced.headers.get('x-request-id'), insane).toMatch(OWN_ID);
    }
    const lines = await requestLines(proxied, 5);
    expect(lines[0]).toMatchObject({ request_id: 'lb-7f3a:0001', endpoint: '/health', status: 200 });
  });

  it('LOG_LEVEL above info writes no request lines', async () => {
    const lines: string[] = [];
    const logger = createRequestLogger('warn', { write: (line: string) => void lines.push(line) });
    const observer = new RequestObserver({
      logger,
      endpointOf: () => 'page',
      mcpPaths: new Set(),
      trustedProxies: new Set(),
    });
    const server = serve({ fetch: observer.wrap(() => new Response('ok')), port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((listening) => server.once('listening', listening));
    const address = server.address();
    const res = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    expect(await res.text()).toBe('ok');
    logger.warn('a warning');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['a warning']);
    server.closeAllConnections();
    server.close();
  });

  it('redacts secret-named fields should one be logged by mistake (the second line of defence)', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info(
      {
        authorization: 'Bearer abc.def.ghi',
        password: 'p4ssw0rd!',
        state: 'st4te-value',
        code: 'c0de-value',
        headers: { authorization: 'Bearer xyz', cookie: '_session=s3ss' },
        body: { refresh_token: 'r3fresh', access_token: 'acc3ss' },
        err: { code: 'ECONNREFUSED' },
      },
      'oops',
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      authorization: '[redacted]',
      password: '[redacted]',
      state: '[redacted]',
      code: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      body: { refresh_token: '[redacted]', access_token: '[redacted]' },
      err: { code: 'ECONNREFUSED' },
      msg: 'oops',
    });
    for (const secret of [
      'abc.def.ghi',
      'p4ssw0rd!',
      'st4te-value',
      'c0de-value',
      'Bearer xyz',
      's3ss',
      'r3fresh',
      'acc3ss',
    ])
      expect(lines[0]).not.toContain(secret);
  });
});
