/**
 * Node's fast path for the public MCP POSTs (src/http/node-fast-path.ts) answers exactly as the app does: the same
 * requests, sent byte for byte over sockets to one server with the fast path and one without, get the same status,
 * headers (but the date) and body; and the everyday ones did take the fast path, the others did not.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { McpFastPaths } from '../../src/http/node-fast-path.js';
import { createNodeServer } from '../../src/http/node-server.js';
import { testConfig } from '../helpers.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `request` as is on a new connection and reads one answer (the connection closes after it). */
function send(port: number, request: Buffer): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const received = Buffer.concat(chunks);
      const split = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines)
        headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      delete headers.date;
      done({ status: Number(statusLine.split(' ')[1]), headers, body: received.subarray(split + 4) });
    });
  });
}

interface Target {
  server: Server;
  port: number;
  taken: number;
}

async function start(withFastPath: boolean, rateLimitPerMinute: number, clock?: () => Date): Promise<Target> {
  const fastPaths = withFastPath ? new McpFastPaths() : undefined;
  const app = createApp({
    logError: () => undefined,
    config: testConfig({ rateLimitPerMinute }),
    ...(clock ? { clock } : {}),
    ...(fastPaths ? { mcpFastPaths: fastPaths } : {}),
  });
  const target: Target = { server: undefined as unknown as Server, port: 0, taken: 0 };
  if (fastPaths) {
    const routeFor = fastPaths.routeFor.bind(fastPaths);
    fastPaths.routeFor = (incoming) => {
      const route = routeFor(incoming);
      if (route) target.taken++;
      return route;
    };
  }
  target.server = createNodeServer(
    (request, env) => app.fetch(request, env),
    {},
    undefined,
    fastPaths ? { fastPaths } : undefined,
  );
  await new Promise<void>((listening) => target.server.listen(0, '127.0.0.1', listening));
  target.port = (target.server.address() as AddressInfo).port;
  return target;
}

const HOST = '127.0.0.1:3000';
const MCP = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

function request(
  body: string | Buffer,
  headers: Record<string, string> = MCP,
  options: { path?: string; host?: string | null; chunked?: boolean } = {},
): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = [`POST ${options.path ?? '/mcp'} HTTP/1.1`];
  if (options.host !== null) lines.push(`Host: ${options.host ?? HOST}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push('Connection: close');
  if (options.chunked) {
    lines.push('Transfer-Encoding: chunked');
    return Buffer.concat([
      Buffer.from(`${lines.join('\r\n')}\r\n\r\n${bytes.length.toString(16)}\r\n`),
      bytes,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
  }
  lines.push(`Content-Length: ${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), bytes]);
}

const call = (name: string, args: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const gearCall = call('governor_gear_cost', { from: 'Gold T2 ★1', to: 'Gold T3 ★3', pieces: 2 });

/** Requests the fast path answers itself: each a different check of the route. */
const FAST: [string, Buffer][] = [
  ['a tools/call', request(gearCall)],
  ['a tools/call, gzip accepted', request(gearCall, { ...MCP, 'Accept-Encoding': 'gzip, br' })],
  [
    'initialize',
    request(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    ),
  ],
  [
    'tools/list, gzip accepted',
    request('{"jsonrpc":"2.0","id":7,"method":"tools/list"}', { ...MCP, 'Accept-Encoding': 'gzip' }),
  ],
  ['a notification', request('{"jsonrpc":"2.0","method":"notifications/initialized"}')],
  ['a JSON-RPC response', request('{"jsonrpc":"2.0","id":3,"result":{}}')],
  ['an unknown tool', request(call('no_such_tool', {}))],
  ['arguments the tool refuses', request(call('governor_gear_cost', { from: 'Gold T9', to: 'nowhere' }))],
  ['another content type', request(gearCall, { ...MCP, 'Content-Type': 'text/plain' })],
  ['a charset other than UTF-8', request(gearCall, { ...MCP, 'Content-Type': 'application/json; charset=latin1' })],
  ['two Content-Type headers', request(gearCall, { ...MCP, 'content-type': 'application/json, text/plain' })],
  ['no text/event-stream in Accept', request(gearCall, { ...MCP, Accept: 'application/json' })],
  ['an Idempotency-Key too long', request(gearCall, { ...MCP, 'Idempotency-Key': 'k'.repeat(300) })],
  ['an Idempotency-Key', request(gearCall, { ...MCP, 'Idempotency-Key': 'abc-123' })],
  ['not JSON', request('{"jsonrpc":')],
  ['not UTF-8', request(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))],
  ['nested too deep', request(`${'['.repeat(70)}${']'.repeat(70)}`)],
  ['a batch', request(`[${gearCall}]`)],
  ['an unsupported protocol version', request(gearCall, { ...MCP, 'MCP-Protocol-Version': '1999-01-01' })],
  ['a supported protocol version', request(gearCall, { ...MCP, 'MCP-Protocol-Version': '2025-06-18' })],
  ['an empty body', request('')],
  ['a Host in capitals', request(gearCall, MCP, { host: 'LOCALHOST:3000' })],
];

