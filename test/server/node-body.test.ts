/**
 * Body reading on the real Node server, where declared-length bodies are read straight from the IncomingMessage
 * (the in-process tests use Fetch requests and take the streaming path): the same answers either way.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.stop());

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(body: BodyInit, extra: RequestInit = {}) {
  const res = await fetch(`${service.baseUrl}/mcp`, { method: 'POST', headers: HEADERS, body, ...extra });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('request bodies on the Node server', () => {
  it('reads a declared-length body with non-ASCII text', async () => {
    const r = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'é',
        method: 'tools/call',
        params: { name: 'governor_gear_cost', arguments: { from: 'Gold T2 ★1', to: 'Gold T3 ★3' } },
      }),
    );
    expect(r.status).toBe(200);
    expect(r.json.id).toBe('é');
    expect(JSON.parse(r.json.result.content[0].text).totals.satin).toBe(393000);
  });
  it('answers malformed UTF-8 with 400 and -32700', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"'),
      0xf0,
      0x90,
      0x80,
      ...new TextEncoder().encode('x"}'),
    ]);
    const r = await post(bytes);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32700);
  });
  it('answers a declared length over 1 MiB with 413 without reading it', async () => {
    const r = await post('x'.repeat(1024 * 1024 + 1));
    expect(r.status).toBe(413);
  });
  it('streams a chunked body (no declared length) and still enforces the limit', async () => {
    const chunked = (parts: string[]) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      });
    const small = await post(chunked(['{"jsonrpc":"2.0",', '"id":2,"method":"ping"}']), {
      duplex: 'half',
    } as RequestInit);
    expect(small.status).toBe(200);
    expect(small.json.result).toEqual({});
    const big = await post(chunked(Array.from({ length: 20 }, () => 'y'.repeat(64 * 1024))), {
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
  });
  it('a client that hangs up in the middle of its body is not a server error: nothing is logged, the service answers on', async () => {
    await new Promise<void>((done) => {
      const socket = connect(service.port, '127.0.0.1', () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`,
        );
        setTimeout(() => {
          socket.destroy();
          done();
        }, 200);
      });
    });
    await new Promise((r) => setTimeout(r, 300));
    // A connection of its own: fetch's pool may still hold the socket an earlier test's 413 closed.
    const status = await new Promise<number | undefined>((done) => {
      const req = request(`${service.baseUrl}/mcp`, { method: 'POST', agent: false, headers: HEADERS }, (res) => {
        res.resume();
        done(res.statusCode);
      });
      req.on('error', () => done(undefined));
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }));
    });
    expect(status).toBe(200);
    expect(service.output(), service.output()).not.toMatch(/error POST \/mcp/);
  });
});
