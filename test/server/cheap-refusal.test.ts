/**
 * A refused request costs almost nothing: a client over its limit gets 429 before its body is read,
 * unless the whole body is a few kilobytes (then its id is echoed). Checked in-process (how many bytes the app pulled
 * from the body) and on the real Node server (a 1 MiB body that never finishes still gets its answer at once, and the
 * connection is closed instead of kept for the rest of the upload).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEEK_LIMIT_BYTES } from '../../src/http/mcp-route.js';
import { fromAddress, MCP_HEADERS, post, testApp, BASE } from '../helpers.js';
import { startService, type RunningService } from '../service.js';

const MIB = 1024 * 1024;

/** A body of `size` bytes that starts with a JSON-RPC request carrying `id`, and counts what was pulled from it. */
function countedBody(id: string, size: number) {
  const head = new TextEncoder().encode(`{"jsonrpc":"2.0","id":"${id}","method":"ping","params":{"pad":"`);
  let sent = 0;
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= size) return controller.close();
        const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(0x78);
        if (sent === 0) chunk.set(head);
        sent += chunk.byteLength;
        counter.pulled = sent;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe('a refused request on /mcp (in-process)', () => {
  it('with a 1 MiB body: 429 with a null id, nothing pulled from the body, and Connection: close', async () => {
    const app = testApp({ config: { rateLimitPerMinute: 1 } });
    const client = fromAddress('203.0.113.50');
    expect((await post(app, { jsonrpc: '2.0', id: 1, method: 'ping' }, {}, '/mcp', client)).status).toBe(200);
    const { stream, counter } = countedBody('big-1', MIB);
    const res = await app.request(
      `${BASE}/mcp`,
      {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'content-length': String(MIB) },
        body: stream,
        duplex: 'half',
      } as RequestInit,
      client,
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).id).toBeNull();
    expect(counter.pulled).toBe(0);
  });

  it('with a 1 MiB body of undeclared length: reading stops at the first chunk past the peek limit', async () => {
    const app = testApp({ config: { rateLimitPerMinute: 1 } });
    const client = fromAddress('203.0.113.52');
    await post(app, { jsonrpc: '2.0', id: 1, method: 'ping' }, {}, '/mcp', client);
    const { stream, counter } = countedBody('big-3', MIB);
    const res = await app.request(
      `${BASE}/mcp`,
      { method: 'POST', headers: MCP_HEADERS, body: stream, duplex: 'half' } as RequestInit,
      client,
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).id).toBeNull();
    expect(counter.pulled).toBe(64 * 1024);
  });

  it(`with a body of at most ${PEEK_LIMIT_BYTES} bytes: its id is echoed and the connection stays open`, async () => {
    const app = testApp({ config: { rateLimitPerMinute: 1 } });
    const client = fromAddress('203.0.113.51');
    await post(app, { jsonrpc: '2.0', id: 1, method: 'ping' }, {}, '/mcp', client);
    const small = JSON.stringify({
      jsonrpc: '2.0',
      id: 'small-2',
      method: 'ping',
      params: { pad: 'x'.repeat(PEEK_LIMIT_BYTES - 100) },
    });
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(PEEK_LIMIT_BYTES);
    const res = await post(app, small, { 'content-length': String(Buffer.byteLength(small)) }, '/mcp', client);
    expect(res.status).toBe(429);
    expect(res.headers.get('connection')).toBeNull();
    expect((await res.json()).id).toBe('small-2');
    // One byte over the peek limit: not read, so no id.
    const over = JSON.stringify({
      jsonrpc: '2.0',
      id: 'over-3',
      method: 'ping',
      params: { pad: 'x'.repeat(PEEK_LIMIT_BYTES) },
    });
    const refused = await post(app, over, { 'content-length': String(Buffer.byteLength(over)) }, '/mcp', client);
    expect((await refused.json()).id).toBeNull();
    expect(refused.headers.get('connection')).toBe('close');
  });
});

describe('a refused request on the Node server', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ RATE_LIMIT_PER_MINUTE: '1' });
  });
  afterAll(() => service?.stop());

  /** Sends raw bytes on a new connection; resolves with everything the server sent once it closes or `waitMs` passes. */
  function exchange(
    write: (socket: Socket) => void,
    waitMs: number,
  ): Promise<{ text: string; closedByServer: boolean }> {
    return new Promise((done) => {
      let text = '';
      const socket = connect(service.port, '127.0.0.1', () => write(socket));
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
      socket.on('error', () => undefined);
      const timer = setTimeout(() => {
        socket.destroy();
        done({ text, closedByServer: false });
      }, waitMs);
      socket.on('end', () => {
        clearTimeout(timer);
        socket.destroy();
        done({ text, closedByServer: true });
      });
    });
  }

  const head = (length: number) =>
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers 429 to a 1 MiB upload that has not finished, without waiting for the rest, then closes the connection', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const first = await exchange((s) => s.write(`${head(ping.length)}${ping}`), 1_000);
    expect(first.text).toMatch(/^HTTP\/1\.1 200 /);
    // 64 KiB of a declared 1 MiB, then silence: a server that reads the body would wait for the rest.
    const start = `{"jsonrpc":"2.0","id":"big-2","method":"ping","params":{"pad":"`;
    const refused = await exchange(
      (s) => s.write(`${head(MIB)}${start}${'x'.repeat(64 * 1024 - start.length)}`),
      10_000,
    );
    expect(refused.closedByServer).toBe(true);
    expect(refused.text).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused.text).toMatch(/\r\nconnection: close\r\n/i);
    const body = JSON.parse(refused.text.slice(refused.text.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ code: 'RATE_LIMITED', id: null, error: { code: -32029 } });
  });
});