/** Requests the app answers on both servers: the fast path leaves them alone. */
const APP: [string, Buffer][] = [
  ['a Host not served here', request(gearCall, MCP, { host: 'evil.example' })],
  ['no Host', request(gearCall, MCP, { host: null })],
  ['an allowed Origin (CORS)', request(gearCall, { ...MCP, Origin: 'http://127.0.0.1:3000' })],
  ['a refused Origin', request(gearCall, { ...MCP, Origin: 'http://evil.example' })],
  [
    'a body over 4 KiB',
    request(call('governor_gear_cost', { from: 'Gold T2 ★1', to: 'Gold T3 ★3' }, 'x'.repeat(5000))),
  ],
  ['a chunked body', request(gearCall, MCP, { chunked: true })],
  ['a query string', request(gearCall, MCP, { path: '/mcp?x=1' })],
  ['another path', request(gearCall, MCP, { path: '/mcp/' })],
  ['the account endpoint', request(gearCall, MCP, { path: '/mcp/account' })],
];

let plain: Target;
let fast: Target;
beforeAll(async () => {
  [plain, fast] = await Promise.all([start(false, 1_000), start(true, 1_000)]);
});
afterAll(async () => {
  for (const target of [plain, fast]) await new Promise((closed) => target.server.close(closed));
});

describe('the fast path answers as the app does', () => {
  it.each(FAST)('%s: the same answer, from the fast path', async (_, bytes) => {
    const taken = fast.taken;
    const [expected, actual] = [await send(plain.port, bytes), await send(fast.port, bytes)];
    expect(fast.taken).toBe(taken + 1);
    expect(actual.status).toBe(expected.status);
    expect(actual.headers).toEqual(expected.headers);
    expect(actual.body.equals(expected.body)).toBe(true);
    expect(actual.status).toBeGreaterThanOrEqual(200);
  });

  it.each(APP)('%s: the same answer, from the app', async (_, bytes) => {
    const taken = fast.taken;
    const [expected, actual] = [await send(plain.port, bytes), await send(fast.port, bytes)];
    expect(fast.taken).toBe(taken);
    expect(actual.status).toBe(expected.status);
    expect(actual.headers).toEqual(expected.headers);
    expect(actual.body.equals(expected.body)).toBe(true);
  });

  it('a tools/call gives the calculator figures with a Content-Length, and gzip when asked', async () => {
    const answer = await send(fast.port, FAST[0]![1]);
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const result = JSON.parse(answer.body.toString('utf8')).result;
    expect(JSON.parse(result.content[0].text).totals).toEqual({
      satin: 786_000,
      gilded_threads: 7_920,
      artisans_vision: 1_530,
    });
    const zipped = await send(fast.port, FAST[1]![1]);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(answer.body)).toBe(true);
  });

  it('the rate limit counts the fast path and the app alike, and a refusal echoes the id', async () => {
    // One clock for both: their windows' reset times are then the same second (a real clock let them differ by one
    // when the two servers' requests fell either side of a second's boundary).
    const now = () => new Date('2026-11-29T12:00:00.500Z');
    const [limitedPlain, limitedFast] = await Promise.all([start(false, 2, now), start(true, 2, now)]);
    try {
      const statuses = async (target: Target) => {
        const seen: number[] = [];
        for (const bytes of [
          request(gearCall),
          request(gearCall, MCP, { path: '/mcp?x=1' }),
          request(call('x', {}, 42)),
        ])
          seen.push((await send(target.port, bytes)).status);
        return seen;
      };
      expect(await statuses(limitedPlain)).toEqual([200, 200, 429]);
      expect(await statuses(limitedFast)).toEqual([200, 200, 429]);
      const [expected, actual] = [
        await send(limitedPlain.port, request(call('x', {}, 42))),
        await send(limitedFast.port, request(call('x', {}, 42))),
      ];
      expect(actual.status).toBe(429);
      expect(JSON.parse(actual.body.toString('utf8')).id).toBe(42);
      expect(actual.headers).toEqual(expected.headers);
      expect(actual.body.equals(expected.body)).toBe(true);
      // The first call, the refused one and the last: the call with a query string went to the app.
      expect(limitedFast.taken).toBe(3);
    } finally {
      for (const target of [limitedPlain, limitedFast]) await new Promise((closed) => target.server.close(closed));
    }
  });
});

describe('a failure on the fast path', () => {
  it('is answered 500 with a JSON-RPC error, and reported with Node request', async () => {
    const reported: { message: string; method: string; url: string; remote: string | undefined }[] = [];
    const fastPaths = new McpFastPaths();
    fastPaths.add('/mcp', {
      post: () => Promise.reject(new Error('the handler failed')),
      allowedHosts: new Set([HOST]),
      trustedProxies: new Set(),
      logError: (error, request, incoming) =>
        reported.push({
          message: (error as Error).message,
          method: request.method,
          url: request.url,
          remote: incoming.socket.remoteAddress,
        }),
    });
    const server = createNodeServer(() => new Response('the app'), {}, undefined, { fastPaths });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const answer = await send((server.address() as AddressInfo).port, request(gearCall));
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32603, message: 'Internal error. The request was not completed; it is safe to retry.' },
      });
      expect(reported).toEqual([
        { message: 'the handler failed', method: 'POST', url: `http://${HOST}/mcp`, remote: '127.0.0.1' },
      ]);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
